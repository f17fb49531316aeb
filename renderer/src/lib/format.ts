// Small formatting helpers for token counts, the sidebar's day groups and relative times. Dates are
// written by Intl in the UI language (shared/i18n's currentLocale).
import { currentLocale, onLanguageChange, t } from '../../../shared/i18n';

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

/**
 * One set of formatters for every date shown, made again when the language changes: toLocaleDateString
 * makes one a call, a millisecond each.
 */
let formats = makeFormats();
onLanguageChange(() => (formats = makeFormats()));

function makeFormats() {
  const locale = currentLocale();
  return {
    date: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    // "today" / "yesterday" as words, the group headings capitalised where the language has case.
    days: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    ago: new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
    locale,
  };
}

/** The date and time in full, for a tooltip. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formats.dateTime.format(date);
}

/** "Today", "Yesterday", else the date, in the UI language. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('dates.earlier');
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0 || days === 1) return capitalise(formats.days.format(-days, 'day'));
  return formats.date.format(date);
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase(formats.locale) + text.slice(1);
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

/** "just now", "2 min. ago", "3 hr. ago", "yesterday", "4 days ago", else the date, in the UI language. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return t('dates.justNow');
  if (minutes < 60) return formats.ago.format(-minutes, 'minute');
  if (minutes < 24 * 60 && startOfDay(date) === startOfDay(now)) return formats.ago.format(-Math.floor(minutes / 60), 'hour');
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days < 7) return formats.ago.format(-days, 'day');
  return formats.date.format(date);
}
