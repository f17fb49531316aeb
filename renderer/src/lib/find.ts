// Find in session (SPEC §5): where the typed text occurs in the loaded chat rows. It works on the rows'
// text in the store, never on the DOM (only the rows near the viewport are mounted): the text as the
// chat shows it (Markdown without its markup), folded like the full-text search (case and accents
// ignored), each row's folded text computed once and kept.
import { markdownShownText } from '../../../shared/markdownText';
import { foldQuery, foldText } from '../../../shared/textFold';
import type { ChatItem } from '../store/chatItems';

export interface FindMatch {
  /** The row's key (its entry id) and position in the rows. */
  key: string;
  index: number;
  /** Which occurrence in the row, counted from its top. */
  occurrence: number;
}

const foldedTexts = new WeakMap<ChatItem, string>();

/** The text a row shows, as Find looks through it: the user's words as typed, replies and the handoff document rendered. */
function itemText(item: ChatItem): string {
  switch (item.kind) {
    case 'message': {
      const shown = item.message.role === 'user' ? (text: string) => text : markdownShownText;
      let text = '';
      for (const block of item.message.content) if (block.type === 'text') text += (text ? '\n' : '') + shown(block.text);
      return text;
    }
    case 'handoff':
      return markdownShownText(item.document);
    case 'note':
      return item.text;
    default:
      return '';
  }
}

/** What the query looks for in folded text; empty when there is nothing to look for. */
export function findNeedle(query: string): string {
  return query.trim() ? foldQuery(query) : '';
}

/** Every occurrence of the query, newest first: the last row's last occurrence is match 1. */
export function findMatches(items: readonly ChatItem[], query: string): FindMatch[] {
  const needle = findNeedle(query);
  const out: FindMatch[] = [];
  if (!needle) return out;
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]!;
    const text = foldedText(item);
    let count = 0;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
    for (let occurrence = count - 1; occurrence >= 0; occurrence--) out.push({ key: item.key, index, occurrence });
  }
  return out;
}

/** Where `needle` occurs in a piece of shown text: [start, end) offsets of the text itself. */
export function occurrencesIn(text: string, needle: string): [number, number][] {
  const folded = foldText(text);
  const out: [number, number][] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) out.push([at, at + needle.length]);
  return out;
}

function foldedText(item: ChatItem): string {
  let text = foldedTexts.get(item);
  if (text === undefined) {
    text = foldText(itemText(item));
    foldedTexts.set(item, text);
  }
  return text;
}
