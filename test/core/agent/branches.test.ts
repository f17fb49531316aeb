// Edit, regenerate, retry and the versions of a message (SPEC §5 message actions) through AgentSession,
// against the fake Anthropic server: what the model is sent follows the branch shown, the old branch
// stays on disk, a reopen shows the branch shown last, and a handoff hands off that branch.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { AgentSession } from '../../../electron/core/agent/AgentSession';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs, type FsSeam } from '../../../electron/core/storage/fsSeam';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { createHarness, diskTranscript, readSessionFile, requestTexts, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());

const file = () => h.agent.sessionManager.getSessionFile();
const lastRequest = () => requestTexts(fake.messageRequests().at(-1));
const contextTexts = () => h.agent.getMessages().map((m) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
const messageEntries = () => h.agent.sessionManager.getBranch().filter((e): e is Extract<SessionEntry, { type: 'message' }> => e.type === 'message');
const entryOf = (text: string) => {
  const found = readSessionFile(file()).entries.find((e) => e.type === 'message' && e.message.content.some((b) => b.type === 'text' && b.text === text));
  if (!found) throw new Error(`no message "${text}"`);
  return found;
};

/** "q1" → "OK: q1" → "q2" → "OK: q2" (the fake answers "OK: <the last user message>"). */
async function twoExchanges(): Promise<void> {
  h = createHarness(fake);
  await h.agent.prompt('q1');
  await h.agent.prompt('q2');
  h.events.length = 0;
}

describe('edit', () => {
  it('sends the new text as a new version of the message; the old branch stays on disk', async () => {
    await twoExchanges();
    const q2 = entryOf('q2');
    const { done } = await h.agent.edit(q2.id, 'q2 edited');
    await done;

    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2 edited']);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'q2 edited', 'OK: q2 edited']);
    expect(diskTranscript(file())).toEqual(['user: q1', 'assistant: OK: q1', 'user: q2', 'assistant: OK: q2', 'user: q2 edited', 'assistant: OK: q2 edited']);
    const edited = entryOf('q2 edited');
    expect(edited.parentId).toBe(q2.parentId);

    // The chat is told first which branch it shows, then the run goes as usual.
    const types = h.events.map((e) => e.type).filter((t) => t !== 'message_update' && t !== 'todos_changed');
    expect(types.slice(0, 3)).toEqual(['branch_changed', 'agent_start', 'turn_start']);
    const changed = h.of('branch_changed')[0];
    expect(changed?.branch.entries.filter((e) => e.type === 'message')).toHaveLength(2);
    expect(h.of('message_end')[0]).toMatchObject({ entry: { id: edited.id }, versions: [q2.id, edited.id] });
    expect(h.of('message_end')[1]?.versions).toBeUndefined();
  });

  it('refuses an assistant message, an unknown id, and anything while a reply streams', async () => {
    await twoExchanges();
    await expect(h.agent.edit(entryOf('OK: q1').id, 'x')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.agent.edit('nope', 'x')).rejects.toMatchObject({ code: 'not_found' });
    fake.enqueue({ kind: 'text', text: 'slow', chunkSize: 1, delayMs: 30 });
    const { done } = await h.agent.start('q3');
    await expect(h.agent.edit(entryOf('q1').id, 'x')).rejects.toMatchObject({ code: 'busy' });
    await expect(h.agent.regenerate(entryOf('OK: q1').id)).rejects.toMatchObject({ code: 'busy' });
    expect(() => h.agent.showVersion(entryOf('OK: q1').id)).toThrow(expect.objectContaining({ code: 'busy' }));
    await done;
    expect(h.of('branch_changed')).toEqual([]);
  });

  it('that cannot be saved (disk full) leaves the branch shown as it was', async () => {
    let full = false;
    const fs: FsSeam = {
      ...realFs,
      writeSync: (...args) => {
        if (full) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return realFs.writeSync(...args);
      },
    };
    h = createHarness(fake, { sessionManager: (dir) => SessionManager.create(dir, { fs }) });
    await h.agent.prompt('q1');
    await h.agent.prompt('q2');
    const before = h.agent.sessionManager.getLeafId();
    full = true;
    await expect(h.agent.edit(entryOf('q1').id, 'x')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(() => h.agent.showVersion(entryOf('q1').id)).not.toThrow(); // the version shown already: nothing to write
    expect(h.agent.sessionManager.getLeafId()).toBe(before);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'q2', 'OK: q2']);
    expect(h.of('branch_changed').at(-1)?.branch.entries.at(-1)?.id).toBe(before);
    full = false;
    expect(diskTranscript(file())).toEqual(['user: q1', 'assistant: OK: q1', 'user: q2', 'assistant: OK: q2']);
  });
});

describe('regenerate', () => {
  it('answers the same message again; both replies are versions', async () => {
    await twoExchanges();
    const a2 = entryOf('OK: q2');
    fake.enqueue({ kind: 'text', text: 'another answer' });
    const { done } = await h.agent.regenerate(a2.id);
    await done;

    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2']);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'q2', 'another answer']);
    const again = entryOf('another answer');
    expect(again.parentId).toBe(a2.parentId);
    expect(h.of('message_end')).toHaveLength(1);
    expect(h.of('message_end')[0]?.versions).toEqual([a2.id, again.id]);
    // No new prompt was written.
    expect(diskTranscript(file()).filter((l) => l.startsWith('user:'))).toEqual(['user: q1', 'user: q2']);
  });

  it('of a failed reply (Retry) replaces it; a request that fails at once still leaves its branch shown after a reopen', async () => {
    h = createHarness(fake, { maxRetries: 0 });
    fake.enqueue({ kind: 'stream_error', text: 'half an ans' });
    await h.agent.prompt('q1');
    const failed = entryOf('half an ans');
    expect(failed.type === 'message' && failed.message.errorMessage).toBeTruthy();

    fake.enqueue({ kind: 'error', status: 400 });
    await (await h.agent.regenerate(failed.id)).done;
    // Nothing came back, so nothing was written but the marker of the branch shown: the question alone.
    const lines = readSessionFile(file()).entries;
    expect(lines.at(-1)).toMatchObject({ type: 'branch_switch', parentId: entryOf('q1').id });
    expect(contextTexts()).toEqual(['q1']);

    const reopened = new AgentSession({ sessionManager: SessionManager.open(file(), { readOnly: true }), provider: h.agent.provider, getSettings: () => h.settings, promptsDir: h.promptsDir });
    expect(reopened.getMessages().map((m) => m.role)).toEqual(['user']);

    // Retry from the question itself, whose reply never came.
    await (await h.agent.regenerate(entryOf('q1').id)).done;
    expect(contextTexts()).toEqual(['q1', 'OK: q1']);
    expect(h.agent.sessionManager.versionsOf(entryOf('OK: q1').id)).toEqual([failed.id, entryOf('OK: q1').id]);
  });
});

describe('versions', () => {
  it('switching shows the other branch to the model, to the chat and, after a reopen, again', async () => {
    await twoExchanges();
    const a2 = entryOf('OK: q2');
    fake.enqueue({ kind: 'text', text: 'another answer' });
    await (await h.agent.regenerate(a2.id)).done;
    h.events.length = 0;

    h.agent.showVersion(a2.id);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'q2', 'OK: q2']);
    const changed = h.of('branch_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.branch.versions[a2.id]).toEqual([a2.id, entryOf('another answer').id]);
    expect(changed[0]?.branch.entries.at(-1)).toMatchObject({ type: 'branch_switch', parentId: a2.id });

    await h.agent.prompt('q3');
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2', 'OK: q2', 'q3']);

    const path = file();
    h.agent.sessionManager.close();
    const reopened = new AgentSession({ sessionManager: SessionManager.open(path), provider: h.agent.provider, getSettings: () => h.settings, promptsDir: h.promptsDir });
    try {
      expect(reopened.getMessages().map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(['q1', 'OK: q1', 'q2', 'OK: q2', 'q3', 'OK: q3']);
      reopened.showVersion(entryOf('another answer').id);
      expect(reopened.getMessages().map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(['q1', 'OK: q1', 'q2', 'another answer']);
    } finally {
      reopened.sessionManager.close();
    }
    h.agent.switchSession(SessionManager.create(h.sessionsDir)); // the harness closes this one
  });

  it('an unknown id is not found; the todos follow the branch shown', async () => {
    h = createHarness(fake);
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'write the parser', status: 'pending' }] } }, { kind: 'text', text: 'listed' });
    await h.agent.prompt('plan it');
    expect(h.agent.getTodos()).toHaveLength(1);
    const plan = messageEntries()[0];
    await (await h.agent.edit(plan?.id ?? '', 'no plan')).done;
    expect(h.agent.getTodos()).toEqual([]);
    h.agent.showVersion(plan?.id ?? '');
    expect(h.agent.getTodos()).toEqual([{ content: 'write the parser', status: 'pending' }]);
    expect(() => h.agent.showVersion('nope')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('handoff from a branch that is not the newest', () => {
  it('hands off the branch shown, not the one written last', async () => {
    h = createHarness(fake);
    await h.agent.prompt('We are building the apple parser');
    const first = entryOf('We are building the apple parser');
    await (await h.agent.edit(first.id, 'We are building the banana parser')).done;
    h.agent.showVersion(first.id);
    const oldFile = file();

    const document = HANDOFF_SECTIONS.map((s) => `## ${s}\napples`).join('\n\n');
    fake.enqueue({ kind: 'text', text: document });
    const done = await h.agent.handoff();
    expect(done.document).toBe(document);
    const sent = requestTexts(fake.messageRequests().at(-1)).join('\n');
    expect(sent).toContain('apple parser');
    expect(sent).not.toContain('banana');
    // The old session keeps both branches; the handoff exchange hangs off the branch shown.
    const old = readSessionFile(oldFile).entries;
    const prompt = old.find((e) => e.type === 'message' && e.message.purpose === 'handoff');
    expect(old.find((e) => e.id === prompt?.parentId)).toMatchObject({ type: 'branch_switch' });
    expect(diskTranscript(oldFile).filter((l) => l.includes('banana'))).toHaveLength(2);
  });
});

describe('queued messages', () => {
  it('can be changed or removed until they are sent', async () => {
    h = createHarness(fake);
    fake.enqueue({ kind: 'text', text: 'slow first answer', chunkSize: 1, delayMs: 20 });
    const { done } = await h.agent.start('first');
    h.agent.steer('steer me');
    h.agent.followUp('then this');
    h.agent.followUp('and that');
    h.agent.changeQueued('steering', 0, 'steer me', 'steer me better');
    h.agent.changeQueued('followUp', 0, 'then this');
    expect(h.agent.getQueues()).toMatchObject({ steering: ['steer me better'], followUp: ['and that'] });
    expect(h.of('queue_changed').at(-1)).toMatchObject({ steering: ['steer me better'], followUp: ['and that'] });
    // What the UI showed is no longer there: refused, nothing changes.
    expect(() => h.agent.changeQueued('followUp', 0, 'then this', 'x')).toThrow(expect.objectContaining({ code: 'not_found' }));
    await done;
    expect(diskTranscript(file()).filter((l) => l.startsWith('user:'))).toEqual(['user: first', 'user: steer me better', 'user: and that']);
    expect(() => h.agent.changeQueued('steering', 0, 'steer me better')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
