// Search sessions (SPEC §5): the history rows, newest first, whose title or first message holds every
// word of the query (as the sidebar has always matched) or, by the full-text index, whose messages hold
// every word. A row whose title shows the words opens as before; any other names the message to open
// at, and the first ones bring a snippet of it.
import type { SessionHit } from '../../../shared/search';
import { titleWords, type SessionIndex } from '../session/SessionIndex';
import type { SearchIndex } from './SearchIndex';

/** Results with a snippet at most: each costs reading one line of a file. The rest open at the match all the same. */
export const SNIPPET_LIMIT = 50;
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
  let snippets = 0;
  const budget = { bytes: SNIPPET_BYTES };
  for (const record of index.rows()) {
    const { summary } = record;
    const byTitle = index.titleMatches(record, words);
    if (byTitle && inTitle(summary.title, words)) {
      hits.push(summary);
      continue;
    }
    const match = prepared && !summary.unreadable ? text.match(record.file, prepared) : undefined;
    if (match && prepared) {
      const snippet = snippets++ < SNIPPET_LIMIT ? text.snippet(record.file, match.ordinal, prepared, budget) : undefined;
      hits.push({ ...summary, match: snippet ? { entryId: match.entryId, snippet } : { entryId: match.entryId } });
    } else if (byTitle) {
      hits.push(summary); // the first message matched, and the full-text index has not read the file yet
    }
  }
  return hits;
}

function inTitle(title: string, words: readonly string[]): boolean {
  const lower = title.toLowerCase();
  return words.every((word) => lower.includes(word));
}
