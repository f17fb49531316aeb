// A call of Claude's server tools (web search, web fetch) as one row, expandable to what it found; and a
// reply's sources as numbered links (SPEC §3 "Claude's server tools").
import type { ContentBlock } from '../../../../shared/session';
import { ExternalLink } from '../common/ExternalLink';
import { serverToolResults, serverToolSummary, type Source } from './replyParts';

export function ServerToolCall({ block, content }: { block: Record<string, unknown>; content: readonly ContentBlock[] }) {
  const results = serverToolResults(content, block.id);
  return (
    <details className="tool-call server-tool" data-testid="tool-call">
      <summary>
        <span className="tool-name">{serverToolSummary(block)}</span>{' '}
        <span className="tool-status">{'error' in results ? `failed: ${results.error}` : `${results.length} ${results.length === 1 ? 'result' : 'results'}`}</span>
      </summary>
      {!('error' in results) && (
        <ul className="server-tool-results">
          {results.map((r) => (
            <li key={r.url}>
              <ExternalLink href={r.url}>{r.title}</ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

export function Sources({ sources }: { sources: readonly Source[] }) {
  return (
    <ol className="message-sources" aria-label="Sources">
      {sources.map((source) => (
        <li key={source.url}>
          <ExternalLink href={source.url}>{source.title}</ExternalLink> <span className="source-host">{hostOf(source.url)}</span>
        </li>
      ))}
    </ol>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
