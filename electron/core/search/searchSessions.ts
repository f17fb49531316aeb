// Search sessions (SPEC §5): the history rows, newest first, whose title or first message holds every
// word of the query (as the sidebar has always matched) or, by the full-text index, whose messages hold
// every word. A row whose title shows the words opens as before; any other is a message match. Picking
// the best message of a session costs a walk of its postings (43 ms for the 7,778 sessions two common
// words hit), so only the first page of results gets it, with a snippet; the rest are marked as message
// matches, and findMatch() picks their message when one is opened.
import type { SessionHit } from '../../../shared/search';
import { titleWords, type SessionIndex } from '../session/SessionIndex';
import type { SearchIndex } from './SearchIndex';

/**
 * Message matches given their message and a snippet: more than the sidebar shows at first (each snippet
 * costs reading one line of a file). The rest name their message when opened.
 */
export const MATCH_PAGE = 50;
/**
 * Bytes of message lines one search reads for its snippets, at most: each costs a parse and a Markdown
 * pass (about 0.1 ms per KB), and a search must not hold the core up for long, however big the replies.
 */
export const SNIPPET_BYTES = 1024 * 1024;

export function searchSessions(index: SessionIndex, text: SearchIndex, query: string): SessionHit[] {
  const words = titleWords(query);
  if (!words.length) return index.rows().map((record) => record.summary);
  const prepared = text.prepare(query);
  const hits: SessionHit[] = [];
  let picked = 0;
  const budget = { bytes: SNIPPET_BYTES };
  for (const record of index.rows()) {
    const { summary } = record;
    const byTitle = index.titleMatches(record, words);
    if (byTitle && inTitle(summary.title, words)) {
      hits.push(summary);
      continue;
    }
    if (prepared && !summary.unreadable && text.holds(record.file, prepared)) {
      const match = picked++ < MATCH_PAGE ? text.match(record.file, prepared) : undefined;
      const snippet = match && text.snippet(record.file, match.ordinal, prepared, budget);
      hits.push({ ...summary, match: match ? { entryId: match.entryId, ...(snippet ? { snippet } : {}) } : {} });
    } else if (byTitle) {
      hits.push(summary); // the first message matched, and the full-text index has not read the file yet
    }
  }
  return hits;
}

/** The entry a message match past the first page opens at: the session's message that best matches. */
export function findMatch(text: SearchIndex, file: string, query: string): string | undefined {
  const prepared = text.prepare(query);
  return prepared && text.match(file, prepared)?.entryId;
}

function inTitle(title: string, words: readonly string[]): boolean {
  const lower = title.toLowerCase();
  return words.every((word) => lower.includes(word));
}
