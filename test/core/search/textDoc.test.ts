// A session's postings (what the index snapshot saves): whichever way its messages arrive (one by one,
// in batches folded in as they come, or all at once), each term lists exactly the messages holding it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDoc } from '../../../electron/core/search/TextDoc';

/** Per term id: the ordinals of the messages that hold it, ascending, read back from the saved columns. */
function postings(doc: TextDoc): Map<number, number[]> {
  const { terms, postOffsets, posts } = doc.columns();
  const out = new Map<number, number[]>();
  for (let t = 0; t < terms.length; t++) {
    const ordinals: number[] = [];
    let value = -1;
    let gap = 0;
    let shift = 0;
    for (let pos = postOffsets[t]!; pos < postOffsets[t + 1]!; pos++) {
      gap += (posts[pos]! & 0x7f) * 2 ** shift;
      shift += 7;
      if (posts[pos]! & 0x80) continue;
      value += gap;
      ordinals.push(value);
      gap = 0;
      shift = 0;
    }
    out.set(terms[t]!, ordinals);
  }
  return out;
}

function expected(messages: number[][]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  messages.forEach((ids, ordinal) => {
    for (const id of new Set(ids)) out.set(id, [...(out.get(id) ?? []), ordinal]);
  });
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

describe('a session in the full-text index', () => {
  it('lists each term once per message holding it, in order, however the messages were folded in', () => {
    // Term ids over a wide range, so postings need several varint bytes and the working space grows.
    const termId = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 300_000 }));
    const message = fc.array(termId, { maxLength: 30 });
    const arrival = fc.array(fc.record({ message, foldAfter: fc.constantFrom('no', 'if large', 'yes') }), { maxLength: 400 });
    fc.assert(
      fc.property(arrival, (messages) => {
        const doc = new TextDoc('s.jsonl', 0, 0);
        messages.forEach(({ message: ids, foldAfter }, ordinal) => {
          doc.addMessage(`e${ordinal}`, ordinal * 10, 9, ids);
          if (foldAfter === 'yes') doc.compact();
          else if (foldAfter === 'if large') doc.compactIfLarge();
        });
        expect(doc.messageCount).toBe(messages.length);
        expect(postings(doc)).toEqual(expected(messages.map((m) => m.message)));
        expect(messages.map((_, i) => doc.entryId(i))).toEqual(messages.map((_, i) => `e${i}`));
      }),
      { numRuns: 200 },
    );
  });
});
