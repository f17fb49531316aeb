// Export session, Export document and Import session through the core's calls, as the renderer makes
// them: real session files in a temp folder, a fake model server, both ways an export can leave (the
// desktop's save dialog, a web-mode download).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel, SaveOutcome } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { createCore, type Core, type CoreView } from '../../../electron/core/BatonCore';
import { EnvApiKeyStore } from '../../../electron/core/settings/apiKey';
import { openConfSettings } from '../../../electron/core/settings/SettingsStore';
import type { ExportFile } from '../../../electron/core/transfer/sessionExport';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { pdf, png } from '../../support/testFiles';

const fake = useFakeAnthropic();
let dataDir: string;
let core: Core;
/** The window the calls come from. */
let view: CoreView;
let events: BatonEvent[];

function boot(saveFile?: (file: ExportFile) => Promise<string | undefined>): Core {
  const settings = openConfSettings(dataDir);
  settings.set({ autoTitle: false }); // a title request would take the replies queued here, and rename the sessions
  const started = createCore({
    dataDir,
    settings,
    apiKey: new EnvApiKeyStore({ ANTHROPIC_API_KEY: 'test-key' }),
    transport: saveFile ? 'electron' : 'web',
    provider: { baseURL: fake.url, maxRetries: 1, inactivityTimeoutMs: 5_000 },
    ...(saveFile && { saveFile }),
  });
  events = [];
  view = started.connect();
  view.subscribe((e) => events.push(e));
  return started;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-transfer-'));
  core = boot();
});
afterEach(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await view.dispatch(channel, input, true);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.data as CallOutput<C>;
}

async function failure<C extends Channel>(channel: C, input: CallInput<C>) {
  const result = await view.dispatch(channel, input, true);
  if (result.ok) throw new Error(`${channel} succeeded`);
  return result.error;
}

/** Starts a run and waits for its end. */
async function run(start: () => Promise<unknown>): Promise<void> {
  const ends = () => events.filter((e) => e.type === 'agent_end').length;
  const before = ends();
  await start();
  await expect.poll(ends).toBe(before + 1);
}

/** The session the view shows, opening where the user left off when it shows none yet. */
async function shown(): Promise<string> {
  return view.sessionId ?? (await call('sessions.open', {})).header.id;
}

/** The session the view shows, as it is now. */
const current = async () => call('sessions.open', { id: await shown() });

const chat = (text: string) => run(async () => call('chat.send', { sessionId: await shown(), text }));

function downloaded(outcome: SaveOutcome): Extract<SaveOutcome, { status: 'download' }> {
  if (outcome.status !== 'download') throw new Error(`expected a download, got ${outcome.status}`);
  return outcome;
}

/** Sends a file's text the way the renderer does: begin, pieces, finish. */
async function importText(fileName: string, text: string, pieces = 3) {
  const { uploadId } = await call('sessions.importBegin', { fileName, size: text.length });
  const size = Math.ceil(text.length / pieces);
  for (let at = 0; at < text.length; at += size) await call('sessions.importAppend', { uploadId, text: text.slice(at, at + size) });
  return view.dispatch('sessions.importFinish', { uploadId }, true);
}

const sessionFiles = () => readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.jsonl')).sort();
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../fixtures/imports', name), 'utf8');

describe('Export session', () => {
  it('gives web mode a Markdown download: title, who said what and when, thinking folded, code as written', async () => {
    fake.enqueue({
      kind: 'reply',
      content: [
        { type: 'thinking', thinking: 'A small example will do', signature: 'c2ln' },
        { type: 'text', text: 'Like this:\n\n```ts\nconst answer = 42;\n```' },
      ],
    });
    await chat('Show me a constant');
    const { header } = await current();
    const file = downloaded(await call('sessions.export', { id: header.id, format: 'markdown' }));
    expect(file).toMatchObject({ fileName: 'Show me a constant.md', mimeType: 'text/markdown' });
    const md = file.content;
    expect(md.startsWith('# Show me a constant\n')).toBe(true);
    expect(md).toMatch(/## You · \d{4}-\d\d-\d\d \d\d:\d\d UTC\n\nShow me a constant/);
    expect(md).toContain('<details>\n<summary>Thinking</summary>\n\nA small example will do\n\n</details>');
    expect(md).toContain('```ts\nconst answer = 42;\n```');
    expect(md.indexOf('## You')).toBeLessThan(md.indexOf('## Claude'));
  });

  it('gives a JSON export that Import session makes the same conversation of', async () => {
    await chat('First');
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Ship it', status: 'pending' }] }, text: 'Noting it' });
    await chat('Second');
    await call('sessions.rename', { id: (await current()).header.id, title: 'Round trip' });
    const original = await current();
    const file = downloaded(await call('sessions.export', { id: original.header.id, format: 'json' }));
    expect(file).toMatchObject({ fileName: 'Round trip.jsonl', mimeType: 'application/x-ndjson' });
    expect(file.content.split('\n')[0]).toBe(JSON.stringify(original.header));

    const result = await importText(file.fileName, file.content);
    if (!result.ok) throw new Error(result.error.message);
    const { session, format, skippedLines, messageCount } = result.data as CallOutput<'sessions.importFinish'>;
    expect({ format, skippedLines, messageCount }).toEqual({ format: 'baton', skippedLines: 0, messageCount: 6 });
    expect(session.header.id).not.toBe(original.header.id);
    expect(session.header).toMatchObject({ origin: 'import', importedFrom: { format: 'baton', fileName: 'Round trip.jsonl', skippedLines: 0 } });
    expect(session.entries).toEqual(original.entries);
    const listed = await call('sessions.list', {});
    expect(listed.find((s) => s.id === session.header.id)).toMatchObject({ title: 'Round trip', origin: 'import', messageCount: 6 });
    // It is open now, and it goes on like any other session.
    expect((await current()).header.id).toBe(session.header.id);
    await chat('Third');
    expect(JSON.stringify(fake.messageRequests().at(-1)!.body)).toContain('Noting it');
  });

  it('names attached files in the Markdown and keeps them in the JSON, so an import shows them again', async () => {
    const attach = async (name: string, bytes: Buffer) => {
      const { id } = await call('attachments.begin', { name, size: bytes.length, data: bytes.toString('base64') });
      return (await call('attachments.finish', { sessionId: await shown(), id, with: [] })).id;
    };
    const ids = [await attach('chart.png', png(8, 6)), await attach('report.pdf', pdf(1))];
    const ends = events.filter((e) => e.type === 'agent_end').length;
    await call('chat.send', { sessionId: await shown(), text: 'What do these show?', attachments: ids });
    await expect.poll(() => events.filter((e) => e.type === 'agent_end').length).toBe(ends + 1);
    const { header } = await current();

    const md = downloaded(await call('sessions.export', { id: header.id, format: 'markdown' })).content;
    expect(md).toContain('- Attached image `chart.png`');
    expect(md).toContain('- Attached PDF `report.pdf`');
    expect(md).not.toContain(png(8, 6).toString('base64'));

    const json = downloaded(await call('sessions.export', { id: header.id, format: 'json' }));
    const result = await importText(json.fileName, json.content);
    if (!result.ok) throw new Error(result.error.message);
    const imported = (result.data as CallOutput<'sessions.importFinish'>).session;
    const prompt = imported.entries.find((e) => e.type === 'message' && e.message.role === 'user');
    expect(prompt?.type === 'message' && prompt.message.content.map((b) => ('name' in b ? b.name : b.type))).toEqual(['chart.png', 'report.pdf', 'text']);
  });

  it('of a session with versions: the Markdown holds the branch shown, the JSON every version; imported again it opens on that branch', async () => {
    await chat('Name a colour');
    const sessionId = await shown();
    const first = (await current()).entries.at(-1)!;
    fake.enqueue({ kind: 'text', text: 'Blue.' });
    await run(() => call('chat.regenerate', { sessionId, entryId: first.id }));
    const original = await call('sessions.switchBranch', { sessionId, entryId: first.id });
    expect(original.versions[first.id]).toHaveLength(2);

    const markdown = downloaded(await call('sessions.export', { id: original.header.id, format: 'markdown' })).content;
    expect(markdown).toContain('OK: Name a colour');
    expect(markdown).not.toContain('Blue.');
    const file = downloaded(await call('sessions.export', { id: original.header.id, format: 'json' }));
    expect(file.content).toContain('Blue.');

    const result = await importText(file.fileName, file.content);
    if (!result.ok) throw new Error(result.error.message);
    const { session, messageCount } = result.data as CallOutput<'sessions.importFinish'>;
    expect(messageCount).toBe(3);
    expect(session.entries).toEqual(original.entries);
    expect(session.versions).toEqual(original.versions);
  });

  it('exports a session that is not open without taking it over', async () => {
    await chat('Kept aside');
    const { header } = await current();
    await call('sessions.new', {});
    const file = downloaded(await call('sessions.export', { id: header.id, format: 'markdown' }));
    expect(file.content).toContain('Kept aside');
    // Its lock was never taken: it opens as usual.
    expect((await call('sessions.open', { id: header.id })).header.id).toBe(header.id);
  });

  it('on the desktop, saves where the user says in the save dialog, or nothing when they cancel', async () => {
    await core.dispose();
    const offered: ExportFile[] = [];
    let answer: string | undefined = '/home/me/Exported.md';
    core = boot(async (file) => {
      offered.push(file);
      return answer;
    });
    await chat('Desktop export');
    const { header } = await current();
    expect(await call('sessions.export', { id: header.id, format: 'markdown' })).toEqual({ status: 'saved', path: '/home/me/Exported.md' });
    expect(offered[0]).toMatchObject({ fileName: 'Desktop export.md', mimeType: 'text/markdown' });
    expect(offered[0]!.content).toContain('# Desktop export');
    answer = undefined;
    expect(await call('sessions.export', { id: header.id, format: 'json' })).toEqual({ status: 'cancelled' });
  });
});

describe('Export document', () => {
  it('saves the handoff document of the card a handed-off session starts with', async () => {
    await chat('We are building a bridge');
    await chat('Use steel');
    fake.enqueue({ kind: 'text', text: '## Goal\nBuild a steel bridge' });
    const result = await call('handoff.start', { sessionId: await shown() });
    if (result.status !== 'done') throw new Error(result.status);
    const card = result.session.entries.find((e) => e.type === 'custom_message')!;
    const file = downloaded(await call('sessions.exportDocument', { id: result.session.header.id, entryId: card.id }));
    expect(file).toEqual({
      status: 'download',
      fileName: 'Build a steel bridge handoff.md',
      mimeType: 'text/markdown',
      // The document as handed off: the model's text and what the carry-over check appended to it.
      content: '## Goal\nBuild a steel bridge\n\n## Also carried over\n\n- Last request:\n  > Use steel\n',
    });
    const wrong = await failure('sessions.exportDocument', { id: result.session.header.id, entryId: 'nope' });
    expect(wrong.code).toBe('not_found');
  });
});

describe('Import session', () => {
  it('imports a real Claude Code session and opens it, titled by its summary', async () => {
    const before = await current();
    const result = await importText('fe5e1c67.jsonl', fixture('claude-code-viewer-session-excerpt.jsonl'), 5);
    if (!result.ok) throw new Error(result.error.message);
    const { session, messageCount } = result.data as CallOutput<'sessions.importFinish'>;
    expect(messageCount).toBe(7);
    expect(session.header).toMatchObject({
      title: 'Empty Repo Setup: CLAUDE.md Foundation Created',
      origin: 'import',
      importedFrom: { format: 'claude-code', fileName: 'fe5e1c67.jsonl', skippedLines: 0 },
    });
    expect(session.header.id).not.toBe(before.header.id);
    // The view that imported it shows it.
    expect(view.sessionId).toBe(session.header.id);
    // The file on disk is a Baton session like any other.
    const onDisk = readFileSync(join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(session.header.id))!), 'utf8');
    expect(onDisk.trimEnd().split('\n')).toHaveLength(1 + session.entries.length);
  });

  it('takes a character cut between two pieces of the upload over whole, as the file has it', async () => {
    const said = 'Ship it 🚀 ส่งต่อ 🎉';
    const line = (id: string, parentId: string | null, role: string, text: string) =>
      JSON.stringify({ type: 'message', id, parentId, timestamp: '2025-01-01T00:00:00Z', message: { role, content: [{ type: 'text', text }] } });
    const text = `${['{"type":"session","id":"p","timestamp":"2025-01-01T00:00:00Z","cwd":"/"}', line('m1', null, 'user', said), line('m2', 'm1', 'assistant', said)].join('\n')}\n`;
    // Every piece but the last ends on the first half of an emoji's surrogate pair.
    const cuts = [...text.matchAll(/🚀|🎉/g)].map((m) => m.index + 1);
    const { uploadId } = await call('sessions.importBegin', { fileName: 'pi.jsonl', size: text.length });
    for (const [i, at] of [0, ...cuts].entries()) await call('sessions.importAppend', { uploadId, text: text.slice(at, cuts[i] ?? text.length) });
    const result = await view.dispatch('sessions.importFinish', { uploadId }, true);
    if (!result.ok) throw new Error(result.error.message);
    const { session } = result.data as CallOutput<'sessions.importFinish'>;
    const texts = session.entries.flatMap((entry) => (entry.type === 'message' ? [JSON.stringify(entry.message.content)] : []));
    expect(texts).toEqual([JSON.stringify([{ type: 'text', text: said }]), JSON.stringify([{ type: 'text', text: said }])]);
    const onDisk = readFileSync(join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(session.header.id))!), 'utf8');
    expect(onDisk.split(said)).toHaveLength(3);
  });

  it('refuses a file of another shape and creates nothing', async () => {
    await chat('Where I was');
    const where = await current();
    const files = sessionFiles();
    const listed = await call('sessions.list', {});
    for (const [name, text] of [
      ['notes.md', '# My notes\n\nNothing to see.\n'],
      ['events.jsonl', '{"event":"click"}\n{"event":"key"}\n'],
    ] as const) {
      const result = await importText(name, text, 1);
      expect(result).toEqual({
        ok: false,
        error: { code: 'invalid_input', message: name === 'notes.md' ? texts.importNotJsonLines(name) : texts.importUnknownFormat(name) },
      });
    }
    expect(sessionFiles()).toEqual(files);
    expect(readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await call('sessions.list', {})).toEqual(listed);
    expect((await current()).header.id).toBe(where.header.id);
  });

  it('refuses a file that did not arrive whole, and an upload it does not know', async () => {
    const text = fixture('pi-mono-large-session-excerpt.jsonl');
    const { uploadId } = await call('sessions.importBegin', { fileName: 'pi.jsonl', size: text.length });
    await call('sessions.importAppend', { uploadId, text: text.slice(0, 100) });
    expect(await failure('sessions.importFinish', { uploadId })).toEqual({ code: 'invalid_input', message: texts.importIncomplete('pi.jsonl') });
    expect(await failure('sessions.importAppend', { uploadId, text: 'x' })).toEqual({ code: 'not_found', message: texts.importInterrupted });
    const files = sessionFiles();
    const big = await call('sessions.importBegin', { fileName: 'pi.jsonl', size: 10 });
    expect(await failure('sessions.importAppend', { uploadId: big.uploadId, text: text.slice(0, 11) })).toMatchObject({ code: 'invalid_input' });
    expect(sessionFiles()).toEqual(files);
  });

  it('does not wait for a reply streaming in another session, nor stop it', async () => {
    fake.enqueue({ kind: 'text', text: 'Thinking it over, slowly.', chunkSize: 2, delayMs: 40 });
    const streaming = await shown();
    await call('chat.send', { sessionId: streaming, text: 'Take your time' });
    await expect.poll(() => events.some((e) => e.type === 'message_update')).toBe(true);
    const result = await importText('pi.jsonl', fixture('pi-mono-large-session-excerpt.jsonl'));
    if (!result.ok) throw new Error(result.error.message);
    const imported = (result.data as CallOutput<'sessions.importFinish'>).session;
    expect(view.sessionId).toBe(imported.header.id);
    expect(await call('sessions.running', {})).toEqual([streaming]);
    // The reply goes on in its session and is saved whole there.
    await expect.poll(() => events.some((e) => e.type === 'session_status' && e.sessionId === streaming && !e.running)).toBe(true);
    const back = await call('sessions.open', { id: streaming });
    expect(back.entries.flatMap((e) => (e.type === 'message' ? [e.message.content] : []))).toEqual([
      [{ type: 'text', text: 'Take your time' }],
      [{ type: 'text', text: 'Thinking it over, slowly.' }],
    ]);
  });

});
