// A code block's highlighted tokens once the highlighter has them; undefined meanwhile (and for a
// language Baton does not highlight), so the block shows as plain text until then.
import { useEffect, useState, type ReactNode } from 'react';
import { cacheKey, cachedHighlight, highlightCode } from '../../lib/highlight';

export function useHighlightedCode(code: string, language: string | undefined): ReactNode | undefined {
  const key = cacheKey(language, code);
  const [done, setDone] = useState<{ key: string; node: ReactNode } | undefined>();
  useEffect(() => {
    if (key === undefined || cachedHighlight(key) !== undefined) return;
    let current = true;
    void highlightCode(key).then((node) => {
      if (current && node !== undefined) setDone({ key, node });
    });
    return () => {
      current = false;
    };
  }, [key]);
  if (key === undefined) return undefined;
  return cachedHighlight(key) ?? (done?.key === key ? done.node : undefined);
}
