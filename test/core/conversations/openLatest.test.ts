// Where the user left off (sessions.open without an id): the registry opens the most recently active
// session that opens, skipping what it cannot take, else a new one. Real files in a temp dir.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { AgentSession } from '../../../electron/core/agent/AgentSession';
import { Conversations } from '../../../electron/core/conversations/Conversations';
import { sessionFileName } from '../../../electron/core/session/fileName';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { lockPathFor } from '../../../electron/core/storage/lock';
import { user, useTempDir } from '../session/helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');
const sessionFiles = () => readdirSync(sessionsDir()).filter((name) => name.endsWith('.jsonl'));

let registry: Conversations | undefined;
afterEach(async () => {
  await registry?.dispose();
  registry = undefined;
});

/** The registry as the core builds it, on the sessions written so far; nothing here runs a reply. */
function conversations(): Conversations {
  registry = new Conversations({
    store: SessionStore.load(sessionsDir()),
    emit: () => {},
    agentFor: (sessionManager) =>
      new AgentSession({
        sessionManager,
        provider: { stream: () => Promise.reject(new Error('no reply is asked for in these tests')) },
        getSettings: () => DEFAULT_SETTINGS,
        promptsDir: join(dir(), 'prompts'),
      }),
    parts: { chainTitles: () => [], startHandoff: () => Promise.reject(new Error('no handoff in these tests')) },
  });
  return registry;
}

/** A closed session holding one user message. */
function session(text: string): SessionManager {
  const manager = SessionManager.create(sessionsDir());
  manager.appendMessage(user(text));
  manager.close();
  return manager;
}

/** A lock file as a live process other than this one leaves it (our parent is alive). */
function lockByAnotherProcess(file: string): void {
  writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() }));
}

/** Lets the clock move so last-activity times differ. */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

describe('Conversations.openLatest()', () => {
  it('opens the most recently active session', async () => {
    session('older');
    await tick();
    const latest = session('latest');
    const opened = conversations().openLatest();
    expect(opened.id).toBe(latest.getSessionId());
    expect(opened.manager.getEntries()).toHaveLength(1);
    expect(opened.agent.getMessages()).toEqual([user('latest')]);
  });

  it('skips a session another process writes and a file that is not a session', async () => {
    const readable = session('the one that opens');
    await tick();
    lockByAnotherProcess(session('held elsewhere').getSessionFile());
    await tick();
    writeFileSync(join(sessionsDir(), sessionFileName(new Date().toISOString(), 'broken')), '{"hello":"world"}\n');
    expect(conversations().openLatest().id).toBe(readable.getSessionId());
  });

  it('passes over a session open on another machine (a synced data folder) for the next one that can be written', async () => {
    const writable = session('mine');
    await tick();
    const laptops = session('on the laptop').getSessionFile();
    writeFileSync(lockPathFor(laptops), JSON.stringify({ pid: 4242, startedAt: new Date().toISOString(), host: 'work-laptop', boot: 'booted:1700000000' }));
    const opened = conversations().openLatest();
    expect(opened.id).toBe(writable.getSessionId());
    expect(opened.manager.readOnlyReason).toBeUndefined();
  });

  it('creates a new session when none opens', () => {
    lockByAnotherProcess(session('held elsewhere').getSessionFile());
    const opened = conversations().openLatest();
    expect(opened.manager.getEntries()).toEqual([]);
    expect(sessionFiles()).toHaveLength(2);
    expect(existsSync(opened.manager.getSessionFile())).toBe(true);
  });
});
