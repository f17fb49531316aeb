// The registry of open sessions (SPEC §1 "Many sessions at once", §3 "Runs in the background"): a session
// is open while a view shows it or a reply runs in it, and released after, its file's lock with it, so
// another writer can take the file. Real files in a temp dir; a run streams from the fake model server
// through the real provider.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatonEvent } from '../../../shared/contract';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { AgentSession } from '../../../electron/core/agent/AgentSession';
import { AnthropicProvider } from '../../../electron/core/agent/AnthropicProvider';
import { Conversations } from '../../../electron/core/conversations/Conversations';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { lockPathFor } from '../../../electron/core/storage/lock';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { assistant, user, useTempDir } from '../session/helpers';

const fake = useFakeAnthropic();
const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');

let registry: Conversations | undefined;
let events: BatonEvent[] = [];
afterEach(async () => {
  await registry?.dispose();
  registry = undefined;
  events = [];
});

/** The registry as the core builds it, on the sessions written so far. */
function conversations(): Conversations {
  const provider = new AnthropicProvider({ apiKey: 'test', baseURL: fake.url, inactivityTimeoutMs: 5_000 });
  registry = new Conversations({
    store: SessionStore.load(sessionsDir()),
    emit: (event) => events.push(event),
    agentFor: (sessionManager) => new AgentSession({ sessionManager, provider, getSettings: () => DEFAULT_SETTINGS, promptsDir: join(dir(), 'prompts') }),
    parts: { chainTitles: () => [], startHandoff: () => Promise.reject(new Error('no handoff in these tests')) },
  });
  return registry;
}

/** A closed session file holding one exchange. */
function session(): string {
  const manager = SessionManager.create(sessionsDir());
  manager.appendMessage(user('What is a baton?'));
  manager.appendMessage(assistant('What a runner hands to the next.'));
  manager.close();
  return manager.getSessionId();
}

/** Whether another writer (a second SessionManager, as another Baton would open it) can take the file now. */
function anotherWriterCanTake(file: string): boolean {
  try {
    SessionManager.open(file).close();
    return true;
  } catch (err) {
    expect(err).toMatchObject({ code: 'LOCKED' });
    return false;
  }
}

/** Lets the releases the registry schedules for "once the call at hand is done" run. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Conversations: open and release', () => {
  it('opens a session from its file once: a second open gives the same conversation, holding the file', () => {
    const id = session();
    const registry = conversations();
    const opened = registry.openSession(id);
    registry.retain(id);
    expect(opened.id).toBe(id);
    expect(opened.agent.getMessages()).toEqual([user('What is a baton?'), assistant('What a runner hands to the next.')]);
    expect(registry.openSession(id)).toBe(opened);
    expect(registry.get(id)).toBe(opened);
    expect(anotherWriterCanTake(opened.manager.getSessionFile())).toBe(false);
  });

  it('releases a session with no run and no view: its lock goes, another writer can take the file', () => {
    const id = session();
    const registry = conversations();
    const file = registry.openSession(id).manager.getSessionFile();
    registry.retain(id);
    expect(existsSync(lockPathFor(file))).toBe(true);
    registry.release(id);
    expect(registry.get(id)).toBeUndefined();
    expect(existsSync(lockPathFor(file))).toBe(false);
    expect(anotherWriterCanTake(file)).toBe(true);
    // Kept, not dropped: it holds messages.
    expect(SessionStore.load(sessionsDir()).list().map((s) => s.id)).toContain(id);
  });

  it('keeps a session open while any view shows it', () => {
    const id = session();
    const registry = conversations();
    const file = registry.openSession(id).manager.getSessionFile();
    registry.retain(id);
    registry.retain(id); // a second window on it
    registry.release(id);
    expect(registry.get(id)).toBeDefined();
    expect(anotherWriterCanTake(file)).toBe(false);
    registry.release(id);
    expect(registry.get(id)).toBeUndefined();
    expect(anotherWriterCanTake(file)).toBe(true);
  });

  it('a session opened with nobody looking is released once the call at hand is done', async () => {
    const id = session();
    const registry = conversations();
    const file = registry.openSession(id).manager.getSessionFile();
    expect(anotherWriterCanTake(file)).toBe(false);
    await nextTask();
    expect(registry.get(id)).toBeUndefined();
    expect(anotherWriterCanTake(file)).toBe(true);
  });

  it('keeps a session whose reply runs open after its last view goes, and releases it once the reply is saved', async () => {
    const id = session();
    const registry = conversations();
    const conversation = registry.openSession(id);
    const file = conversation.manager.getSessionFile();
    registry.retain(id);
    fake.enqueue({ kind: 'text', text: 'a reply that takes a while '.repeat(6), chunkSize: 6, delayMs: 20 });
    const run = conversation.agent.prompt('Go on');
    await expect.poll(() => events.some((e) => e.type === 'message_update' && e.sessionId === id)).toBe(true);
    registry.release(id);
    await nextTask();
    expect(registry.get(id)).toBe(conversation);
    expect(anotherWriterCanTake(file)).toBe(false);
    expect(registry.runningIds()).toEqual([id]);
    await run;
    await expect.poll(() => registry.get(id)).toBeUndefined();
    expect(anotherWriterCanTake(file)).toBe(true);
    expect(events.filter((e) => e.type === 'session_status' && e.sessionId === id).map((e) => e.type === 'session_status' && e.running)).toEqual([true, false]);
    const saved = SessionManager.open(file, { readOnly: true });
    expect(saved.buildSessionContext().messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'a reply that takes a while '.repeat(6) }] });
    saved.close();
  });

  it('reopening a released session gives the same entries, from its file', async () => {
    const id = session();
    const registry = conversations();
    const first = registry.openSession(id);
    registry.retain(id);
    await first.agent.prompt('One more question');
    const before = first.manager.getEntries();
    expect(before.filter((e) => e.type === 'message')).toHaveLength(4);
    registry.release(id);
    expect(registry.get(id)).toBeUndefined();
    const again = registry.openSession(id);
    expect(again).not.toBe(first);
    expect(again.manager.getEntries()).toEqual(before);
    expect(again.agent.getMessages()).toEqual(first.agent.getMessages());
  });
});
