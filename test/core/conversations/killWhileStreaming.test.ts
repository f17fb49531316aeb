// kill -9 while three sessions stream (SPEC §2 durability, §1 many sessions): a real web-mode Baton in a
// child process, three connections each writing its own session through several turns, SIGKILLed at a
// different moment each round. Every record the app acknowledged (a sent message answered, a message_end
// that carried its saved entry) must be in its own session's file, and every file must open.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { useFakeAnthropic } from '../../fakeAnthropic';

const fake = useFakeAnthropic();
const CHILD = join(import.meta.dirname, 'fixtures', 'webModeChild.ts');
const ROOT = join(import.meta.dirname, '..', '..', '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  // A child left running by a failed test: its files are removed only once it has exited, or a write on
  // its way out races the removal.
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function startChild(dir: string): Promise<{ url: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, fake.url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: (JSON.parse(line!) as { url: string }).url, process: proc });
    });
    proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code) => reject(new Error(`the child exited (${code}) before listening: ${err}`)));
  });
}

/** One tab: a WebSocket that calls and records what it was told was saved. */
class Tab {
  private next = 1;
  private readonly waiting = new Map<number, (result: { ok: boolean; data?: unknown }) => void>();
  /** Entry ids the app said were saved in this tab's session. */
  readonly acknowledged: string[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse((raw as Buffer).toString()) as { id?: number; result?: { ok: boolean; data?: unknown }; event?: { type: string; entry?: { id: string } } };
      if (frame.id !== undefined) this.waiting.get(frame.id)?.(frame.result!);
      if (frame.event?.type === 'message_end' && frame.event.entry) this.acknowledged.push(frame.event.entry.id);
    });
    ws.on('error', () => {}); // the server is killed under it
  }

  static open(url: string): Promise<Tab> {
    const page = new URL(url);
    const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { origin: page.origin });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Tab(ws)));
      ws.once('error', reject);
    });
  }

  call<T>(channel: string, input: unknown): Promise<T> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, channel, input }));
    return new Promise((resolve, reject) =>
      this.waiting.set(id, (result) => (result.ok ? resolve(result.data as T) : reject(new Error(JSON.stringify(result))))),
    );
  }
}

function fileOf(dir: string, sessionId: string): string {
  const name = readdirSync(join(dir, 'sessions')).find((f) => f.endsWith(`_${sessionId}.jsonl`));
  expect(name, `the file of ${sessionId}`).toBeDefined();
  return join(dir, 'sessions', name!);
}

describe('kill -9 while three sessions stream', () => {
  it.each([[150], [450], [900]])('killed %i ms after the streams start: no acknowledged record is lost, in any file', async (killAfterMs) => {
    dataDir = mkdtempSync(join(tmpdir(), 'baton-kill-'));
    // Every reply streams for a while, so each session writes turn after turn until the kill.
    fake.setDefault({ kind: 'text', text: 'part of a long answer '.repeat(4), chunkSize: 8, delayMs: 4 });
    const started = await startChild(dataDir);
    child = started.process;
    const tabs = await Promise.all([0, 1, 2].map(() => Tab.open(started.url)));
    const sessions: string[] = [];
    for (const [i, tab] of tabs.entries()) {
      const view = await tab.call<{ header: { id: string } }>('sessions.new', {});
      sessions.push(view.header.id);
      await tab.call('chat.send', { sessionId: view.header.id, text: `question ${i}` });
      // Follow-ups make more turns of the same run, each saved as it settles.
      for (let n = 0; n < 6; n++) await tab.call('chat.send', { sessionId: view.header.id, text: `follow-up ${i}.${n}`, mode: 'followUp' });
    }
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    for (const [i, tab] of tabs.entries()) {
      const manager = SessionManager.open(fileOf(dataDir, sessions[i]!), { readOnly: true });
      const onDisk = new Set(manager.getEntries().map((e) => e.id));
      for (const id of tab.acknowledged) expect(onDisk.has(id), `acknowledged entry ${id} of session ${i}`).toBe(true);
      // Nothing of another session landed here.
      const texts = manager.getEntries().flatMap((e) => (e.type === 'message' && e.message.role === 'user' ? [JSON.stringify(e.message.content)] : []));
      for (const text of texts) expect(text).not.toMatch(new RegExp(`(question|follow-up) (?!${i})\\d`));
      expect(manager.unreadableRecords).toBe(0);
      manager.close();
    }
    expect(tabs.reduce((n, tab) => n + tab.acknowledged.length, 0)).toBeGreaterThan(0);
  }, 60_000);
});
