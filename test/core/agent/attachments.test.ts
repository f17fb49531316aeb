// Attachments through the core as the renderer meets it (SPEC §5): files uploaded in pieces through the
// real dispatcher, sent with a prompt through the real provider to the fake Messages API, kept in the
// session file and shown again after a restart; every limit of the API refused before anything is
// written or sent, with the file and the limit named.
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MB, UPLOAD_CHUNK_BYTES, UPLOAD_FIRST_PIECE_BYTES, type Attachment } from '../../../shared/attachments';
import type { BatonEvent, CallInput, CallOutput, Channel, Result, SessionView } from '../../../shared/contract';
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import type { Core, CoreView } from '../../../electron/core/BatonCore';
import { INDEX_FILE_NAME } from '../../../electron/core/session/SessionIndex';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { apiRequestViolations } from '../../support/apiRequestRules';
import { startCore, startTestApp } from '../../support/testApp';
import { gif, JPEG_3X2, pdf, png, WEBP_3X2 } from '../../support/testFiles';

const fake = useFakeAnthropic();
let dataDir: string;
let core: Core;
/** The window the calls come from; it shows the session the tests send to. */
let view: CoreView;
let events: BatonEvent[];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-attach-'));
  core = boot();
  await call('sessions.open', {});
});
afterEach(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

function boot(): Core {
  const started = startCore({ modelUrl: fake.url, apiKey: 'test-key', dataDir });
  events = [];
  view = started.connect();
  view.subscribe((e) => events.push(e));
  return started;
}

/** The session the view shows. */
function shown(): string {
  if (view.sessionId === undefined) throw new Error('the view shows no session');
  return view.sessionId;
}

async function tryCall<C extends Channel>(channel: C, input: CallInput<C>): Promise<Result<CallOutput<C>>> {
  return (await view.dispatch(channel, input, true)) as Result<CallOutput<C>>;
}

async function call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await tryCall(channel, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** A file in the pieces the renderer sends: a small first one, then pieces of UPLOAD_CHUNK_BYTES. */
function pieces(bytes: Buffer): string[] {
  const out = [bytes.subarray(0, UPLOAD_FIRST_PIECE_BYTES).toString('base64')];
  for (let at = UPLOAD_FIRST_PIECE_BYTES; at < bytes.length; at += UPLOAD_CHUNK_BYTES) out.push(bytes.subarray(at, at + UPLOAD_CHUNK_BYTES).toString('base64'));
  return out;
}

/** Uploads a file the way the renderer does: begin with the first piece, append the rest, finish. */
async function upload(name: string, bytes: Buffer, others: readonly string[] = []): Promise<Attachment> {
  const [first, ...rest] = pieces(bytes);
  const { id } = await call('attachments.begin', { name, size: bytes.length, data: first! });
  for (const data of rest) await call('attachments.append', { id, data });
  return call('attachments.finish', { sessionId: shown(), id, with: [...others] });
}

/** The message a refused upload gets. */
async function refusal(name: string, bytes: Buffer, others: readonly string[] = []): Promise<string> {
  const error = await upload(name, bytes, others).then(
    () => undefined,
    (err: Error) => err.message,
  );
  if (error === undefined) throw new Error(`${name} was accepted`);
  return error;
}

async function send(text: string, attachments: readonly Attachment[] = []): Promise<void> {
  const ends = () => events.filter((e) => e.type === 'agent_end').length;
  const before = ends();
  await call('chat.send', { sessionId: shown(), text, attachments: attachments.map((a) => a.id) });
  // Tens of megabytes go to disk and to the fake server: give a busy machine time.
  await expect.poll(ends, { timeout: 30_000 }).toBe(before + 1);
}

function sessionFile(): string {
  const dir = join(dataDir, 'sessions');
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  return join(dir, file!);
}

function savedMessages(): AgentMessage[] {
  return readFileSync(sessionFile(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => JSON.parse(line) as SessionEntry)
    .flatMap((e) => (e.type === 'message' ? [e.message] : []));
}

type ApiBlock = { type: string; source?: { type: string; media_type: string; data: string }; title?: string; text?: string; cache_control?: unknown };
/** The blocks of one message of the i-th request, without the prompt-cache markers (tested with the prompt cache). */
const requestContent = (i: number, message = 0) =>
  (fake.messageRequests()[i]!.body as { messages: Array<{ content: ApiBlock[] }> }).messages[message]!.content.map(({ cache_control: _marker, ...block }) => block);

const base64 = (bytes: Buffer) => bytes.toString('base64');

describe('attachments', () => {
  it('sends each image type and a PDF ahead of the text, in the API shape, and keeps them in the session', async () => {
    const files = { png: png(40, 30), jpeg: JPEG_3X2, gif: gif(16, 16), webp: WEBP_3X2, pdf: pdf(3) };
    const attached = [
      await upload('chart.png', files.png),
      await upload('photo.jpg', files.jpeg),
      await upload('anim.gif', files.gif),
      await upload('sticker.webp', files.webp),
      await upload('report.pdf', files.pdf),
    ];
    expect(attached.map(({ name, mediaType, size }) => ({ name, mediaType, size }))).toEqual([
      { name: 'chart.png', mediaType: 'image/png', size: files.png.length },
      { name: 'photo.jpg', mediaType: 'image/jpeg', size: files.jpeg.length },
      { name: 'anim.gif', mediaType: 'image/gif', size: files.gif.length },
      { name: 'sticker.webp', mediaType: 'image/webp', size: files.webp.length },
      { name: 'report.pdf', mediaType: 'application/pdf', size: files.pdf.length },
    ]);
    await send('What is in these?', attached);

    const image = (mediaType: string, bytes: Buffer) => ({ type: 'image', source: { type: 'base64', media_type: mediaType, data: base64(bytes) } });
    const sent = [
      image('image/png', files.png),
      image('image/jpeg', files.jpeg),
      image('image/gif', files.gif),
      image('image/webp', files.webp),
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: base64(files.pdf) }, title: 'report.pdf' },
      { type: 'text', text: 'What is in these?' },
    ];
    expect(requestContent(0)).toEqual(sent);
    expect(apiRequestViolations(fake.messageRequests()[0]?.body)).toEqual([]);

    const names = ['chart.png', 'photo.jpg', 'anim.gif', 'sticker.webp', 'report.pdf'];
    const [prompt] = savedMessages();
    expect(prompt?.content.map((b) => ('name' in b ? b.name : b.type))).toEqual([...names, 'text']);
    expect(prompt?.content[0]).toEqual({ ...sent[0], name: 'chart.png' });

    // Every later request carries them again, as the conversation's history.
    await send('And now?');
    expect(requestContent(1)).toEqual(sent);
    expect(apiRequestViolations(fake.messageRequests()[1]?.body)).toEqual([]);
  });

  it('sends files without text, and titles the session with their names', async () => {
    await send('', [await upload('cat.png', png(8, 8)), await upload('dog.webp', WEBP_3X2)]);
    expect(requestContent(0).map((b) => b.type)).toEqual(['image', 'image']);
    expect(apiRequestViolations(fake.messageRequests()[0]?.body)).toEqual([]);
    const [row] = await call('sessions.list', {});
    expect(row?.title).toBe('cat.png, dog.webp');
    expect(await call('sessions.list', { query: 'dog' })).toHaveLength(1);
  });

  it('shows them again after a restart: the view, the sidebar title from the text beside a 3 MB image, and the rebuilt index', async () => {
    const big = png(1200, 900, 3 * MB);
    await send('Describe the big picture', [await upload('big.png', big)]);
    await core.dispose();
    rmSync(join(dataDir, INDEX_FILE_NAME), { force: true });
    core = boot();

    const opened = await call('sessions.open', {});
    const prompt = opened.entries.flatMap((e) => (e.type === 'message' ? [e.message] : []))[0];
    expect(prompt?.content[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64(big) }, name: 'big.png' });
    const [row] = await call('sessions.list', {});
    expect(row).toMatchObject({ title: 'Describe the big picture', messageCount: 2 });

    // Opened from elsewhere, a file this big is shown tail first: the preview carries the image too.
    await call('sessions.new', {});
    events.length = 0;
    await call('sessions.open', { id: opened.header.id });
    const preview = events.flatMap((e) => (e.type === 'session_switched' ? [e.session] : []))[0];
    expect(JSON.stringify(preview?.entries)).toContain(base64(big).slice(0, 200));
  });

  it('carries a 12 MB PDF over the WebSocket in frames under its 8 MB limit, and saves it in one record', { timeout: 60_000 }, async () => {
    const app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key' });
    try {
      const url = new URL(app.url);
      const ws = new WebSocket(`ws://${url.host}/ws?${url.searchParams}`, { origin: url.origin });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      let id = 0;
      const wsCall = (channel: string, input: unknown) =>
        new Promise<Result<unknown>>((resolve) => {
          const mine = ++id;
          const onMessage = (raw: Buffer) => {
            const frame = JSON.parse(raw.toString()) as { id?: number; result?: Result<unknown> };
            if (frame.id !== mine) return;
            ws.off('message', onMessage);
            resolve(frame.result!);
          };
          ws.on('message', onMessage);
          ws.send(JSON.stringify({ id: mine, channel, input }));
        });
      const opened = (await wsCall('sessions.open', {})) as Result<SessionView>;
      if (!opened.ok) throw new Error(opened.error.message);
      const sessionId = opened.data.header.id;
      const big = pdf(2, { padding: 12 * MB });
      const [first, ...rest] = pieces(big);
      const begun = (await wsCall('attachments.begin', { name: 'manual.pdf', size: big.length, data: first })) as Result<{ id: string }>;
      if (!begun.ok) throw new Error(begun.error.message);
      for (const data of rest) expect(await wsCall('attachments.append', { id: begun.data.id, data })).toEqual({ ok: true, data: { ok: true } });
      expect(await wsCall('attachments.finish', { sessionId, id: begun.data.id })).toMatchObject({ ok: true, data: { name: 'manual.pdf', size: big.length } });
      expect(await wsCall('chat.send', { sessionId, text: 'Summarise it', attachments: [begun.data.id] })).toEqual({ ok: true, data: { queued: false } });
      // The Models API request of the core's start counts among the requests; this waits for the message's.
      await expect.poll(() => fake.messageRequests().length, { timeout: 30_000 }).toBe(1);
      expect(requestContent(0)[0]?.source?.data).toBe(base64(big));
      ws.close();
      // The reply goes on with the tab gone; another tab sees how it ended.
      const other = app.core.connect();
      const reopened = async () => ((await other.dispatch('sessions.open', { id: sessionId }, true)) as { data: SessionView }).data;
      await expect.poll(async () => (await reopened()).isStreaming, { timeout: 30_000 }).toBe(false);
      const saved = (await reopened()).entries.find((e) => e.type === 'message');
      expect(saved?.type === 'message' && saved.message.content[0]).toMatchObject({ type: 'document', name: 'manual.pdf' });
    } finally {
      await app.close();
    }
  });

  it.each([
    ['a file of another type', 'photo.bmp', () => Buffer.from('BM6\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00(\x00', 'latin1'), texts.attachmentType('photo.bmp')],
    ['a text file named like a picture', 'notes.png', () => Buffer.from('just some notes, not a picture'), texts.attachmentType('notes.png')],
    ['an image over 3.75 MB', 'huge.png', () => png(10, 10, 4 * MB), texts.attachmentTooLarge('huge.png', '4 MB', 'image', '3.75 MB')],
    ['a PDF over 23 MB', 'scan.pdf', () => pdf(1, { padding: 24 * MB }), texts.attachmentTooLarge('scan.pdf', '24 MB', 'PDF', '23 MB')],
    ['an image over 8000 px', 'wide.png', () => png(9000, 2), texts.attachmentDimensions('wide.png', 9000, 2, 8000)],
    ['a PDF over 100 pages', 'book.pdf', () => pdf(101, { objectStream: true }), texts.attachmentPages('book.pdf', 101, 100)],
    ['a password-protected PDF', 'secret.pdf', () => pdf(1, { encrypted: true }), texts.attachmentEncrypted('secret.pdf')],
    ['a PDF cut short', 'torn.pdf', () => pdf(1, { padding: 5000 }).subarray(0, 3000), texts.attachmentUnreadable('torn.pdf', 'a PDF')],
    ['a PNG whose header is broken', 'broken.png', () => png(4, 4).fill(0, 12, 20), texts.attachmentUnreadable('broken.png', 'a PNG image')],
  ])('refuses %s, naming the file and the limit, and writes and sends nothing', async (_, name, bytes, message) => {
    const before = readFileSync(sessionFile(), 'utf8');
    expect(await refusal(name, bytes())).toBe(message);
    expect(readFileSync(sessionFile(), 'utf8')).toBe(before);
    expect(fake.messageRequests()).toHaveLength(0);
  });

  it('refuses a file that would take the request over 23 MB of files, counting the earlier ones the request sends again', { timeout: 60_000 }, async () => {
    const first = await upload('first.pdf', pdf(1, { padding: 12 * MB }));
    // Early, with the other file in the composer…
    expect(await refusal('second.pdf', pdf(1, { padding: 12 * MB }), [first.id])).toMatch(/^second\.pdf is 12 MB; .* would carry 24 MB of files; the limit is 23 MB$/);
    // …and at sending, whatever the renderer said at upload.
    const second = await upload('second.pdf', pdf(1, { padding: 12 * MB }));
    const before = readFileSync(sessionFile(), 'utf8');
    const result = await tryCall('chat.send', { sessionId: shown(), text: 'Compare them', attachments: [first.id, second.id] });
    expect(result).toEqual({ ok: false, error: { code: 'invalid_input', message: texts.attachmentTotal('second.pdf', '12 MB', '24 MB', '23 MB') } });
    expect(readFileSync(sessionFile(), 'utf8')).toBe(before);
    expect(fake.messageRequests()).toHaveLength(0);

    // Sent alone, the first one becomes part of the conversation, and the second no longer fits beside it.
    await send('Read this', [first]);
    expect(await refusal('second.pdf', pdf(1, { padding: 12 * MB }))).toBe(texts.attachmentTotal('second.pdf', '12 MB', '24 MB', '23 MB'));
  });

  it('refuses a message that names the same file twice at once, before encoding any of it', async () => {
    // Each of the 200 ids was encoded before the limits were counted: a 12 MB file took the process to gigabytes.
    const report = await upload('report.pdf', pdf(1, { padding: MB }));
    const before = readFileSync(sessionFile(), 'utf8');
    expect(await tryCall('chat.send', { sessionId: shown(), text: 'Read it', attachments: Array.from({ length: 200 }, () => report.id) })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: texts.attachmentTwice('report.pdf') },
    });
    expect(readFileSync(sessionFile(), 'utf8')).toBe(before);
    await send('Read it once', [report]);
    expect(savedMessages()[0]!.content.map((b) => b.type)).toEqual(['document', 'text']);
  });

  it('refuses the 101st image or PDF of a request, and the PDF that takes the pages of a request over 100', async () => {
    const many = [];
    for (let i = 0; i < 99; i++) many.push(await upload(`dot${i}.gif`, gif(1, 1)));
    many.push(await upload('sixty.pdf', pdf(60)));
    await send('Count them', many);
    expect(await refusal('one-more.gif', gif(1, 1))).toBe(texts.attachmentCount('one-more.gif', 100));
    // Over the count as well, but the pages are what the message is about only when the count allows: use a fresh session.
    await call('sessions.new', {});
    await send('A long one', [await upload('sixty.pdf', pdf(60))]);
    expect(await refusal('fifty.pdf', pdf(50))).toBe(texts.attachmentPagesTotal('fifty.pdf', 110, 100));
  });

  it('allows 8000 px for up to 20 images, and 2000 px for each once there are more', async () => {
    const twenty = [await upload('large.png', png(3000, 20))];
    for (let i = 1; i < 20; i++) twenty.push(await upload(`small${i}.gif`, gif(10, 10)));
    await send('Twenty pictures', twenty);
    expect(apiRequestViolations(fake.messageRequests()[0]?.body)).toEqual([]);
    expect(await refusal('one-more.gif', gif(10, 10))).toBe(texts.attachmentManyImages('one-more.gif', 21, 2000, 'large.png', 3000, 20));
  });

  it('keeps files out of messages queued while a reply streams, and refuses an id it does not hold', async () => {
    fake.enqueue({ kind: 'text', text: 'A slow reply that takes its time.', chunkSize: 4, delayMs: 80 });
    await call('chat.send', { sessionId: shown(), text: 'Start' });
    const picture = await upload('late.png', png(4, 4));
    expect(await tryCall('chat.send', { sessionId: shown(), text: 'and this', attachments: [picture.id] })).toEqual({
      ok: false,
      error: { code: 'busy', message: texts.attachmentWhileBusy },
    });
    await expect.poll(() => events.some((e) => e.type === 'agent_end')).toBe(true);
    // Still there for when the reply is done.
    await send('Now the picture', [picture]);
    expect(requestContent(1, 2).map((b) => b.type)).toEqual(['image', 'text']);

    // Sent once, gone: the same id again is refused and nothing is written.
    expect(await tryCall('chat.send', { sessionId: shown(), text: 'again', attachments: [picture.id] })).toEqual({
      ok: false,
      error: { code: 'not_found', message: texts.attachmentGone },
    });
    await call('attachments.discard', { id: (await upload('gone.png', png(4, 4))).id });
    expect(savedMessages()).toHaveLength(4);
  });

  it('names the files of the conversation in the handoff prompt, and the new session starts from text alone', async () => {
    await send('Look at these', [await upload('floorplan.png', png(50, 40)), await upload('contract.pdf', pdf(2))]);
    fake.enqueue({ kind: 'text', text: '## Goal\nFinish the flat.\n## Critical Context\nfloorplan.png shows two rooms.' });
    const result = await call('handoff.start', { sessionId: shown() });
    expect(result.status).toBe('done');
    const handoffRequest = fake.messageRequests()[1]?.body as { messages: Array<{ content: ApiBlock[] }> };
    const prompt = handoffRequest.messages.at(-1)!.content.at(-1)!.text!;
    expect(prompt).toContain('floorplan.png (image), contract.pdf (PDF)');

    await send('What next?');
    const next = fake.messageRequests()[2]?.body as { messages: Array<{ content: ApiBlock[] }> };
    const blocks = next.messages.flatMap((m) => m.content);
    expect(blocks.every((b) => b.type === 'text')).toBe(true);
    expect(JSON.stringify(next)).toContain('floorplan.png shows two rooms.');
  });

  it('counts a file in the context meter by what the model sees, not by its base64', async () => {
    const big = png(1000, 750, 2 * MB);
    fake.enqueue({ kind: 'text', text: 'Seen.', usage: { input_tokens: 1 } });
    await send('', [await upload('padded.png', big)]);
    // The reply's usage (1 token) is measured; the next prompt is estimated on top of it.
    fake.enqueue({ kind: 'stall' });
    await call('chat.send', { sessionId: shown(), text: '', attachments: [(await upload('again.png', big)).id] });
    const contextTokens = (await call('sessions.open', {})).contextTokens;
    await call('chat.stop', { sessionId: shown() });
    // 1000 × 750 / 750 = 1,000 tokens for the picture; its 2.7 MB of base64 would be ~700,000 "tokens".
    expect(contextTokens).toBeGreaterThan(1_000);
    expect(contextTokens).toBeLessThan(1_100);
  });
});
