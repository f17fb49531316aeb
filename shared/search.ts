// Search results (SPEC §5 "Search"): a history row, and when the session matched by its messages rather
// than its title, the message to open it at and a snippet of it.
import { z } from 'zod';
import { SessionSummary } from './session';

/** Text around the match; each highlight is a [start, end) range of it. */
export const SearchSnippet = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchSnippet = z.infer<typeof SearchSnippet>;

export const SessionHit = SessionSummary.extend({
  /**
   * Present when the messages matched. For the first page of results: the entry to open the session at
   * and a snippet of it; past it, empty (`sessions.match` names the entry when the result is opened).
   */
  match: z.object({ entryId: z.string().optional(), snippet: SearchSnippet.optional() }).optional(),
});
export type SessionHit = z.infer<typeof SessionHit>;

/** How far the full-text index has got: sessions indexed of those to index since it started this round. */
export const IndexProgress = z.object({ indexed: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type IndexProgress = z.infer<typeof IndexProgress>;
