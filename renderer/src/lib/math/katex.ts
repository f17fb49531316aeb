// KaTeX itself, in its own chunk with its stylesheet and fonts (bundled, so the CSP's 'self' covers them).
import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * HTML for the eye and MathML for assistive technology. What a reply writes stays inert and bounded:
 * `trust: false` refuses \href, \url, \includegraphics and \html…, sizes are capped at 20 em and macro
 * expansion at 1,000 steps, and an error shows the source in the error colour rather than throwing.
 */
export function typeset(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    output: 'htmlAndMathml',
    throwOnError: false,
    errorColor: 'var(--danger)',
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 1000,
  });
}
