// Formulas are typeset with KaTeX, loaded with the first formula a message shows (see lib/lazyRender.ts).
import { lazyRender } from '../lazyRender';

/** Past this a formula shows as its TeX source: typesetting it could hold up the page. */
export const MAX_FORMULA_CHARS = 5_000;

/** What a formula's key stands for: "display" or "inline", a newline, its TeX. */
export function formulaKey(tex: string, display: boolean): string | undefined {
  return tex.length <= MAX_FORMULA_CHARS ? `${display ? 'display' : 'inline'}\n${tex}` : undefined;
}

/** Typeset formulas as KaTeX's HTML, the 500 latest kept. */
export const typesetting = lazyRender<typeof import('./katex'), string>(
  () => import('./katex'),
  (chunk, key) => {
    const at = key.indexOf('\n');
    return chunk.typeset(key.slice(at + 1), key.slice(0, at) === 'display');
  },
  500,
);
