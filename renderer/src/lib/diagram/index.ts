// ```mermaid blocks are drawn as diagrams with Mermaid, loaded with the first such block a message shows
// (see lib/lazyRender.ts). A diagram is drawn in the theme in effect, so a change of theme draws it anew.
import { lazyRender } from '../lazyRender';

/** Past this a diagram shows as its source: Mermaid's layout of a huge graph could hold up the page. */
export const MAX_DIAGRAM_CHARS = 20_000;

export type DiagramTheme = 'light' | 'dark';
/** The SVG Mermaid drew and its natural width in px, or why it could not draw it (a syntax error, too many edges). */
export type Drawn = { svg: string; width: number } | { error: string };

/** What a diagram's key stands for: the theme, a newline, its Mermaid source. */
export function diagramKey(theme: DiagramTheme, source: string): string | undefined {
  return source.length <= MAX_DIAGRAM_CHARS ? `${theme}\n${source}` : undefined;
}

/** Drawn diagrams, the 100 latest kept. */
export const drawing = lazyRender<typeof import('./mermaid'), Drawn>(
  () => import('./mermaid'),
  (chunk, key) => {
    const at = key.indexOf('\n');
    return chunk.draw(key.slice(at + 1), key.slice(0, at) as DiagramTheme);
  },
  100,
);
