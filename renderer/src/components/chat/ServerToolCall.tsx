// A call of Claude's server tools (web search, web fetch) as one row, expandable to what it found; and a
// reply's sources as numbered links (SPEC §3 "Claude's server tools").
import type { ContentBlock } from '../../../../shared/session';
import { ExternalLink } from '../common/ExternalLink';
import { serverToolResults, serverToolSummary, type Source } from './replyParts';
import { useT } from '../../hooks/useLanguage';

export function ServerToolCall({ block, content }: { block: Record<string, unknown>; content: readonly ContentBlock[] }) {
  const results = serverToolResults(content, block.id);
  const t = useT();
  return (
    <details className="tool-call server-tool" data-testid="tool-call">
      <summary>
        <span className="tool-name">{serverToolSummary(block)}</span>{' '}
        <span className="tool-status">{'error' in results ? t('chat.serverToolFailed', { error: results.error }) : t('chat.serverToolResults', { count: results.length })}</span>
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
  const t = useT();
  return (
    <ol className="message-sources" aria-label={t('chat.sources')}>
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
