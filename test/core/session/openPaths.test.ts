// A full open takes shortcuts (whole chunks of ASCII as one string, groups of other text decoded at once,
// on this thread or the helper): whatever the file holds, it must read what reading the file line by
// line reads, the same entries and the same count of records it could not read.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { lineByLine, sessionFile, type Script } from './sessionFiles';
import { useTempDir } from './helpers';

const dir = useTempDir();

describe('a full open', () => {
  it('reads what reading line by line reads, for English, Thai or CJK, and mixed text, damaged anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.constantFrom<Script>('ascii', 'thai', 'mixed', 'switching', 'sparse'), fc.constantFrom(40, 2_000, 1_000_000), (seed, script, damageEvery) => {
        const file = sessionFile(dir(), seed, script, damageEvery);
        const expected = lineByLine(readFileSync(file));
        const manager = SessionManager.open(file, { readOnly: true });
        expect(manager.unreadableRecords).toBe(expected.unreadable);
        expect(manager.getEntries()).toEqual(expected.entries);
      }),
      { numRuns: 8, examples: [[7, 'switching', 2_000]] },
    );
  });
});
