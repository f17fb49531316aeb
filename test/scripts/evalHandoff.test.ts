// `npm run eval:handoff` without a key (SPEC §4.3 "Eval"): the real script, as a process, against the fake
// model server. It hands off both seeded sessions through a real core and prints one JSON line per
// figure; the fake document forgets every identifier, so recall of identifiers 1 is the carry-over
// check's doing.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run eval:handoff without ANTHROPIC_API_KEY', () => {
  it('prints every figure for both sessions, with every identifier carried over', async () => {
    const env = { ...process.env };
    delete env.ANTHROPIC_API_KEY;
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'evalHandoff.ts')], { cwd: ROOT, env, timeout: 120_000 });
    expect(stderr).toContain('fake model server');
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { name: string; value: number; session_tokens: number; api: string });
    const names = ['handoff.eval.recall', 'handoff.eval.constraints', 'handoff.eval.revised_latest', 'handoff.eval.fabricated_done', 'handoff.carryover.identifiers_recall'];
    for (const size of [50_000, 150_000]) {
      const of = lines.filter((l) => l.session_tokens === size);
      expect(of.map((l) => l.name)).toEqual(expect.arrayContaining(names));
      expect(of.find((l) => l.name === 'handoff.carryover.identifiers_recall')?.value).toBe(1);
      // The lossy document carries the identifiers and the last request (appended), and nothing else.
      expect(of.find((l) => l.name === 'handoff.eval.constraints')?.value).toBe(0);
      expect(of.every((l) => l.api === 'fake' && l.value >= 0 && l.value <= 1)).toBe(true);
    }
  }, 150_000);
});
