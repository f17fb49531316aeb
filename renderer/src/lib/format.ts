// Small formatting helpers for token counts, the sidebar's day groups and relative times.

/** 950 → "950", 1234 → "1.2k", 152_345 → "152k", 1_200_000 → "1.2M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 10_000) return `${trim(n / 1000)}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

function trim(x: number): string {
  return x.toFixed(1).replace(/\.0$/, '');
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** One formatter for every date shown: toLocaleDateString makes one a call, a millisecond each. */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** "Today", "Yesterday", else the date in the user's locale. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Earlier';
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateFormat.format(date);
}

export interface DayGroup<T> {
  label: string;
  items: T[];
}

/** Newest first, grouped by day; `dateOf` picks the timestamp that orders and groups. */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string, now: Date = new Date()): DayGroup<T>[] {
  // ISO timestamps order as strings; plain comparison, as localeCompare is slow over thousands.
  const sorted = [...items].sort((a, b) => compare(dateOf(b), dateOf(a)));
  const groups: DayGroup<T>[] = [];
  let day: number | undefined;
  for (const item of sorted) {
    // The label only when the day changes: thousands of sessions fall on a few hundred days.
    const date = new Date(dateOf(item));
    const itemDay = Number.isNaN(date.getTime()) ? NaN : startOfDay(date);
    const last = groups.at(-1);
    if (last && (itemDay === day || (Number.isNaN(itemDay) && Number.isNaN(day)))) last.items.push(item);
    else {
      const label = dayLabel(dateOf(item), now);
      if (last?.label === label) last.items.push(item);
      else groups.push({ label, items: [item] });
    }
    day = itemDay;
  }
  return groups;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "just now", "2 min ago", "3 h ago", "yesterday", "4 days ago", else the date in the user's locale. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60 && startOfDay(date) === startOfDay(now)) return `${Math.floor(minutes / 60)} h ago`;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return dateFormat.format(date);
}
