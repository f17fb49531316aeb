import { texts } from '../../../../shared/texts';
import { memo, type CSSProperties } from 'react';
import type { SessionHit } from '../../../../shared/search';
import { sessionAddress } from '../../../../shared/sessionAddress';
import { IMPORT_ORIGIN } from '../../../../shared/sessionFormat';
import { formatDateTime, relativeTime } from '../../lib/format';
import type { TreeRow } from '../../lib/sessionTree';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { SearchSnippetText } from './SearchSnippetText';
import { SessionRenameInput } from './SessionRenameInput';
import { useT } from '../../hooks/useLanguage';

interface Props {
  /** The row's place in the virtualized list, and the list's measuring ref. */
  index: number;
  measure: (element: Element | null) => void;
  row: TreeRow<SessionHit>;
  isCurrent: boolean;
  /** The parent's title as last listed (a search may have filtered the parent out). */
  parentTitle: string | undefined;
  now: number;
}

/**
 * A session is a link (it navigates the app to that session, and the composer takes focus); its Rename
 * and Delete buttons are named without the title, so a title never makes another control's name
 * ambiguous, and they are no Tab stops: the arrow keys reach them from the link (SessionList). A search
 * result found by its messages opens at the matching message, and shows the words around the match (the
 * link's description: its name stays the title). Where the tree shows the lineage (a child right under
 * its parent), the same words are there for assistive technology.
 */
// Memoized: a change of the session shown renders the list again, and only the two rows whose
// `isCurrent` changed need to follow.
export const SessionItem = memo(function SessionItem({ index, measure, row, isCurrent, parentTitle, now }: Props) {
  const { summary, depth, underParent, children } = row;
  const renaming = useBaton((s) => s.sidebar.renamingId === summary.id);
  const openListed = useBaton((s) => s.openListed);
  const startRename = useBaton((s) => s.startRename);
  const requestDelete = useBaton((s) => s.requestDelete);
  const openInNewWindow = useBaton((s) => s.openInNewWindow);
  const generating = useBaton((s) => s.sidebar.running.includes(summary.id));
  const newReply = useBaton((s) => !generating && s.sidebar.unread.includes(summary.id));
  const t = useT();
  const title = summary.title || texts.untitled;
  const { match } = summary;
  const snippetId = match?.snippet ? `snippet-${summary.id}` : undefined;
  const open = (event: React.MouseEvent) => {
    event.preventDefault();
    openListed(summary.id);
  };
  const handedOffFrom = summary.parentSession ? uiTexts.handedOffFrom(parentTitle || uiTexts.unknownParent) : null;
  return (
    <li
      ref={measure}
      data-index={index}
      data-session={summary.id}
      className={isCurrent ? 'session-item current' : 'session-item'}
      style={{ '--depth': depth } as CSSProperties}
    >
      {depth > 0 && <TreeGuides row={row} />}
      {renaming ? (
        <SessionRenameInput id={summary.id} title={title} />
      ) : (
        <a
          href={sessionAddress(summary.id)}
          className="session-open"
          aria-current={isCurrent ? 'page' : undefined}
          aria-disabled={summary.unreadable ? true : undefined}
          aria-label={snippetId ? title : undefined}
          aria-describedby={snippetId}
          title={summary.unreadable ?? title}
          onClick={(event) => {
            // A modified click opens the session beside this one, as a link would.
            if (event.ctrlKey || event.metaKey || event.shiftKey) {
              event.preventDefault();
              return void openInNewWindow(summary.id);
            }
            open(event);
          }}
          onAuxClick={(event) => {
            event.preventDefault();
            if (event.button === 1) void openInNewWindow(summary.id);
          }}
        >
          {generating && <span className="session-status generating" role="img" aria-label={uiTexts.generating} title={uiTexts.generating} />}
          {newReply && <span className="session-status new-reply" role="img" aria-label={uiTexts.newReply} title={uiTexts.newReply} />}
          {title}
          {match?.snippet && <SearchSnippetText id={snippetId!} snippet={match.snippet} />}
        </a>
      )}
      <span className="session-meta">
        <time dateTime={summary.updatedAt} title={formatDateTime(summary.updatedAt)}>
          {relativeTime(summary.updatedAt, new Date(now))}
        </time>
        {handedOffFrom && !underParent && <span className="lineage"> · {handedOffFrom}</span>}
        {summary.origin === IMPORT_ORIGIN && <span className="lineage"> · {uiTexts.importedLineage}</span>}
        {summary.copy && <span className="lineage"> · {uiTexts.syncCopy(summary.copy)}</span>}
      </span>
      {handedOffFrom && underParent && <span className="visually-hidden">{handedOffFrom}</span>}
      {children.map((child) => (
        <span key={child.id} className="visually-hidden">
          {uiTexts.handedOffTo(child.title || texts.untitled)}
        </span>
      ))}
      {summary.unreadable && <span className="lineage warning-text">{t('sessions.unreadable', { reason: summary.unreadable })}</span>}
      {!renaming && (
        <span className="session-actions">
          <button
            type="button"
            className="icon-button new-window"
            aria-label={t('sessions.openInNewWindow')}
            title={t('sessions.openInNewWindow')}
            tabIndex={-1}
            onClick={() => void openInNewWindow(summary.id)}
          />
          <button type="button" className="icon-button rename" aria-label={t('sessions.renameSession')} title={t('sessions.rename')} tabIndex={-1} onClick={() => startRename(summary.id)} />
          <button type="button" className="icon-button delete" aria-label={t('sessions.deleteSession')} title={t('sessions.delete')} tabIndex={-1} onClick={() => requestDelete(summary.id)} />
        </span>
      )}
    </li>
  );
});

/** The connector lines from the parent: one column per level, the last one this row's own (├ or └). */
function TreeGuides({ row }: { row: TreeRow<SessionHit> }) {
  return (
    <span className="tree-guides" aria-hidden="true">
      {row.guides.map((through, i) => (
        <span key={i} className={through ? 'guide through' : 'guide'} />
      ))}
      <span className={row.last ? 'guide elbow' : 'guide tee'} />
    </span>
  );
}
