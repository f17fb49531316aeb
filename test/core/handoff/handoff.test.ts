// Handoff (SPEC §4) end to end: the session's HandoffPipeline and AgentSession + real session files + the
// real provider against the fake Anthropic server. Each reference step of §4.1 and each "beyond" item of
// §4.2 has a test; assertions are on what is on disk and on the requests Baton sent. The old session keeps
// its agent; the child is a session of its own, with its own agent (h.child()).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { HANDOFF_SECTIONS, texts } from '../../../shared/texts';
import { HANDOFF_PROMPT_OPENING, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { buildHandoffPrompt, HANDOFF_MAX_TOKENS } from '../../../electron/core/handoff/handoffDocument';
import { AgentSession } from '../../../electron/core/agent/AgentSession';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs, type FsSeam } from '../../../electron/core/storage/fsSeam';
import { expectValidRequests } from '../../support/apiRequestRules';
import { useFakeAnthropic, type Scenario } from '../../fakeAnthropic';
import {
  bodyOf,
  createHarness,
  handoffError,
  diskTranscript,
  MODEL,
  readSessionFile,
  requestTexts,
  sessionFiles,
  until,
  writeTemplate,
  type Harness,
  type HarnessOptions,
} from '../agent/harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());
// Whatever a test did, every request it made is one the Messages API accepts.
afterEach(() => {
  expectValidRequests(fake.messageRequests());
});

/** What the seeded session asks for: its last request, which the carry-over check wants in the document. */
const REQUEST = 'Build a parser for the config format';
// The document names the seeded session's last request, so the carry-over check (SPEC §4.3) finds
// nothing missing and the new session holds the model's text exactly, in the wrapper of §4.1 step 8.
// Tests of a session with more to carry (an open todo, another request) say what is appended.
const DOCUMENT = HANDOFF_SECTIONS.map((s) => `## ${s}\n${s}: ${s === 'Goal' ? REQUEST.toLowerCase() : 'the parser work'}.`).join('\n\n');
const docScenario = (extra: Partial<Extract<Scenario, { kind: 'text' }>> = {}): Scenario => ({ kind: 'text', text: DOCUMENT, chunkSize: 40, ...extra });

const setup = (options: HarnessOptions = {}) => (h = createHarness(fake, options));
/** A session with one exchange (two messages), ready to hand off. */
async function seeded(options: HarnessOptions = {}): Promise<Harness> {
  setup(options);
  await h.agent.prompt(REQUEST);
  return h;
}
const file = () => h.agent.sessionManager.getSessionFile();
/** The file of the session the handoff created. */
const childFile = () => h.child().sessionManager.getSessionFile();


describe('reference pipeline (SPEC §4.1)', () => {
  it('step 2–3: fewer than 2 messages → "Nothing to hand off (no messages yet)", nothing else happens', async () => {
    setup();
    const before = sessionFiles(h);
    const error = await handoffError(h.handoff.handoff());
    expect(error).toMatchObject({ kind: 'nothing', message: texts.nothingToHandOff });
    // The user message alone (the reply failed) is still fewer than 2.
    fake.enqueue({ kind: 'error', status: 401 });
    await h.agent.prompt('hello');
    expect(diskTranscript(file())).toEqual(['user: hello']);
    expect(await handoffError(h.handoff.handoff())).toMatchObject({ kind: 'nothing', message: texts.nothingToHandOff });
    expect(fake.messageRequests()).toHaveLength(1);
    expect(sessionFiles(h)).toEqual(before);
    expect(h.children).toEqual([]);
    expect(h.handoff.isGenerating).toBe(false);
  });

  it('step 3: isGenerating holds while the controller exists; the prompt has the six sections and the focus', async () => {
    await seeded();
    fake.enqueue(docScenario({ chunkSize: 20, delayMs: 5 }));
    expect(h.handoff.isGenerating).toBe(false);
    const running = h.handoff.handoff('the error messages');
    expect(h.handoff.isGenerating).toBe(true);
    await expect(h.agent.start('meanwhile')).rejects.toMatchObject({ code: 'busy' });
    await running;
    expect(h.handoff.isGenerating).toBe(false);
    const sent = requestTexts(fake.messageRequests()[1]).at(-1) ?? '';
    for (const section of HANDOFF_SECTIONS) expect(sent).toContain(section);
    expect(sent.endsWith('\n\nAdditional focus: the error messages')).toBe(true);
  });

  it('step 4: sent through prompt() with templates off, shown and saved as an ordinary exchange in the old session', async () => {
    await seeded();
    // Templates named like words of the prompt, and like the command itself: none may be used.
    for (const name of ['handoff', 'This', 'Goal', 'Progress', 'Next']) writeTemplate(h, name, `TEMPLATE ${name} $ARGUMENTS`);
    const oldFile = file();
    fake.enqueue(docScenario());
    const sending = vi.spyOn(h.agent, 'prompt');
    await h.handoff.handoff();
    const prompt = buildHandoffPrompt();
    expect(sending).toHaveBeenCalledExactlyOnceWith(prompt, expect.objectContaining({ expandPromptTemplates: false, aside: { purpose: 'handoff' } }));
    expect(requestTexts(fake.messageRequests()[1]).at(-1)).toBe(prompt);
    expect(diskTranscript(oldFile)).toEqual([
      'user: Build a parser for the config format',
      'assistant: OK: Build a parser for the config format',
      `user: ${prompt}`,
      `assistant: ${DOCUMENT}`,
    ]);
    // The renderer saw it as an ordinary exchange: the prompt and the reply, each with its saved entry.
    const ends = h.of('message_end').slice(-2);
    expect(ends.map((e) => [e.message.role, e.entry?.type])).toEqual([
      ['user', 'message'],
      ['assistant', 'message'],
    ]);
  });

  it('step 5: the document is the last assistant message’s text blocks joined with \\n, read at agent_end', async () => {
    await seeded();
    fake.enqueue({ kind: 'reply', content: [{ type: 'text', text: `## Goal\n${REQUEST}` }, { type: 'text', text: '## Next Steps\nB' }] });
    const done = await h.handoff.handoff();
    expect(done.document).toBe(`## Goal\n${REQUEST}\n## Next Steps\nB`);
    expect(readSessionFile(childFile()).entries[0]).toMatchObject({ content: wrapHandoffDocument(`## Goal\n${REQUEST}\n## Next Steps\nB`) });
  });

  it('step 6: aborted → no new session; no text → no new session', async () => {
    await seeded();
    const before = sessionFiles(h);
    fake.enqueue({ kind: 'empty' });
    expect(await handoffError(h.handoff.handoff())).toMatchObject({ kind: 'failed' });
    fake.enqueue(docScenario({ chunkSize: 5, delayMs: 20 }));
    const running = h.handoff.handoff();
    await until(() => h.of('handoff_progress').some((e) => e.text.length > 0));
    h.handoff.abort();
    expect(await handoffError(running)).toMatchObject({ kind: 'cancelled', message: texts.handoffCancelled });
    expect(sessionFiles(h)).toEqual(before);
    expect(h.children).toEqual([]);
  });

  it('step 7: flush, new session whose agent starts from the handoff alone (empty queues, reminder counter reset); the old session keeps its agent, file and queues', async () => {
    await seeded();
    // An open todo and one stale turn: the counter stands at 1 (2 after the handoff turn).
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Finish parser', status: 'pending' }] } }, { kind: 'text', text: 'noted' });
    await h.agent.prompt('track it');
    const oldId = h.agent.sessionId;
    const oldFile = file();
    const oldMessages = h.agent.getMessages();

    fake.enqueue(docScenario({ chunkSize: 10, delayMs: 10 }));
    const running = h.handoff.handoff();
    await until(() => fake.messageRequests().length === 4);
    h.agent.steer('steer while generating');
    h.agent.followUp('follow up while generating');
    h.agent.queueNextTurn('context while generating');
    const queued = { steering: ['steer while generating'], followUp: ['follow up while generating'], nextTurn: ['context while generating'] };
    expect(h.agent.getQueues()).toEqual(queued);
    const done = await running;

    // The old session is as it was: its agent, its file, its context (the exchange left out), its queues.
    expect(h.agent.sessionId).toBe(oldId);
    expect(file()).toBe(oldFile);
    expect(h.agent.getMessages()).toEqual(oldMessages);
    expect(h.agent.getQueues()).toEqual(queued);
    // The child is another session, with an agent of its own that holds only the handoff context.
    const child = h.child();
    expect(child.sessionId).toBe(done.childSession);
    expect(child.sessionId).not.toBe(oldId);
    expect(childFile()).not.toBe(oldFile);
    expect(child.getQueues()).toEqual({ steering: [], followUp: [], nextTurn: [] });
    // The queued messages were neither sent during the handoff nor afterwards.
    expect(fake.messageRequests()).toHaveLength(4);
    // DOCUMENT names neither this session's last request nor its open todo: both are appended, exactly so,
    // inside the one wrapper (SPEC §4.3); the todo also travels as the hidden todos message.
    const carried = `${DOCUMENT}\n\n## Also carried over\n\n- Last request:\n  > track it\n- Open todo: Finish parser`;
    expect(done.document).toBe(carried);
    expect(done.carriedOver).toEqual({ kept: 2, total: 2 });
    expect(child.getMessages()).toEqual([{ role: 'user', content: [{ type: 'text', text: wrapHandoffDocument(carried) }] }, expect.anything()]);

    // Counter reset: without it this prompt's turn would be the third stale one and queue a reminder.
    await child.prompt('continue');
    expect(child.getQueues().nextTurn).toEqual([]);
    expect(requestTexts(fake.messageRequests().at(-1)).join('\n')).not.toContain('while generating');
  });

  it('step 8: the new session holds the document as custom_message "handoff", display true, in the exact wrapper', async () => {
    await seeded();
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff();
    const { header, entries } = readSessionFile(childFile());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'custom_message',
      customType: 'handoff',
      display: true,
      parentId: null,
      content: `<handoff-context>\n${DOCUMENT}\n</handoff-context>\n\nThe above is a handoff document from a previous session. Use this context to continue the work seamlessly.`,
    });
    expect(header.id).toBe(h.child().sessionId);
    expect(header.id).toBe(done.childSession);
  });

  it('step 9: the context is rebuilt from the new session; the next request carries the wrapper and none of the old transcript', async () => {
    await seeded();
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff();
    expect(done.document).toBe(DOCUMENT);
    expect(h.child().getMessages()).toEqual([{ role: 'user', content: [{ type: 'text', text: wrapHandoffDocument(DOCUMENT) }] }]);

    await h.child().prompt('Carry on');
    const next = fake.messageRequests().at(-1);
    expect(requestTexts(next)).toEqual([wrapHandoffDocument(DOCUMENT), 'Carry on']);
    // The old transcript's request lives on in the document only; its reply and the handoff prompt not at all.
    expect(JSON.stringify(bodyOf(next).messages)).not.toContain(`OK: ${REQUEST}`);
    expect(JSON.stringify(bodyOf(next).messages)).not.toContain(HANDOFF_PROMPT_OPENING);
    expect(bodyOf(next).model).toBe(MODEL);
  });
});

describe('the happy path on disk (integration)', () => {
  it('old file holds the exchange; the new header has parentSession and origin; its only entry is the handoff', async () => {
    await seeded();
    const oldId = h.agent.sessionId;
    const oldFile = file();
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff('the tokenizer');

    const old = readSessionFile(oldFile);
    expect(old.header.id).toBe(oldId);
    expect(diskTranscript(oldFile).slice(-2)).toEqual([`user: ${buildHandoffPrompt('the tokenizer')}`, `assistant: ${DOCUMENT}`]);

    expect(h.agent.sessionId).toBe(oldId);
    const fresh = readSessionFile(childFile());
    expect(fresh.header).toMatchObject({ type: 'session', id: h.child().sessionId, parentSession: oldId, origin: 'handoff' });
    expect(fresh.entries.map((e) => e.type === 'custom_message' && e.customType)).toEqual(['handoff']);
    expect(sessionFiles(h)).toHaveLength(2);
    expect(done).toEqual({
      document: DOCUMENT,
      missingSections: [],
      contextBefore: expect.any(Number),
      contextAfter: expect.any(Number),
      trimmedMessages: 0,
      // The one item the carry-over check wants, the last request, is in the document: nothing appended.
      carriedOver: { kept: 1, total: 1 },
      carryOver: [{ id: 'request-1', kind: 'request', text: REQUEST, inDocument: true }],
      sources: {},
      unverified: [],
      childSession: fresh.header.id,
      childTitle: fresh.header.title,
    });
  });
});

describe('beyond the reference (SPEC §4.2)', () => {
  it('cancel: abortHandoff() stops the request at once; "cancelled", no new session file, old session usable', async () => {
    await seeded();
    const before = sessionFiles(h);
    const oldId = h.agent.sessionId;
    fake.enqueue(docScenario({ chunkSize: 4, delayMs: 50 }));
    const running = h.handoff.handoff();
    await until(() => h.of('handoff_progress').some((e) => e.phase === 'generating' && e.text.length > 0));
    const cancelledAt = Date.now();
    h.handoff.abort();
    expect(await handoffError(running)).toMatchObject({ kind: 'cancelled', message: texts.handoffCancelled });
    expect(Date.now() - cancelledAt).toBeLessThan(2_000); // the whole document takes about 3 s to stream
    await until(() => fake.messageRequests()[1]?.aborted === true);
    expect(sessionFiles(h)).toEqual(before);
    expect(h.children).toEqual([]);
    expect(h.agent.sessionId).toBe(oldId);
    expect(h.handoff.isGenerating).toBe(false);
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'cancelled' });
    // The stopped exchange is kept like any stopped reply, and the session goes on.
    const entries = readSessionFile(file()).entries;
    const last = entries.filter((e) => e.type === 'message').at(-1);
    expect(last?.type === 'message' && last.message.aborted).toBe(true);
    expect(entries.at(-1)).toMatchObject({ type: 'handoff_outcome', outcome: 'cancelled' });
    await h.agent.prompt('never mind');
    expect(diskTranscript(file()).at(-1)).toBe('assistant: OK: never mind');
  });

  it('empty reply is a failure with its own message, never "cancelled"', async () => {
    await seeded();
    fake.enqueue({ kind: 'empty', emptyTextBlock: true });
    const error = await handoffError(h.handoff.handoff());
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/empty/i);
    expect(error.message).not.toBe(texts.handoffCancelled);
    expect(sessionFiles(h)).toHaveLength(1);
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'failed', text: error.message });
  });

  it.each([
    // maxRetries 1: the 500 is tried twice; text already shown is never retried.
    ['a 500 after retries', [{ kind: 'error', status: 500, retryAfterMs: 5 }, { kind: 'error', status: 500, retryAfterMs: 5 }] as Scenario[]],
    ['a mid-stream error', [{ kind: 'stream_error', text: '## Goal\nhalf', message: 'Overloaded' }] as Scenario[]],
  ])('%s: "failed", old session intact and still usable', async (_, scenarios) => {
    await seeded({ maxRetries: 1 });
    const oldId = h.agent.sessionId;
    const before = diskTranscript(file());
    fake.enqueue(...scenarios);
    const error = await handoffError(h.handoff.handoff());
    expect(error.kind).toBe('failed');
    // Told once, as the handoff's failure, not also as an error of the session.
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'failed', text: error.message });
    expect(h.of('error')).toEqual([]);
    expect(h.agent.sessionId).toBe(oldId);
    expect(h.children).toEqual([]);
    expect(sessionFiles(h)).toHaveLength(1);
    expect(diskTranscript(file()).slice(0, before.length)).toEqual(before);
    // The failed exchange stays in the chat, as any failed exchange does; the conversation goes on.
    await h.agent.prompt('still here?');
    expect(requestTexts(fake.messageRequests().at(-1)).at(-1)).toBe('still here?');
    expect(diskTranscript(file()).at(-1)).toMatch(/^assistant: OK: /);
    expect(h.agent.isStreaming).toBe(false);
  });

  it('lineage: the new header carries parentSession and origin "handoff" and is on disk at once', async () => {
    await seeded();
    const oldId = h.agent.sessionId;
    fake.enqueue(docScenario());
    let headerOnDisk: unknown;
    h.agent.subscribe((e) => {
      if (e.type === 'handoff_progress' && e.phase === 'done') headerOnDisk = readSessionFile(childFile()).header;
    });
    const done = await h.handoff.handoff();
    expect(headerOnDisk).toMatchObject({ parentSession: oldId, origin: 'handoff', id: done.childSession });
  });

  it('structure check: missing section headings come back with the result', async () => {
    await seeded();
    fake.enqueue({ kind: 'text', text: '## Goal\nx\n## Progress\ny\n## Critical Context\nz' });
    const done = await h.handoff.handoff();
    expect(done.missingSections).toEqual(['Constraints & Preferences', 'Key Decisions', 'Next Steps']);
  });

  it('review first: generate without switching, then commit the edited text', async () => {
    await seeded();
    const oldId = h.agent.sessionId;
    fake.enqueue(docScenario());
    const draft = await h.handoff.generate('focus');
    expect(draft).toEqual({
      document: DOCUMENT,
      missingSections: [],
      trimmedMessages: 0,
      carryOver: [{ id: 'request-1', kind: 'request', text: REQUEST, inDocument: true }],
      sources: {},
      unverified: [],
    });
    expect(h.children).toEqual([]);
    expect(sessionFiles(h)).toHaveLength(1);
    expect(diskTranscript(file()).at(-1)).toBe(`assistant: ${DOCUMENT}`); // the exchange is in the old session
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'review', text: DOCUMENT });

    const edited = `${DOCUMENT}\n\nEdited by the user.`;
    const done = await h.handoff.commit(edited);
    expect(done.document).toBe(edited);
    expect(readSessionFile(childFile()).header).toMatchObject({ id: done.childSession, parentSession: oldId, origin: 'handoff' });
    expect(readSessionFile(childFile()).entries[0]).toMatchObject({ customType: 'handoff', content: wrapHandoffDocument(edited) });
  });

  it('review first: a new message discards the waiting document', async () => {
    await seeded();
    fake.enqueue(docScenario());
    await h.handoff.generate();
    await h.agent.prompt('one more thing');
    expect(await handoffError(h.handoff.commit(DOCUMENT))).toMatchObject({ kind: 'nothing' });
    expect(sessionFiles(h)).toHaveLength(1);
  });

  it('a write of the new session that fails leaves the old session intact and usable', async () => {
    let failHandoffEntry = false;
    const fs: FsSeam = {
      ...realFs,
      writeSync: (fd, buffer, ...rest) => {
        if (failHandoffEntry && Buffer.from(buffer).includes('<handoff-context>')) {
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        }
        return realFs.writeSync(fd, buffer, ...rest);
      },
    };
    await seeded({ fs });
    const oldFile = file();
    const before = diskTranscript(oldFile);
    fake.enqueue(docScenario());
    failHandoffEntry = true;
    const error = await handoffError(h.handoff.handoff());
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/The disk is full.*ENOSPC/);
    expect(h.children).toEqual([]);
    expect(h.handoff.isGenerating).toBe(false);
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'failed', text: error.message });
    // The old session holds the exchange and the outcome, and the conversation goes on there.
    expect(diskTranscript(oldFile).slice(0, before.length)).toEqual(before);
    expect(readSessionFile(oldFile).entries.at(-1)).toMatchObject({ type: 'handoff_outcome', outcome: 'failed' });
    failHandoffEntry = false;
    await h.agent.prompt('still fine?');
    expect(diskTranscript(oldFile).at(-1)).toBe('assistant: OK: still fine?');
    expect(requestTexts(fake.messageRequests().at(-1))[0]).toBe('Build a parser for the config format');
  });

  it('review first: discard leaves the old session as it is', async () => {
    await seeded();
    fake.enqueue(docScenario());
    await h.handoff.generate();
    const oldFile = file();
    const onDisk = readFileSync(oldFile, 'utf8');
    const draftEntry = readSessionFile(oldFile).entries.at(-1);
    expect(draftEntry).toMatchObject({ type: 'handoff_draft', draft: { document: DOCUMENT } });
    h.handoff.discard();
    expect(await handoffError(h.handoff.commit(DOCUMENT))).toMatchObject({ kind: 'nothing' });
    expect(file()).toBe(oldFile);
    // The conversation is as it was; one entry is added after the kept draft, with no draft of its own:
    // the review ended, so a reopen of the session offers none.
    expect(readFileSync(oldFile, 'utf8').startsWith(onDisk)).toBe(true);
    const after = readSessionFile(oldFile).entries;
    const added = after.slice(after.findIndex((e) => e.id === draftEntry?.id) + 1);
    expect(added).toEqual([{ type: 'handoff_draft', id: expect.any(String), parentId: draftEntry?.id, timestamp: expect.any(String) }]);
    expect(sessionFiles(h)).toHaveLength(1);
  });

  it('progress events: generating (streamed text), switching, done — and no message_update for the document', async () => {
    await seeded();
    fake.enqueue(docScenario({ chunkSize: 30, delayMs: 20 }));
    const updatesBefore = h.of('message_update').length;
    await h.handoff.handoff();
    const progress = h.of('handoff_progress');
    expect(progress[0]).toMatchObject({ phase: 'generating', text: '' });
    const streamed = progress.filter((e) => e.phase === 'generating' && e.text);
    expect(streamed.length).toBeGreaterThan(1);
    // Each preview is the whole document so far, growing.
    for (let i = 1; i < streamed.length; i++) {
      expect(DOCUMENT.startsWith(streamed[i]?.text ?? '')).toBe(true);
      expect(streamed[i]?.text.length).toBeGreaterThan(streamed[i - 1]?.text.length ?? 0);
    }
    expect(progress.slice(-2).map((e) => [e.phase, e.text])).toEqual([
      ['switching', ''],
      ['done', DOCUMENT],
    ]);
    expect(progress.at(-1)?.sessionId).toBe(h.agent.sessionId);
    expect(h.of('message_update').length).toBe(updatesBefore);
  });

  it('open todos are carried into the new session (entry and agent state) and the model sees them', async () => {
    setup();
    const todos = [
      { content: 'Parse sections', status: 'completed' },
      { content: 'Parse values', status: 'in_progress' },
      { content: 'Write docs', status: 'pending' },
    ];
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos } }, { kind: 'text', text: 'ok' });
    await h.agent.prompt('plan');
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff();
    const open = todos.slice(1);
    const child = h.child();
    const { entries } = readSessionFile(childFile());
    // The context after the handoff counts the carried todos too, and is the figure the new session's
    // meter shows: two messages, each estimated apart (not one ceiling over both texts).
    expect(done.contextAfter).toBe(child.getContextUsage().tokens);
    expect(entries[0]).toMatchObject({ details: { contextAfter: done.contextAfter } });
    expect(entries.map((e) => e.type === 'custom_message' && [e.customType, e.display])).toEqual([
      ['handoff', true],
      ['todos', false],
    ]);
    expect(entries[1]).toMatchObject({ details: { todos: open } });
    expect(child.getTodos()).toEqual(open);
    // The old session keeps its list as it was.
    expect(h.agent.getTodos()).toEqual(todos);
    await child.prompt('go on');
    expect(requestTexts(fake.messageRequests().at(-1))[1]).toContain('[pending] Write docs');
    // Reopened later, the session still has them.
    const handedOff = childFile();
    child.close();
    const reopened = new AgentSession({ sessionManager: SessionManager.open(handedOff), provider: h.agent.provider, getSettings: () => h.settings, promptsDir: h.promptsDir });
    try {
      expect(reopened.getTodos()).toEqual(open);
    } finally {
      reopened.close();
    }
  });

  it('busy guard: refused while a reply streams', async () => {
    await seeded();
    fake.enqueue({ kind: 'text', text: 'a slow reply', chunkSize: 1, delayMs: 10 });
    const { done } = await h.agent.start('next question');
    expect(await handoffError(h.handoff.handoff())).toMatchObject({ kind: 'busy', message: texts.handoffBusy });
    expect(await handoffError(h.handoff.generate())).toMatchObject({ kind: 'busy' });
    expect(h.handoff.isGenerating).toBe(false);
    await done;
    expect(fake.messageRequests()).toHaveLength(2);
  });

  it('handoff model setting: used for the handoff request; the chat model afterwards', async () => {
    await seeded({ settings: { handoffModel: 'claude-handoff' } });
    const oldFile = file();
    fake.enqueue(docScenario());
    await h.handoff.handoff();
    const body = bodyOf(fake.messageRequests()[1]);
    expect(body.model).toBe('claude-handoff');
    expect(body.max_tokens).toBe(HANDOFF_MAX_TOKENS);
    const changes = readSessionFile(oldFile).entries.filter((e) => e.type === 'model_change');
    expect(changes.map((e) => e.type === 'model_change' && e.model)).toEqual([MODEL, 'claude-handoff']);
    await h.child().prompt('continue');
    expect(bodyOf(fake.messageRequests()[2]).model).toBe(MODEL);
    await h.agent.prompt('and here');
    expect(bodyOf(fake.messageRequests()[3]).model).toBe(MODEL);
  });

  it('context size before → after', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'long answer '.repeat(500), usage: { input_tokens: 50_000, output_tokens: 1_500 } });
    await h.agent.prompt('explain everything');
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff();
    expect(done.contextBefore).toBe(51_500);
    // DOCUMENT does not name this session's last request, so the carry-over check appends it (SPEC §4.3):
    // the new session's context is the wrapper around both, at ~4 characters a token.
    const carried = `${DOCUMENT}\n\n## Also carried over\n\n- Last request:\n  > explain everything`;
    expect(done.document).toBe(carried);
    expect(done.contextAfter).toBe(Math.ceil(wrapHandoffDocument(carried).length / 4));
    expect(h.child().getContextUsage().tokens).toBe(done.contextAfter);
    // The old session's meter is unchanged: the exchange stays out of its context.
    expect(h.agent.getContextUsage().tokens).toBe(51_500);
    // Kept with the document, so the card shows them whenever the session is opened.
    const card = readSessionFile(childFile()).entries.find((e) => e.type === 'custom_message' && e.customType === 'handoff');
    expect(card?.type === 'custom_message' && card.details).toMatchObject({ contextBefore: 51_500, contextAfter: done.contextAfter });
  });
});

describe('a transcript too long for the model’s window', () => {
  const filler = (i: number): AgentMessage => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text: `message ${i} ${'word '.repeat(200)}` }],
  });
  /** A session of `n` long messages, written before the agent opens it. */
  const longSession = (n: number) => (dir: string) => {
    const manager = SessionManager.create(dir);
    for (let i = 0; i < n; i++) manager.appendMessage(filler(i));
    return manager;
  };

  it('trims the oldest messages by estimate, tells the model and the caller, and still hands off', async () => {
    setup({ sessionManager: longSession(60), contextWindowFor: () => 20_000 });
    fake.enqueue(docScenario());
    const done = await h.handoff.handoff();
    expect(done.trimmedMessages).toBeGreaterThan(0);
    const sent = bodyOf(fake.messageRequests()[0]).messages;
    const texts = requestTexts(fake.messageRequests()[0]);
    expect(texts[0]).toContain(`The ${done.trimmedMessages} oldest messages`);
    expect(texts.at(-1)).toBe(buildHandoffPrompt());
    expect(texts.join('\n')).not.toContain('message 0 ');
    expect(texts.join('\n')).toContain('message 59 ');
    expect(JSON.stringify(sent).length / 4).toBeLessThan(20_000);
    expect(readSessionFile(childFile()).header.origin).toBe('handoff');
  });

  it('on a "prompt is too long" error, retries with more trimmed', async () => {
    setup({ sessionManager: longSession(40) });
    const limit = 20_000; // characters the fake "model" accepts
    fake.setDefault((request) =>
      JSON.stringify(request.body).length > limit
        ? { kind: 'error', status: 400, message: 'prompt is too long: 212345 tokens > 200000 maximum' }
        : docScenario(),
    );
    const done = await h.handoff.handoff();
    const requests = fake.messageRequests();
    expect(requests.length).toBeGreaterThan(1);
    expect(JSON.stringify(requests.at(-1)?.body).length).toBeLessThanOrEqual(limit);
    expect(done.trimmedMessages).toBeGreaterThan(0);
    expect(requestTexts(requests.at(-1))[0]).toContain(`The ${done.trimmedMessages} oldest messages`);
    expect(h.of('error')).toEqual([]);
    // The refused attempts left nothing behind in the old session: just the prompt and the document.
    expect(readSessionFile(childFile()).header.parentSession).toBe(h.agent.sessionId);
    expect(diskTranscript(file()).slice(40)).toEqual([`user: ${buildHandoffPrompt()}`, `assistant: ${DOCUMENT}`]);
  });
});
