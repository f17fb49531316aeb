// The sessions as a tree of handoff chains (a child under its parent), grouped by the day of each
// chain's newest activity, newest first. Virtualized: only the rows near the viewport are mounted, so
// 10,000 sessions cost no more than a screenful (each group's label is a row of its own; the rows shown
// of one group sit in one labelled section, so the structure read out is the same).
//
// Keyboard: each session is one Tab stop (its link). ↑/↓ move between sessions (↑ from the first goes
// back to the search box), Home/End to the first and last; →/← go through the row's own controls (Open
// in new window, Rename, Delete), which are no Tab stops of their own.
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { SessionHit } from '../../../../shared/search';
import { useNow } from '../../hooks/useNow';
import { sessionTree, type TreeRow } from '../../lib/sessionTree';
import { useBaton, useBatonStore } from '../../store/StoreProvider';
import { SessionItem } from './SessionItem';
import { useLanguage, useT } from '../../hooks/useLanguage';

type ListRow = { kind: 'label'; label: string } | { kind: 'session'; label: string; row: TreeRow<SessionHit> };

const LABEL_PX = 30;
const SESSION_PX = 48;
const UNLAID_RECT = { width: 270, height: typeof window === 'undefined' ? 800 : window.innerHeight };

/**
 * A list that is not laid out (the narrow window's closed drawer: display none) still mounts a screenful,
 * so the drawer shows its rows as soon as it opens.
 */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : UNLAID_RECT));
}

export function SessionList() {
  // The tree over 10,000 sessions takes some 40 ms to build: built in a render of its own, after the
  // one a store change (a streaming reply's) makes at once, so the two never make one long task.
  const summaries = useDeferredValue(useBaton((s) => s.sidebar.summaries));
  const titles = useBaton((s) => s.sidebar.titles);
  const query = useBaton((s) => s.sidebar.query);
  const currentId = useBaton((s) => s.session?.header.id);
  const focusRequest = useBaton((s) => s.sidebar.focusRow);
  const store = useBatonStore();
  const now = useNow();
  const t = useT();
  const language = useLanguage();
  const rows = useMemo(() => {
    const list: ListRow[] = [];
    for (const group of sessionTree(summaries, new Date(now))) {
      list.push({ kind: 'label', label: group.label });
      for (const row of group.items) list.push({ kind: 'session', label: group.label, row });
    }
    return list;
    // The day groups' labels are written in the UI language: made again when it changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [summaries, now, language]);
  const sessionIndexes = useMemo(() => rows.flatMap((row, i) => (row.kind === 'session' ? [i] : [])), [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // The row holding focus stays mounted while it is scrolled away, so focus is never dropped.
  const focused = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);
  const getItemKey = useCallback((i: number) => {
    const row = rows[i];
    return row?.kind === 'session' ? row.row.summary.id : `label:${row?.label ?? i}`;
  }, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'label' ? LABEL_PX : SESSION_PX),
    getItemKey,
    overscan: 8,
    rangeExtractor,
    initialRect: UNLAID_RECT,
    observeElementRect: observeRect,
  });

  /** Scrolls session row `index` (of `rows`) into view and focuses its link once it is mounted. */
  const focusRow = useCallback(
    (index: number) => {
      const id = (rows[index] as Extract<ListRow, { kind: 'session' }> | undefined)?.row.summary.id;
      if (!id) return;
      focused.current = index;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      const attempt = (tries: number) => {
        const link = scrollRef.current?.querySelector<HTMLElement>(`[data-session="${CSS.escape(id)}"] .session-open`);
        if (link) link.focus();
        else if (tries > 0) requestAnimationFrame(() => attempt(tries - 1));
      };
      attempt(3);
    },
    [rows, virtualizer],
  );

  // The search box's ↓ asks for the first result.
  useEffect(() => {
    if (focusRequest > 0 && sessionIndexes.length > 0) focusRow(sessionIndexes[0]!);
    // Only on a new request, not when the rows change under it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const item = target.closest<HTMLElement>('[data-index]');
    if (!item || target.closest('.session-rename')) return;
    const index = Number(item.dataset.index);
    const at = sessionIndexes.indexOf(index);
    const controls = [...item.querySelectorAll<HTMLElement>('.session-open, .session-actions button')];
    const control = controls.indexOf(target);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (at < sessionIndexes.length - 1) focusRow(sessionIndexes[at + 1]!);
        break;
      case 'ArrowUp':
        if (at > 0) focusRow(sessionIndexes[at - 1]!);
        else store.getState().requestFocus('search');
        break;
      case 'Home':
        focusRow(sessionIndexes[0]!);
        break;
      case 'End':
        focusRow(sessionIndexes.at(-1)!);
        break;
      case 'ArrowRight':
        controls[Math.min(control + 1, controls.length - 1)]?.focus();
        break;
      case 'ArrowLeft':
        controls[Math.max(control - 1, 0)]?.focus();
        break;
      case 'Escape':
        if (control > 0) controls[0]?.focus();
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  if (summaries.length === 0) {
    return <p className="sidebar-empty">{query.trim() ? t('sessions.noMatches') : t('sessions.none')}</p>;
  }

  const shown = virtualizer.getVirtualItems();
  // The mounted rows, cut into runs of one day group each.
  const runs: { label: string; items: typeof shown }[] = [];
  for (const v of shown) {
    const label = rows[v.index]!.label;
    if (runs.at(-1)?.label === label) runs.at(-1)!.items.push(v);
    else runs.push({ label, items: [v] });
  }
  return (
    <div
      ref={scrollRef}
      className="session-groups"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        if (item) focused.current = Number(item.dataset.index);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
      }}
    >
      <div className="session-canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div className="session-window" style={{ transform: `translateY(${shown[0]?.start ?? 0}px)` }}>
          {runs.map((run) => (
            <section key={run.label} className="session-group" aria-label={run.label}>
              {run.items[0] && rows[run.items[0].index]!.kind === 'label' && (
                <h2 className="session-group-label" data-index={run.items[0].index} ref={virtualizer.measureElement}>
                  {run.label}
                </h2>
              )}
              <ul className="session-list">
                {run.items.map((v) => {
                  const row = rows[v.index]!;
                  if (row.kind !== 'session') return null;
                  const { summary } = row.row;
                  return (
                    <SessionItem
                      key={summary.id}
                      index={v.index}
                      measure={virtualizer.measureElement}
                      row={row.row}
                      isCurrent={summary.id === currentId}
                      parentTitle={summary.parentSession ? titles[summary.parentSession] : undefined}
                      now={now}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
