// A formula in a reply, typeset by KaTeX once it is complete; until then, and when it is too long to
// typeset, its TeX source. Find in session looks through the source (data-find-text, see lib/findRanges),
// as the session search and Find's count (shared/markdownText) do.
import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { hastText } from './hastText';
import { useIsSettled } from './streamingSource';
import { useLazyRender } from './useLazyRender';
import { formulaKey, typesetting } from '../../lib/math';

export function Formula({ tex, display, settled = true }: { tex: string; display: boolean; settled?: boolean }) {
  const html = useLazyRender(typesetting, settled ? formulaKey(tex, display) : undefined);
  if (html === undefined) return <code className="math-source">{tex}</code>;
  // KaTeX's own markup: text escaped, no links, scripts or event handlers (lib/math/katex.ts).
  return <span className={display ? 'math math-display' : 'math'} data-find-text={tex} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A display formula on lines of its own: `$$` lines around it, or a ```math block. */
export function MathBlock({ node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const settled = useIsSettled(node?.position?.end.offset);
  return (
    <div className="math-block">
      <Formula tex={hastText(node).replace(/\n$/, '')} display settled={settled} />
    </div>
  );
}
