// @vitest-environment happy-dom
// Export session, Export document and Import session as the user meets them: the controls, what the
// core is asked, what the page downloads, and what the user is told.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MainScreen } from '../../renderer/src/components/app/MainScreen';
import { Notices } from '../../renderer/src/components/app/Notices';
import { IMPORT_MAX_CHARS, type SaveOutcome } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { textChunks } from '../../renderer/src/lib/textChunks';
import type { DownloadFile } from '../../renderer/src/lib/download';
import { buttonNamed, click, exchangeEntries, key, render, sessionView, settle, setup, stubLayout, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
beforeAll(stubLayout);
afterEach(() => view?.unmount());

async function screen(handlers: Handlers = {}) {
  const downloads: DownloadFile[] = [];
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), ...handlers }, { deps: { download: (f) => downloads.push(f) } });
  view = await render(
    <>
      <MainScreen />
      <Notices />
    </>,
    ctx.store,
  );
  return { ...ctx, downloads };
}

const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
const alerts = () => document.querySelector('[role="alert"]')?.textContent ?? '';
const download: SaveOutcome = { status: 'download', fileName: 'Question 0.md', mimeType: 'text/markdown', content: '# Question 0\n' };

describe('Export session', () => {
  it('offers Markdown and JSON, and downloads what the core hands back', async () => {
    const { fake, downloads } = await screen({ 'sessions.export': () => download });
    const button = buttonNamed(document, 'Export session')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(buttonNamed(document, 'Markdown (.md)')?.closest('[hidden]')).not.toBeNull();
    await click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await click(buttonNamed(document, 'Markdown (.md)'));
    expect(fake.callsTo('sessions.export')).toEqual([{ id: 's1', format: 'markdown' }]);
    expect(downloads).toEqual([{ status: 'download', fileName: 'Question 0.md', mimeType: 'text/markdown', content: '# Question 0\n' }]);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await click(button);
    await click(buttonNamed(document, 'JSON (.jsonl)'));
    expect(fake.callsTo('sessions.export')).toEqual([
      { id: 's1', format: 'markdown' },
      { id: 's1', format: 'json' },
    ]);
  });

  it('says where the desktop saved it, and nothing when the save dialog was cancelled', async () => {
    let outcome: SaveOutcome = { status: 'saved', path: '/home/me/Question 0.md' };
    const { downloads } = await screen({ 'sessions.export': () => outcome });
    await click(buttonNamed(document, 'Export session'));
    await click(buttonNamed(document, 'Markdown (.md)'));
    expect(status()).toContain('Saved /home/me/Question 0.md');
    outcome = { status: 'cancelled' };
    await click(buttonNamed(document, 'Export session'));
    await click(buttonNamed(document, 'JSON (.jsonl)'));
    expect(downloads).toEqual([]);
    expect(alerts()).toBe('');
  });

  it('closes its choices on Escape, with focus back on the button', async () => {
    await screen();
    const button = buttonNamed(document, 'Export session')!;
    await click(button);
    const choice = buttonNamed(document, 'JSON (.jsonl)')!;
    choice.focus();
    await key(choice, 'Escape');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('Export document', () => {
  it('asks the core for the document of the card it is on', async () => {
    const card = { type: 'custom_message' as const, id: 'card1', parentId: null, timestamp: '2025-01-01T00:00:00.000Z', customType: 'handoff', content: '<handoff-context>\n## Goal\nX\n</handoff-context>', display: true };
    const { fake, downloads } = await screen({
      'sessions.open': () => sessionView({ entries: [card] }),
      'sessions.exportDocument': () => ({ ...download, fileName: 'handoff.md' }),
    });
    await click(buttonNamed(document, 'Export document'));
    expect(fake.callsTo('sessions.exportDocument')).toEqual([{ id: 's1', entryId: 'card1' }]);
    expect(downloads.map((d) => d.fileName)).toEqual(['handoff.md']);
  });
});

/** Picks a file in Import session's file input, as the browser does after the dialog. */
async function pick(file: File): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
  await settle();
}

describe('Import session', () => {
  const imported = sessionView({
    id: 'imp',
    header: {
      type: 'session', version: 1, id: 'imp', timestamp: '2025-01-02T00:00:00.000Z', title: 'From Claude Code', origin: 'import',
      importedFrom: { format: 'claude-code', fileName: 'abc.jsonl', skippedLines: 3 },
    },
    entries: exchangeEntries(1),
  });

  it('sends the file in pieces, opens the new session and says what came over', async () => {
    const { fake } = await screen({
      'sessions.importBegin': () => ({ uploadId: 'u1' }),
      'sessions.importAppend': () => ({ ok: true }),
      'sessions.importFinish': () => ({ session: imported, format: 'claude-code', messageCount: 2, skippedLines: 3 }),
    });
    await pick(new File(['{"type":"user"}\n'], 'abc.jsonl'));
    expect(fake.callsTo('sessions.importBegin')).toEqual([{ fileName: 'abc.jsonl', size: 16 }]);
    expect(fake.callsTo('sessions.importAppend')).toEqual([{ uploadId: 'u1', text: '{"type":"user"}\n' }]);
    expect(fake.callsTo('sessions.importFinish')).toEqual([{ uploadId: 'u1' }]);
    expect(document.querySelector('h1')?.textContent).toBe('From Claude Code');
    expect(status()).toContain('Imported 2 messages; 3 lines of the file skipped');
    expect(document.querySelector('.imported-from')?.textContent).toBe('Imported from Claude Code: abc.jsonl · 3 lines of the file skipped');
    expect(buttonNamed(document, 'Import session')!.disabled).toBe(false);
  });

  it('shows the core’s refusal and stays where it was', async () => {
    const refusal = texts.importUnknownFormat('events.jsonl');
    const ctx = await screen({
      'sessions.importBegin': () => ({ uploadId: 'u1' }),
      'sessions.importAppend': () => ({ ok: true }),
      'sessions.importFinish': () => ({ ok: false, error: { code: 'invalid_input', message: refusal } }),
    });
    const { store } = ctx;
    await pick(new File(['{"event":"click"}\n'], 'events.jsonl'));
    expect(alerts()).toContain(refusal);
    expect(store.getState().session?.header.id).toBe('s1');
    expect(document.querySelector('.imported-from')).toBeNull();
    expect(buttonNamed(document, 'Import session')!.disabled).toBe(false);
  });

  it('refuses a file over the limit before reading it', async () => {
    const { fake } = await screen();
    const big = new File(['x'], 'huge.jsonl');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_CHARS + 1 });
    await pick(big);
    expect(alerts()).toContain(texts.importTooLarge('huge.jsonl', IMPORT_MAX_CHARS / 1_000_000));
    expect(fake.callsTo('sessions.importBegin')).toEqual([]);
  });
});

describe('textChunks', () => {
  it('cuts long text into pieces that join back to it, never between the halves of an emoji', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(5)}😀`;
    const pieces = textChunks(text, 10);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= 10)).toBe(true);
    expect(pieces[0]).toBe('a'.repeat(9)); // the emoji's high half would have been the 10th unit
    expect(pieces.every((p) => !/[\ud800-\udbff]$/.test(p))).toBe(true);
    expect(textChunks('', 10)).toEqual([]);
  });
});
