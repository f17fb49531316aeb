// Mermaid itself, in its own chunk (its diagram types are chunks of their own beyond it).
import mermaid from 'mermaid';
import type { DiagramTheme, Drawn } from './index';

/** Mermaid's defaults, which a diagram's own %%{init}%% directive may not change, and two more. */
const SECURE_KEYS = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges', 'dompurifyConfig', 'themeCSS'];

/** The width in the SVG's viewBox ("minX minY width height"), the size Mermaid laid it out at. */
const VIEW_BOX_WIDTH = /viewBox="\S+ \S+ ([\d.]+) /;

let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

/**
 * Mermaid's configuration is global, so diagrams are drawn one at a time, each with its theme. Strict
 * security: labels are text (their HTML sanitized), click handlers and javascript: links are dropped and
 * the SVG is sanitized as a whole; Mermaid draws no error picture of its own (the block shows its source).
 */
export function draw(source: string, theme: DiagramTheme): Promise<Drawn> {
  const next = queue.then(async (): Promise<Drawn> => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      secure: SECURE_KEYS,
      suppressErrorRendering: true,
      theme: theme === 'dark' ? 'dark' : 'default',
      // The dark theme's edge labels (#ccc on #585858) fall just short of 4.5:1.
      themeVariables: theme === 'dark' ? { edgeLabelBackground: '#3a3836' } : {},
      fontFamily: getComputedStyle(document.documentElement).fontFamily,
    });
    try {
      const { svg } = await mermaid.render(`diagram-${++drawn}`, source);
      return { svg, width: Number(VIEW_BOX_WIDTH.exec(svg)?.[1] ?? 0) };
    } catch (error) {
      return { error: shortError(error) };
    }
  });
  queue = next.catch(() => undefined); // a failure (one that initialize threw) holds up no later diagram
  return next;
}

/** The first line of Mermaid's message ("Parse error on line 2:"), without its colon, capped. */
function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.trim().split('\n', 1)[0]!.replace(/:$/, '');
  return line.length > 160 ? `${line.slice(0, 159)}…` : line || 'unknown error';
}
