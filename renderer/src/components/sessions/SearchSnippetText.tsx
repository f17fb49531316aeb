// The words around a search match, with the matched parts marked (the ranges come from the main process,
// which matched them the way the index does: by word start, ignoring case and accents).
import type { SearchSnippet } from '../../../../shared/search';

export function SearchSnippetText({ id, snippet }: { id: string; snippet: SearchSnippet }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of snippet.highlights) {
    if (start < at || end > snippet.text.length) continue; // out of order or out of range: leave unmarked
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return (
    <span id={id} className="session-snippet">
      {parts}
    </span>
  );
}
