// Big sessions are decoded on a second thread while this one parses (SPEC §8). The helper runs its own
// copy of the decoder; whatever it decodes, or this thread takes over, an open reads exactly what the
// file says: the same entries and the same unreadable lines as reading it all on one thread.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { parseSessionBytes } from '../../../electron/core/session/parseSession';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { DecodeThread, FIELDS, SLOT_BYTES } from '../../../electron/core/storage/decodeThread';
import { sessionFileName } from '../../../electron/core/session/fileName';

const THAI = 'การส่งต่อ เซสชัน ข้อความ 会话 交接 🚀 ✅ ';

function entry(i: number, text: string): SessionEntry {
  return {
    type: 'message',
    id: `e${i}`,
    parentId: i ? `e${i - 1}` : null,
    timestamp: new Date(i * 1000).toISOString(),
    message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text }] },
  };
}

describe('the decode thread', () => {
  it('starts, and decodes a queued group of lines into one JSON array', async () => {
    const thread = DecodeThread.get();
    expect(thread).toBeDefined();
    const values = [entry(0, THAI), entry(1, `${THAI}"quoted"\n`), 'สตรีม'];
    const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\n'));
    thread!.input.set(bytes, 0);
    thread!.beginChunk(0);
    const job = thread!.post(0, 0, bytes.length)!;
    thread!.publish();
    await expect.poll(() => thread!.status(job)).toBe('done');
    expect(JSON.parse(thread!.take(job)!)).toEqual(values);
  });

  it('checks and copies a queued group of English lines into one array, which this thread reads line by line if the helper has not begun it', async () => {
    const thread = DecodeThread.get()!;
    const values = [entry(0, 'the handoff of a session'), entry(1, 'a "quoted" word\n'), 'stream'];
    const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\n'));
    thread.input.set(bytes, 0);
    thread.beginChunk(0);
    const job = thread.post(0, 0, bytes.length, true)!;
    thread.publish();
    await expect.poll(() => thread.status(job)).toBe('done');
    expect(JSON.parse(thread.take(job)!)).toEqual(values);
    const unpublished = thread.post(0, 0, bytes.length, true)!;
    expect(thread.take(unpublished)).toBeUndefined();
  });

  it('reads part of a file when asked, and says whether the bytes are all ASCII', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'baton-read-')), 'part.jsonl');
    writeFileSync(file, `${'a'.repeat(1000)}ก${'b'.repeat(1000)}`);
    const fd = openSync(file, 'r');
    const thread = DecodeThread.claim()!;
    try {
      const english = thread.postRead(fd, 0, 0, 1000)!;
      const thai = thread.postRead(fd, 1000, 1000, 2000)!;
      await expect.poll(() => thread.status(thai)).toBe('done');
      expect(thread.takeRead(english)).toEqual({ length: 1000, ascii: true });
      expect(thread.takeRead(thai)).toEqual({ length: 1003, ascii: false });
      expect(thread.input.toString('utf8', 0, 2003)).toBe(readFileSync(file, 'utf8'));
    } finally {
      thread.release();
      closeSync(fd);
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it('opens a big session with every entry, whatever lines are bad, as one thread reads it', () => {
    const entries: SessionEntry[] = [];
    const lines = [Buffer.from(JSON.stringify({ type: 'session', version: 1, id: 'big', timestamp: new Date(0).toISOString() }))];
    const bad = new Map<number, string>([
      [100, '{"type":"message", not json'],
      [2_000, ''], // a blank line: no record
      [4_000, '{"a":1},{"b":2}'], // two values on one line
      [6_000, '  '],
      [8_000, '{"type":"message","id":"x","parentId":null,'], // a record broken over two lines
      [8_001, '"timestamp":"1970-01-01T00:00:00.000Z","message":{"role":"user","content":[]}}'],
    ]);
    let i = 0;
    for (let n = 0; n < 11_000; n++) {
      const special = bad.get(n);
      if (special !== undefined) lines.push(Buffer.from(special));
      else if (n === 3_000) lines.push(Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xe0, 0xb8]), Buffer.from('"}')]));
      else {
        // Some texts are longer than a decode group; all are Thai, CJK and emoji.
        const e = entry(i++, THAI.repeat(n % 500 === 0 ? 3_000 : 20) + n);
        entries.push(e);
        lines.push(Buffer.from(JSON.stringify(e)));
      }
    }
    const file = join(mkdtempSync(join(tmpdir(), 'baton-big-')), sessionFileName(new Date(0).toISOString(), 'big'));
    // Line 3,000 holds bytes that are not UTF-8; the file ends in a torn record.
    const torn = Buffer.from('{"type":"message","id":"torn"');
    writeFileSync(file, Buffer.concat([...lines.flatMap((line) => [line, Buffer.from('\n')]), torn]));
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(2 * SLOT_BYTES);

    const manager = SessionManager.open(file, { readOnly: true });
    expect(manager.getEntries()).toEqual(entries);
    const oneThread = parseSessionBytes(bytes, file);
    expect(oneThread.entries).toEqual(entries);
    // Not JSON, two values, spaces, the two halves of the broken record, the bad bytes.
    expect(manager.unreadableRecords).toBe(6);
    expect(oneThread.unreadableRecords).toBe(6);
    rmSync(dirname(file), { recursive: true, force: true });
  });

  it('runs, and does the reading and decoding, under the loader web mode runs the core with (tsx)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'helperUnderTsx.ts')], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toContain('decode thread stopped');
    const { entries, jobs, byHelper } = JSON.parse(run.stdout) as { entries: number; jobs: number; byHelper: number };
    expect(entries).toBe(12_000);
    expect(jobs).toBeGreaterThan(10);
    // The open takes over a job the helper has not begun, so not all of them are the helper's; most are.
    expect(byHelper).toBeGreaterThan(jobs / 2);
  });

  it('does not wait for ever on a helper that stalls: past its patience this thread decodes the group', () => {
    const thread = DecodeThread.get()!;
    const bytes = Buffer.from([entry(0, THAI), 'สตรีม'].map((v) => JSON.stringify(v)).join('\n'));
    thread.input.set(bytes, 0);
    thread.beginChunk(0);
    const job = thread.post(0, 0, bytes.length)!;
    // As if the helper had begun the job and stopped: the state says it is decoding, nothing comes.
    const control = thread['control'];
    const at = 1 + (job % 1024) * FIELDS;
    Atomics.store(control, at, 1);
    const started = performance.now();
    expect(JSON.parse(thread.take(job)!)).toEqual([entry(0, THAI), 'สตรีม']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    // Nothing more is queued for a helper that stalled; later opens decode on their own thread.
    expect(thread.post(0, 0, bytes.length)).toBeUndefined();
    expect(DecodeThread.get()).toBeUndefined();
  });
});
