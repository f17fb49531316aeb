// Edit, regenerate, retry and the versions of a message (SPEC §5 message actions) through AgentSession,
// against the fake Anthropic server: what the model is sent follows the branch shown, the old branch
// stays on disk, a reopen shows the branch shown last, and a handoff hands off that branch.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { HANDOFF_PROMPT_OPENING } from '../../../shared/sessionFormat';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { AgentSession, CONTINUE_PROMPT } from '../../../electron/core/agent/AgentSession';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs, type FsSeam } from '../../../electron/core/storage/fsSeam';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { expectValidRequests, thinkingBlocksSent } from '../../support/apiRequestRules';
import { png } from '../../support/testFiles';
import { bodyOf, createHarness, diskTranscript, handoffError, readSessionFile, requestTexts, type Harness } from './harness';

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

  it('keeps the files the edited message carried, in the new version and in the request', async () => {
    h = createHarness(fake);
    const image = { type: 'image' as const, name: 'chart.png', source: { type: 'base64' as const, media_type: 'image/png' as const, data: png(8, 6).toString('base64') } };
    await h.agent.prompt('What does this show?', { attachments: [image] });
    await (await h.agent.edit(entryOf('What does this show?').id, 'What does this chart show?')).done;

    const edited = entryOf('What does this chart show?');
    expect(edited.type === 'message' && edited.message.content).toEqual([image, { type: 'text', text: 'What does this chart show?' }]);
    const asked = bodyOf(fake.messageRequests().at(-1)).messages;
    expect(asked).toHaveLength(1);
    expect(asked[0]?.content).toEqual([{ type: 'image', source: image.source }, { type: 'text', text: 'What does this chart show?' }]);
    expectValidRequests(fake.messageRequests());
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

    const reopened = h.reopen();
    expect(reopened.getMessages().map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(['q1', 'OK: q1', 'q2', 'OK: q2', 'q3', 'OK: q3']);
    reopened.showVersion(entryOf('another answer').id);
    expect(reopened.getMessages().map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(['q1', 'OK: q1', 'q2', 'another answer']);
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

    // The document names the shown branch's request, so the carry-over check appends nothing; had the
    // handoff read the other branch, its banana request would be appended.
    const document = HANDOFF_SECTIONS.map((s) => `## ${s}\n${s === 'Goal' ? 'We are building the apple parser' : 'apples'}`).join('\n\n');
    fake.enqueue({ kind: 'text', text: document });
    const done = await h.handoff.handoff();
    expect(done.document).toBe(document);
    const sent = requestTexts(fake.messageRequests().at(-1)).join('\n');
    expect(sent).toContain('apple parser');
    expect(sent).not.toContain('banana');
    // The old session keeps both branches; the handoff exchange hangs off the branch shown.
    const old = readSessionFile(oldFile).entries;
    const prompt = old.find((e) => e.type === 'message' && e.message.purpose === 'handoff');
    expect(old.find((e) => e.id === prompt?.parentId)).toMatchObject({ type: 'branch_switch' });
    expect(diskTranscript(oldFile).filter((l) => l.includes('banana'))).toHaveLength(2);
    expect(readSessionFile(h.child().sessionManager.getSessionFile()).header).toMatchObject({ id: done.childSession, parentSession: h.agent.sessionId });
  });
});

describe('versions of replies that did not end normally', () => {
  it('Regenerate of a reply cut off at max_tokens answers the question again; the cut-off version can still be continued', async () => {
    h = createHarness(fake);
    fake.enqueue({ kind: 'text', text: 'The first half', stopReason: 'max_tokens' });
    await h.agent.prompt('Explain it');
    const cut = entryOf('The first half');

    fake.enqueue({ kind: 'text', text: 'The whole answer' });
    await (await h.agent.regenerate(cut.id)).done;
    expect(lastRequest()).toEqual(['Explain it']);
    expect(contextTexts()).toEqual(['Explain it', 'The whole answer']);
    expect(h.agent.sessionManager.versionsOf(cut.id)).toEqual([cut.id, entryOf('The whole answer').id]);

    h.agent.showVersion(cut.id);
    await (await h.agent.continueReply()).done;
    expect(lastRequest()).toEqual(['Explain it', 'The first half', CONTINUE_PROMPT]);
    expect(entryOf(CONTINUE_PROMPT).parentId).toBe(readSessionFile(file()).entries.find((e) => e.type === 'branch_switch')?.id);
    expectValidRequests(fake.messageRequests());
  });

  it('Regenerate and Edit of a refused exchange send the question again; showing the refusal takes the exchange out of the context again', async () => {
    h = createHarness(fake);
    await h.agent.prompt('q1');
    fake.enqueue({ kind: 'text', text: 'I can’t help with that.', stopReason: 'refusal' });
    await h.agent.prompt('risky');
    expect(contextTexts()).toEqual(['q1', 'OK: q1']);
    const refused = entryOf('I can’t help with that.');

    await (await h.agent.regenerate(refused.id)).done;
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'risky']);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'risky', 'OK: risky']);
    expect(h.agent.sessionManager.versionsOf(refused.id)).toEqual([refused.id, entryOf('OK: risky').id]);

    await (await h.agent.edit(entryOf('risky').id, 'risky, reworded')).done;
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'risky, reworded']);

    h.agent.showVersion(entryOf('risky').id); // its branch ends at the newest reply under it: the regenerated one
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'risky', 'OK: risky']);
    h.agent.showVersion(refused.id);
    expect(contextTexts()).toEqual(['q1', 'OK: q1']);
    await h.agent.prompt('q3');
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q3']);
    expectValidRequests(fake.messageRequests());
  });
});

describe('thinking in branches', () => {
  it('a reply’s signed thinking goes back unchanged in every request made after it, whichever version follows it', async () => {
    h = createHarness(fake);
    const thinking = { type: 'thinking' as const, thinking: 'Weigh both options.', signature: 'sig-1' };
    const thoughtReply = { role: 'assistant', content: [thinking, { type: 'text', text: 'Option A.' }] };
    fake.enqueue({ kind: 'reply', content: [thinking, { type: 'text', text: 'Option A.' }] });
    await h.agent.prompt('Which option?');
    await h.agent.prompt('Why?');
    await (await h.agent.regenerate(entryOf('OK: Why?').id)).done;
    await (await h.agent.edit(entryOf('Why?').id, 'Why A?')).done;
    h.agent.showVersion(entryOf('OK: Why?').id);
    await h.agent.prompt('And B?');

    const requests = fake.messageRequests();
    expect(requests).toHaveLength(5);
    for (const request of requests.slice(1)) expect(bodyOf(request).messages[1]).toEqual(thoughtReply);
    expect(h.agent.getMessages()[1]?.content[0]).toEqual(thinking);

    // A new version of the reply that thought: its thinking stays with its own version.
    const thought = entryOf('Option A.');
    await (await h.agent.regenerate(thought.id)).done;
    expect(thinkingBlocksSent(bodyOf(fake.messageRequests().at(-1)))).toEqual([]);
    h.agent.showVersion(thought.id);
    await h.agent.prompt('Once more');
    expect(bodyOf(fake.messageRequests().at(-1)).messages[1]).toEqual(thoughtReply);
    expectValidRequests(fake.messageRequests());
  });
});

describe('a handoff exchange in a branch', () => {
  it('stays out of the context of every version; the versions around it look past it; it cannot be regenerated', async () => {
    h = createHarness(fake, { maxRetries: 1 });
    await h.agent.prompt('q1');
    fake.enqueue({ kind: 'error', status: 500, retryAfterMs: 5 }, { kind: 'error', status: 500, retryAfterMs: 5 });
    await handoffError(h.handoff.handoff());
    const handoffPrompt = readSessionFile(file()).entries.find((e) => e.type === 'message' && e.message.purpose === 'handoff');
    await expect(h.agent.regenerate(handoffPrompt?.id ?? '')).rejects.toMatchObject({ code: 'invalid_input' });
    await h.agent.prompt('q2');
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2']);
    const [a1, q2, a2] = [entryOf('OK: q1'), entryOf('q2'), entryOf('OK: q2')];
    expect(q2.parentId).toBe(readSessionFile(file()).entries.find((e) => e.type === 'handoff_outcome')?.id);

    fake.enqueue({ kind: 'text', text: 'another answer' });
    await (await h.agent.regenerate(a2.id)).done;
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2']);
    expect(h.agent.sessionManager.versionsOf(a2.id)).toEqual([a2.id, entryOf('another answer').id]);
    await (await h.agent.edit(q2.id, 'q2 edited')).done;
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2 edited']);
    const edited = entryOf('q2 edited');
    expect(edited.parentId).toBe(q2.parentId);
    expect(h.agent.sessionManager.versionsOf(q2.id)).toEqual([q2.id, edited.id]);

    // A new version of the reply before the exchange: a branch without it.
    fake.enqueue({ kind: 'text', text: 'a1 again' });
    await (await h.agent.regenerate(a1.id)).done;
    expect(lastRequest()).toEqual(['q1']);
    const isHandoff = (e: SessionEntry) => (e.type === 'message' && e.message.purpose === 'handoff') || e.type === 'handoff_outcome';
    expect(h.agent.sessionManager.getBranch().some(isHandoff)).toBe(false);

    // Back to the first reply: its branch holds the exchange again, up to where the user last was in it.
    h.agent.showVersion(a1.id);
    const shown = h.of('branch_changed').at(-1)?.branch;
    expect(shown?.entries.filter(isHandoff).map((e) => e.type)).toEqual(['message', 'handoff_outcome']);
    expect(shown?.versions[a1.id]).toEqual([a1.id, entryOf('a1 again').id]);
    expect(shown?.versions[edited.id]).toEqual([q2.id, edited.id]);
    expect(contextTexts()).toEqual(['q1', 'OK: q1', 'q2 edited', 'OK: q2 edited']);
    await h.agent.prompt('q3');
    expect(lastRequest()).toEqual(['q1', 'OK: q1', 'q2 edited', 'OK: q2 edited', 'q3']);
    expect(JSON.stringify(bodyOf(fake.messageRequests().at(-1)))).not.toContain(HANDOFF_PROMPT_OPENING);
    expectValidRequests(fake.messageRequests());
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
