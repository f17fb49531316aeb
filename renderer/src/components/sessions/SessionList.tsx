// Newest first, grouped by day, with each handoff's lineage both ways (child ↔ parent).
import { useMemo } from 'react';
import type { SessionSummary } from '../../../../shared/session';
import { groupByDay } from '../../lib/format';
import { useBaton } from '../../store/StoreProvider';
import { SessionItem } from './SessionItem';

export function SessionList() {
  const summaries = useBaton((s) => s.sidebar.summaries);
  const query = useBaton((s) => s.sidebar.query);
  const currentId = useBaton((s) => s.session?.header.id);
  const { groups, byId, children } = useMemo(() => {
    const byId = new Map(summaries.map((s) => [s.id, s]));
    const children = new Map<string, SessionSummary[]>();
    for (const s of summaries) {
      if (s.parentSession) children.set(s.parentSession, [...(children.get(s.parentSession) ?? []), s]);
    }
    return { groups: groupByDay(summaries, (s) => s.updatedAt), byId, children };
  }, [summaries]);

  if (summaries.length === 0) {
    return <p className="sidebar-empty">{query.trim() ? 'No sessions match your search.' : 'No sessions yet.'}</p>;
  }
  return (
    <div className="session-groups">
      {groups.map((group) => (
        <section key={group.label} className="session-group" aria-label={group.label}>
          <h2 className="session-group-label">{group.label}</h2>
          <ul className="session-list">
            {group.items.map((summary) => (
              <SessionItem
                key={summary.id}
                summary={summary}
                isCurrent={summary.id === currentId}
                parent={summary.parentSession ? (byId.get(summary.parentSession) ?? null) : undefined}
                handedOffTo={children.get(summary.id) ?? []}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
