// The sessions as a tree of handoff chains (a child under its parent), grouped by the day of each
// chain's newest activity, newest first.
import { useMemo } from 'react';
import { useNow } from '../../hooks/useNow';
import { sessionTree } from '../../lib/sessionTree';
import { useBaton } from '../../store/StoreProvider';
import { SessionItem } from './SessionItem';

export function SessionList() {
  const summaries = useBaton((s) => s.sidebar.summaries);
  const titles = useBaton((s) => s.sidebar.titles);
  const query = useBaton((s) => s.sidebar.query);
  const currentId = useBaton((s) => s.session?.header.id);
  const now = useNow();
  const groups = useMemo(() => sessionTree(summaries, new Date(now)), [summaries, now]);

  if (summaries.length === 0) {
    return <p className="sidebar-empty">{query.trim() ? 'No sessions match your search.' : 'No sessions yet.'}</p>;
  }
  return (
    <div className="session-groups">
      {groups.map((group) => (
        <section key={group.label} className="session-group" aria-label={group.label}>
          <h2 className="session-group-label">{group.label}</h2>
          <ul className="session-list">
            {group.items.map((row) => (
              <SessionItem
                key={row.summary.id}
                row={row}
                isCurrent={row.summary.id === currentId}
                parentTitle={row.summary.parentSession ? titles[row.summary.parentSession] : undefined}
                now={now}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
