// The virtualized message list. Only the rows near the viewport are mounted, so a 10,000-message
// session opens at once; it is anchored to its end, so it opens at the last message and follows the
// stream while the user is at the bottom (and stays put when they have scrolled up). A search result
// scrolls it to its message (marked), Find in session to the match shown (marked by useFindHighlights).
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useFindHighlights } from '../../hooks/useFindHighlights';
import { rowKeyOf } from '../../store/chatItems';
import { useBaton, useBatonStore } from '../../store/StoreProvider';
import { ChatRow } from './ChatRow';
import { useT } from '../../hooks/useLanguage';

const ESTIMATED_ROW_PX = 120;
/** Fetch older entries when the first mounted row is this close to the top of what is loaded. */
const LOAD_OLDER_WITHIN = 5;
const estimateSize = () => ESTIMATED_ROW_PX;
/** Within this many pixels of the end, the list counts as at its end and follows what is added. */
const SCROLL_END_THRESHOLD = 48;

export function ChatList() {
  const items = useBaton((s) => s.chat.items);
  const t = useT();
  const hasOlder = useBaton((s) => (s.session?.firstEntryIndex ?? 0) > 0);
  const loadOlder = useBaton((s) => s.loadOlderEntries);
  const target = useBaton((s) => s.chat.target);
  const findSeq = useBaton((s) => s.find.seq);
  const store = useBatonStore();
  const scrollRef = useRef<HTMLDivElement>(null);
  const previous = useRef<{ virtualizer: Virtualizer<HTMLDivElement, Element>; lastKey: string | undefined } | null>(null);
  // Read before the new rows reach the virtualizer: was the reader at the end of what was shown?
  const wasAtEnd = previous.current?.virtualizer.isAtEnd(SCROLL_END_THRESHOLD) ?? true;
  const getItemKey = useCallback((index: number) => {
    const item = items[index];
    return item ? rowKeyOf(item) : index;
  }, [items]);
  // oxlint-disable-next-line react/incompatible-library -- the rule guards React Compiler's memoization, and this build has no React Compiler
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: SCROLL_END_THRESHOLD,
    // Start at the end, so the first rows mounted are the last ones, not the first.
    initialOffset: () => items.length * ESTIMATED_ROW_PX,
    initialRect: { width: 800, height: typeof window === 'undefined' ? 800 : window.innerHeight },
  });

  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
    // Only when the list is first shown (the virtualizer is one instance for the list's life); later
    // growth is followed by the end anchor.
  }, [virtualizer]);

  // Read the rows from the store, not from this render: rows added later must not scroll the list again.
  useEffect(() => {
    const index = target ? store.getState().chat.items.findIndex((item) => item.key === target.key) : -1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [target, store, virtualizer]);

  useEffect(() => {
    const { find, chat } = store.getState();
    const index = find.open && find.current ? chat.items.findIndex((item) => item.key === find.current!.key) : -1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [findSeq, store, virtualizer]);
  useFindHighlights(scrollRef);

  // After Previous/Next version the rows below that message are another branch's: keep it in view.
  const revealKey = useBaton((s) => s.versionFocus?.entryId);
  const versionFocused = useBaton((s) => s.versionFocused);
  useEffect(() => {
    if (!revealKey) return;
    const index = items.findIndex((item) => item.key === revealKey);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    else versionFocused(); // not shown: nothing to bring back into view
  }, [revealKey, items, virtualizer, versionFocused]);

  const lastKey = items.at(-1)?.key;
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { virtualizer, lastKey };
    // The end anchor follows rows that are added, not a last row that changes into another (the streamed
    // reply becoming the settled message, which may be taller: "Stopped", a cut-off notice). The reader
    // who was at the end stays at the end.
    if (before && before.lastKey !== lastKey && wasAtEnd) virtualizer.scrollToEnd();
  });

  // The list gets shorter when room is made below it (notices, a taller composer, queued messages): a
  // reader who was at the end stays there, so the last rows are not left hidden below the fold.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = el.clientHeight;
      if (height < before && el.scrollHeight - el.scrollTop - before <= SCROLL_END_THRESHOLD) virtualizer.scrollToEnd();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index;
  useEffect(() => {
    // The end anchor keeps the rows in view where they are when older ones are put before them.
    if (hasOlder && firstRow !== undefined && firstRow < LOAD_OLDER_WITHIN) void loadOlder();
  }, [hasOlder, firstRow, loadOlder]);
  return (
    <div ref={scrollRef} className="chat-scroll" role="region" aria-label={t('chat.conversation')} tabIndex={0}>
      <div className="chat-canvas" style={{ height: virtualizer.getTotalSize() }}>
        <div className="chat-window" style={{ transform: `translateY(${rows[0]?.start ?? 0}px)` }}>
          {rows.map((row) => {
            const item = items[row.index];
            return item ? (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className={item.key === target?.key ? 'chat-row target' : 'chat-row'}
              >
                <ChatRow item={item} />
              </div>
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}
