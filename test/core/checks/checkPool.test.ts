// The check thread (SPEC §8: nothing blocks the core's event loop for over 100 ms): big PDFs, deflate bombs and big session files
// to import are read off the core's event loop, so the core keeps answering meanwhile; a check past its
// time or memory cap answers that the file could not be checked, and the next check still works. "Off
// the loop" is shown by order, never by milliseconds: a timer set just after the call fires before the
// answer, which cannot happen while the call's work holds the thread.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallOutput } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { LIMITS } from '../../../electron/core/attachments/attachmentLimits';
import { PendingAttachments } from '../../../electron/core/attachments/PendingAttachments';
import { CheckPool } from '../../../electron/core/checks/CheckPool';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { bigPiSession, deflateBombPdf, manyObjectsPdf } from '../../support/hostileFiles';
import { startCore } from '../../support/testApp';
import { pdf } from '../../support/testFiles';

const fake = useFakeAnthropic();
/** As near the 23 MB limit of a PDF as the crafted file's units allow. */
const LIMIT_PDF = LIMITS.requestFileBytes - 64;
const pools: CheckPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.dispose()));
});

function pool(caps: { timeMs: number; memoryMb: number }): CheckPool {
  const made = new CheckPool(caps);
  pools.push(made);
  return made;
}

/** Whether a timer set right after `work` starts fires before `work` settles; and how it settled. */
async function timerFirst<T>(work: () => Promise<T>): Promise<{ timerFirst: boolean; outcome: { value: T } | { error: string } }> {
  const order: string[] = [];
  const done = work().then(
    (value) => ({ value }),
    (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }),
  );
  const timer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => order.push('timer'));
  const outcome = await done;
  order.push('answer');
  await timer;
  return { timerFirst: order[0] === 'timer', outcome };
}

/** A finished upload of `bytes` as the core holds one, checked against a 200k-token window. */
function upload(attachments: PendingAttachments, name: string, bytes: Buffer): string {
  const id = attachments.begin(name, bytes.length, bytes.subarray(0, 16));
  attachments.append(id, bytes.subarray(16));
  return id;
}

describe('the check thread', () => {
  it('reads a 23 MB PDF of tiny objects and a 20 MB deflate bomb while the core goes on, with the same answers as before', async () => {
    const attachments = new PendingAttachments(pool({ timeMs: 60_000, memoryMb: 1024 }));
    const crafted = manyObjectsPdf(LIMIT_PDF);
    const attached = await timerFirst(() => attachments.finish(upload(attachments, 'crafted.pdf', crafted), 200_000));
    expect(attached).toEqual({ timerFirst: true, outcome: { value: expect.objectContaining({ name: 'crafted.pdf', mediaType: 'application/pdf', size: crafted.length }) } });

    const bomb = await timerFirst(() => attachments.finish(upload(attachments, 'bomb.pdf', deflateBombPdf(20_000_000)), 200_000));
    expect(bomb).toEqual({ timerFirst: true, outcome: { error: texts.attachmentUncheckable('bomb.pdf', '16 MB') } });
  });

  it('refuses a check past its time cap as a file that could not be checked, and the thread that replaces it answers the next check', async () => {
    const slow = new PendingAttachments(pool({ timeMs: 1, memoryMb: 1024 }));
    await expect(slow.finish(upload(slow, 'crafted.pdf', manyObjectsPdf(LIMIT_PDF)), 200_000)).rejects.toThrow(texts.fileUncheckable('crafted.pdf'));
    // The thread was ended; the next check starts another, and gets an answer (in a millisecond, the refusal again).
    const next = slow.finish(upload(slow, 'other.pdf', manyObjectsPdf(LIMIT_PDF)), 200_000);
    await expect(next).rejects.toThrow(texts.fileUncheckable('other.pdf'));
  });

  it('refuses a check past its memory cap as a file that could not be checked, and the thread after it reads the next file', async () => {
    const small = pool({ timeMs: 60_000, memoryMb: 64 });
    const { text } = bigPiSession(40_000_000);
    await expect(small.run('importSessionBytes', 'big.jsonl', 'big.jsonl', [new TextEncoder().encode(text)])).rejects.toThrow(texts.fileUncheckable('big.jsonl'));
    await expect(small.run('pdfFacts', 'report.pdf', pdf(3, { padding: 400_000 }))).resolves.toMatchObject({ pages: 3, complete: true });
  });

  it('moves an upload\'s bytes to the thread and the lines it reads back, copying neither', async () => {
    const { text, messages } = bigPiSession(2_000_000);
    const parts = [new TextEncoder().encode(text.slice(0, 1_000_000)), new TextEncoder().encode(text.slice(1_000_000))];
    const imported = await pool({ timeMs: 60_000, memoryMb: 1024 }).runMoving('importSessionBytes', 'big.jsonl', parts, 'big.jsonl', parts);
    // Moved: the core's arrays are empty now, and the lines came back as a buffer of their own.
    expect(parts.map((part) => part.byteLength)).toEqual([0, 0]);
    expect(imported.lines.byteLength).toBe(imported.lines.buffer.byteLength);
    expect(imported.messageCount).toBe(messages);
    expect(new TextDecoder().decode(imported.lines).split('\n')).toHaveLength(messages);
  });

  it('imports a big pi session while the core answers other calls, every message taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baton-check-import-'));
    const core = startCore({ modelUrl: fake.url, apiKey: 'test-key', dataDir });
    try {
      const view = core.connect();
      const { text, messages } = bigPiSession(5_000_000);
      const begun = await view.dispatch('sessions.importBegin', { fileName: 'big.jsonl', size: text.length }, true);
      if (!begun.ok) throw new Error(begun.error.message);
      const { uploadId } = begun.data as CallOutput<'sessions.importBegin'>;
      for (let at = 0; at < text.length; at += 1_000_000) {
        const appended = await view.dispatch('sessions.importAppend', { uploadId, text: text.slice(at, at + 1_000_000) }, true);
        if (!appended.ok) throw new Error(appended.error.message);
      }
      const imported = await timerFirst(async () => {
        const result = await view.dispatch('sessions.importFinish', { uploadId }, true);
        if (!result.ok) throw new Error(result.error.message);
        return result.data as CallOutput<'sessions.importFinish'>;
      });
      expect(imported.timerFirst).toBe(true);
      expect('value' in imported.outcome && imported.outcome.value).toMatchObject({ format: 'pi', messageCount: messages, skippedLines: 0 });
    } finally {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads the page count of a big PDF in an imported session off the loop, before the session is shown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baton-check-import-'));
    const core = startCore({ modelUrl: fake.url, apiKey: 'test-key', dataDir });
    try {
      // A Baton session small enough to be read on the core, whose one PDF is not.
      const source = SessionManager.create(join(dataDir, 'elsewhere'));
      const report = pdf(3, { padding: 700_000 });
      source.appendMessage({
        role: 'user',
        content: [
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: report.toString('base64') }, name: 'report.pdf' },
          { type: 'text', text: 'Read this' },
        ],
      });
      source.close();
      const text = readFileSync(source.getSessionFile(), 'utf8');
      const view = core.connect();
      const begun = await view.dispatch('sessions.importBegin', { fileName: 'report.jsonl', size: text.length }, true);
      if (!begun.ok) throw new Error(begun.error.message);
      const { uploadId } = begun.data as CallOutput<'sessions.importBegin'>;
      const appended = await view.dispatch('sessions.importAppend', { uploadId, text }, true);
      if (!appended.ok) throw new Error(appended.error.message);
      // This check is quick, so a timer's order proves nothing on a busy machine (the thread may answer
      // before this one is scheduled again): what shows it ran there is that it was handed to the thread.
      const posted = vi.spyOn(Worker.prototype, 'postMessage');
      const result = await view.dispatch('sessions.importFinish', { uploadId }, true);
      if (!result.ok) throw new Error(result.error.message);
      expect(posted.mock.calls.map(([message]) => (message as { job?: string }).job)).toContain('savedFileFacts');
      posted.mockRestore();
      // Three pages of about 2,000 tokens each; by its size alone (about 100 KB a page) it would count 7.
      const tokens = (result.data as CallOutput<'sessions.importFinish'>).session.contextTokens;
      expect(tokens).toBeGreaterThanOrEqual(6_000);
      expect(tokens).toBeLessThan(12_000);
    } finally {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
