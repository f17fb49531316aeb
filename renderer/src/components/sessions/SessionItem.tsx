import type { SessionHit } from '../../../../shared/search';
import type { SessionSummary } from '../../../../shared/session';
import { IMPORT_ORIGIN } from '../../../../shared/sessionFormat';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { SearchSnippetText } from './SearchSnippetText';
import { SessionRenameInput } from './SessionRenameInput';

interface Props {
  summary: SessionHit;
  isCurrent: boolean;
  /** The session this one was handed off from: null when it is not listed, undefined when there is none. */
  parent?: SessionSummary | null;
  handedOffTo: SessionSummary[];
}

/**
 * A session is a link (it navigates the app to that session); its Rename and Delete buttons are named
 * without the title, so a title never makes another control's name ambiguous. A search result found by
 * its messages opens at the matching message, and shows the words around the match (the link's
 * description: its name stays the title).
 */
export function SessionItem({ summary, isCurrent, parent, handedOffTo }: Props) {
  const renaming = useBaton((s) => s.sidebar.renamingId === summary.id);
  const openSession = useBaton((s) => s.openSession);
  const openSessionAt = useBaton((s) => s.openSessionAt);
  const startRename = useBaton((s) => s.startRename);
  const requestDelete = useBaton((s) => s.requestDelete);
  const title = summary.title || uiTexts.untitled;
  const { match } = summary;
  const snippetId = match?.snippet ? `snippet-${summary.id}` : undefined;
  const open = (event: React.MouseEvent) => {
    event.preventDefault();
    if (summary.unreadable) return;
    if (match) void openSessionAt(summary.id, match.entryId);
    else void openSession(summary.id);
  };
  return (
    <li className={isCurrent ? 'session-item current' : 'session-item'}>
      {renaming ? (
        <SessionRenameInput id={summary.id} title={title} />
      ) : (
        <a
          href={`#session-${summary.id}`}
          className="session-open"
          aria-current={isCurrent ? 'page' : undefined}
          aria-disabled={summary.unreadable ? true : undefined}
          aria-label={snippetId ? title : undefined}
          aria-describedby={snippetId}
          title={summary.unreadable ?? title}
          onClick={open}
          onAuxClick={(e) => e.preventDefault()}
        >
          {title}
          {match?.snippet && <SearchSnippetText id={snippetId!} snippet={match.snippet} />}
        </a>
      )}
      {parent !== undefined && (
        <span className="lineage">{uiTexts.handedOffFrom(parent?.title ?? uiTexts.unknownParent)}</span>
      )}
      {summary.origin === IMPORT_ORIGIN && <span className="lineage">{uiTexts.importedLineage}</span>}
      {handedOffTo.map((child) => (
        <span key={child.id} className="lineage">
          {uiTexts.handedOffTo(child.title)}
        </span>
      ))}
      {summary.unreadable && <span className="lineage warning-text">Unreadable: {summary.unreadable}</span>}
      {!renaming && (
        <span className="session-actions">
          <button type="button" className="icon-button rename" aria-label="Rename session" title="Rename" onClick={() => startRename(summary.id)} />
          <button type="button" className="icon-button delete" aria-label="Delete session" title="Delete" onClick={() => requestDelete(summary.id)} />
        </span>
      )}
    </li>
  );
}
