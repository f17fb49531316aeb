// "Nothing freezes the core" (SPEC §8): the longest the event loop is blocked while a real core handles,
// one after another, what a hostile file or message can make it do: attach a PDF of many tiny objects
// with missing ends, import a session holding it, attach a deflate bomb, search sessions whose replies
// hold 300 KB lines of unclosed Markdown markers or headings of blanks, attach a 23 MB crafted PDF and a
// 20 MB bomb (at the size limit), import a plain 43 MB pi session, send one file named 200 times, and answer
// a burst of 200 calls written at once on one web connection. Measured with perf_hooks.monitorEventLoopDelay;
// the run's peak RSS is reported beside it. Every file is built here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { UPLOAD_CHUNK_BYTES, UPLOAD_FIRST_PIECE_BYTES } from '../shared/attachments';
import { IMPORT_CHUNK_CHARS, type BatonEvent, type CallInput, type Channel, type Result } from '../shared/contract';
import type { Core, CoreView } from '../electron/core/BatonCore';
import { SessionManager } from '../electron/core/session/SessionManager';
import { startWebServer, type WebServer } from '../electron/web/WebServer';
import { startFakeAnthropic } from '../test/fakeAnthropic';
import { bigPiSession, blockMarkdownLines, deflateBombPdf, manyObjectsPdf, unclosedMarkdownLines } from '../test/support/hostileFiles';
import { RENDERER_DIR, startCore } from '../test/support/testApp';
import { pdf } from '../test/support/testFiles';
import { report } from './report';

const BUDGET_MS = 100;
const fake = await startFakeAnthropic();
const dataDir = mkdtempSync(join(tmpdir(), 'baton-hostile-bench-'));
let started: Core | undefined;
let server: WebServer | undefined;
/** The session the bench's view shows: attachments are checked against it and the message goes there. */
let sessionId = '';
try {
  writeHostileSessions();
  started = startCore({ modelUrl: fake.url, apiKey: 'bench-key', dataDir });
  const core = started.connect();
  server = await startWebServer({ connect: () => started!.connect(), staticDir: RENDERER_DIR, token: 'bench-token', port: 0, log: () => {} });
  await indexed(core);
  sessionId = ((await must(core, 'sessions.open', {})) as { header: { id: string } }).header.id;
  const figure = (name: string, steps: Step[], what: string) =>
    report({
      name,
      value: Math.max(...steps.map((s) => s.maxMs)),
      unit: 'ms',
      budget: BUDGET_MS,
      comparedWith: `${what}: longest event-loop block (monitorEventLoopDelay, 10 ms resolution) over: ${steps.map((s) => `${s.name} ${fmt(s.maxMs)} ms (${s.outcome})`).join('; ')}`,
    });
  const crafted = manyObjectsPdf(352 * 1024);
  figure(
    'core.eventloop.hostile.max_block_ms',
    await measure([
      ['crafted PDF attached', async () => (await attach(core, 'crafted.pdf', crafted)).outcome],
      ['session holding it imported', () => importSession(core, crafted)],
      ['deflate bomb attached', async () => (await attach(core, 'bomb.pdf', deflateBombPdf(3_100_000))).outcome],
      ['search over 300 KB lines of unclosed markers and headings of blanks', () => search(core, 'needle')],
      ['one file named 200 times in chat.send', () => sendRepeated(core)],
      ['a burst of 200 calls on one web connection', () => burst(server!, 200)],
    ]),
    'the crafted files and calls',
  );
  // Read before the files at the limits are built: the high-water mark cannot be reset.
  report({
    name: 'core.eventloop.hostile.peak_rss_mb',
    value: process.resourceUsage().maxRSS / 1024,
    unit: 'MB',
    budget: 1024,
    comparedWith: 'peak resident memory of the bench process (core, fake model server and the files it built) over the crafted files and calls',
  });
  // Built before the steps, so that the building is not measured with them.
  const atLimit = { crafted: manyObjectsPdf(23 * 1024 * 1024 - 64), bomb: deflateBombPdf(20_000_000), pi: bigPiSession(43_000_000).text };
  // The import at the limit ends by opening the session it wrote, on the core, as opening any session that big does.
  figure(
    'core.eventloop.size_limits.max_block_ms',
    await measure([
      ['23 MB PDF of tiny objects attached', async () => (await attach(core, 'crafted-23mb.pdf', atLimit.crafted)).outcome],
      ['20 MB deflate bomb attached', async () => (await attach(core, 'bomb-20mb.pdf', atLimit.bomb)).outcome],
      ['43 MB pi session imported', () => importText(core, 'big.jsonl', atLimit.pi)],
    ]),
    'files at the size limits',
  );
} finally {
  await server?.close();
  await started?.dispose();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Every call goes through here, so a change to how the core is called (a session id on each call, say)
 * is made in one place. Answers the data, or the refusal's message.
 */
async function call<C extends Channel>(core: CoreView, channel: C, input: CallInput<C>): Promise<{ ok: true; data: unknown } | { ok: false; message: string }> {
  const result = (await core.dispatch(channel, input, true)) as Result<unknown>;
  return result.ok ? { ok: true, data: result.data } : { ok: false, message: result.error.message };
}

async function must<C extends Channel>(core: CoreView, channel: C, input: CallInput<C>): Promise<unknown> {
  const result = await call(core, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.message}`);
  return result.data;
}

interface Step {
  name: string;
  maxMs: number;
  outcome: string;
}

/** Runs each step in turn, with the event loop watched during each. */
async function measure(steps: [string, () => Promise<string>][]): Promise<Step[]> {
  const out: Step[] = [];
  for (const [name, run] of steps) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const outcome = await run();
    // Let the monitor's timer see the loop once more after the last piece of work.
    await new Promise((resolve) => setTimeout(resolve, 30));
    histogram.disable();
    out.push({ name, maxMs: histogram.max / 1e6, outcome });
  }
  return out;
}

/** Uploads a file as the renderer does (begin with the first piece, append the rest, finish). */
async function attach(core: CoreView, name: string, bytes: Buffer): Promise<{ id: string; outcome: string }> {
  const { id } = (await must(core, 'attachments.begin', { name, size: bytes.length, data: bytes.subarray(0, UPLOAD_FIRST_PIECE_BYTES).toString('base64') })) as { id: string };
  for (let at = UPLOAD_FIRST_PIECE_BYTES; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
    await must(core, 'attachments.append', { id, data: bytes.subarray(at, at + UPLOAD_CHUNK_BYTES).toString('base64') });
  }
  const finished = await call(core, 'attachments.finish', { sessionId, id });
  return { id, outcome: finished.ok ? 'accepted' : `refused: ${finished.message}` };
}

/** A Baton session file whose one message carries `file` as a PDF, imported as the renderer sends it. */
async function importSession(core: CoreView, file: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'baton-hostile-import-'));
  try {
    const source = SessionManager.create(dir);
    source.appendMessage({
      role: 'user',
      content: [
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: file.toString('base64') }, name: 'crafted.pdf' },
        { type: 'text', text: 'Read this' },
      ],
    });
    source.close();
    return await importText(core, 'crafted.jsonl', readFileSync(source.getSessionFile(), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports a session file's text as the renderer sends it, in pieces. */
async function importText(core: CoreView, fileName: string, text: string): Promise<string> {
  const { uploadId } = (await must(core, 'sessions.importBegin', { fileName, size: text.length })) as { uploadId: string };
  for (let at = 0; at < text.length; at += IMPORT_CHUNK_CHARS) await must(core, 'sessions.importAppend', { uploadId, text: text.slice(at, at + IMPORT_CHUNK_CHARS) });
  const imported = await call(core, 'sessions.importFinish', { uploadId });
  return imported.ok ? 'imported' : `refused: ${imported.message}`;
}

async function search(core: CoreView, query: string): Promise<string> {
  const hits = (await must(core, 'sessions.list', { query })) as { match?: { snippet?: unknown } }[];
  return `${hits.filter((h) => h.match?.snippet).length} results with a snippet`;
}

/** A 12 MB PDF, finished, then named 200 times in one message (the contract allows 600 ids). */
async function sendRepeated(core: CoreView): Promise<string> {
  const { id, outcome } = await attach(core, 'report.pdf', pdf(1, { padding: 12 * 1024 * 1024 }));
  if (outcome !== 'accepted') throw new Error(`report.pdf: ${outcome}`);
  const sent = await call(core, 'chat.send', { sessionId, text: 'Read it', attachments: Array.from({ length: 200 }, () => id) });
  return sent.ok ? 'sent' : `refused: ${sent.message}`;
}

/** `count` calls written at once on one web connection, as a page in a loop would: each is answered, the ones beyond the cap busy. */
async function burst(web: WebServer, count: number): Promise<string> {
  const page = new URL(web.url);
  const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { origin: page.origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  try {
    const answers: Result<unknown>[] = [];
    const all = new Promise<void>((resolve) => {
      ws.on('message', (raw) => {
        const frame = JSON.parse((raw as Buffer).toString()) as { id?: number; result?: Result<unknown> };
        if (frame.id !== undefined && frame.result && answers.push(frame.result) === count) resolve();
      });
    });
    for (let id = 1; id <= count; id++) ws.send(JSON.stringify({ id, channel: 'sessions.list', input: {} }));
    await all;
    const busy = answers.filter((a) => !a.ok && a.error.code === 'busy').length;
    return `${answers.filter((a) => a.ok).length} answered, ${busy} busy`;
  } finally {
    ws.close();
  }
}

/** Sessions whose replies are lines of unclosed markers or headings of blanks, each with a word to search for. */
function writeHostileSessions(): void {
  const headings = blockMarkdownLines(300 * 1024).slice(0, 3).map(({ line }) => `${line}\nneedle`);
  for (const text of [...unclosedMarkdownLines(300 * 1024).slice(0, 6).map((line) => `needle ${line}`), ...headings]) {
    const session = SessionManager.create(join(dataDir, 'sessions'));
    session.appendMessage({ role: 'user', content: [{ type: 'text', text: 'Show me the markers' }] });
    session.appendMessage({ role: 'assistant', content: [{ type: 'text', text }] });
    session.close();
  }
}

/** Waits until the background indexing has read every session. */
function indexed(core: CoreView): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the search index was not built within a minute')), 60_000);
    const stop = core.subscribe((event: BatonEvent) => {
      if (event.type === 'search_index' && event.indexed >= event.total) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
