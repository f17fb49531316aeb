// The session tree with more than one branch (SPEC §2 leaf, §5 message actions): a new version of a
// message is written beside the old one, the leaf moves between versions, and what a reopen shows is the
// branch shown last. Real files in a temp dir.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { branchPage, branchWindow } from '../../../electron/core/session/branchWindow';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { summarizeSessionFile } from '../../../electron/core/session/summarizeFile';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { assistant, parseEveryLine, useTempDir, user } from './helpers';

const tempDir = useTempDir();
const sessionsDir = () => join(tempDir(), 'sessions');

const textOf = (entry: SessionEntry) =>
  entry.type === 'message' ? entry.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : entry.type;
const texts = (entries: readonly SessionEntry[]) => entries.map(textOf);

/** q1 → a1 → q2 → a2, with a model change in front as the app writes it. */
function conversation(manager: SessionManager) {
  manager.appendModelChange('claude-test');
  const q1 = manager.appendMessage(user('q1'));
  const a1 = manager.appendMessage(assistant('a1'));
  const q2 = manager.appendMessage(user('q2'));
  const a2 = manager.appendMessage(assistant('a2'));
  return { q1, a1, q2, a2 };
}

/** What an edit writes: the new text beside the old one, then its reply. */
function editAs(manager: SessionManager, entry: SessionEntry, text: string, reply: string) {
  manager.setLeaf(entry.parentId);
  const edited = manager.appendMessage(user(text));
  return { edited, reply: manager.appendMessage(assistant(reply)) };
}

/** What Previous version / Next version writes. */
function show(manager: SessionManager, versionId: string) {
  const leaf = manager.leafToShow(versionId);
  if (leaf === undefined) throw new Error('not a version');
  manager.setLeaf(leaf);
  return manager.saveLeaf();
}

describe('one line of descent', () => {
  it('has no versions, and the branch is every entry', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q1, a2 } = conversation(manager);
    expect(manager.versionsOf(q1.id)).toBeUndefined();
    expect(manager.getBranchSlice(0).versions).toEqual({});
    expect(manager.getBranch()).toEqual(manager.getEntries());
    expect(manager.leafToShow(q1.id)).toBe(a2.id);
    expect(manager.saveLeaf()).toBeUndefined(); // the leaf is the last entry already: nothing to write
    manager.close();
  });
});

describe('an edit', () => {
  it('writes the new message beside the old one; both are versions, the new branch is shown', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q1, a1, q2, a2 } = conversation(manager);
    const { edited, reply } = editAs(manager, q2, 'q2 edited', 'a2 again');

    expect(edited.parentId).toBe(a1.id);
    expect(texts(manager.getBranch())).toEqual(['model_change', 'q1', 'a1', 'q2 edited', 'a2 again']);
    expect(manager.versionsOf(q2.id)).toEqual([q2.id, edited.id]);
    expect(manager.versionsOf(edited.id)).toEqual([q2.id, edited.id]);
    expect(manager.versionsOf(reply.id)).toBeUndefined(); // the replies answer different questions
    expect(manager.versionsOf(a2.id)).toBeUndefined();
    expect(manager.versionsOf(q1.id)).toBeUndefined();
    expect(manager.buildSessionContext().messages.map((m) => textOf({ type: 'message', message: m } as SessionEntry))).toEqual([
      'q1',
      'a1',
      'q2 edited',
      'a2 again',
    ]);
    manager.close();
  });

  it('of the first message makes a second root-level version', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q1 } = conversation(manager);
    const { edited } = editAs(manager, q1, 'q1 edited', 'a1 again');
    expect(manager.versionsOf(edited.id)).toEqual([q1.id, edited.id]);
    expect(texts(manager.getBranch())).toEqual(['model_change', 'q1 edited', 'a1 again']);
    manager.close();
  });
});

describe('a regenerate', () => {
  it('writes another reply to the same message; bookkeeping in between does not split the versions', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2, a2 } = conversation(manager);
    manager.setLeaf(q2.id);
    manager.appendModelChange('claude-other'); // the user picked another model before regenerating
    const again = manager.appendMessage(assistant('a2 again'));
    expect(manager.versionsOf(again.id)).toEqual([a2.id, again.id]);
    expect(manager.versionsOf(a2.id)).toEqual([a2.id, again.id]);
    expect(texts(manager.getBranch()).slice(-3)).toEqual(['q2', 'model_change', 'a2 again']);
    manager.close();
  });
});

describe('switching versions', () => {
  it('writes a branch_switch under the version shown, which a reopen shows again', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2, a2 } = conversation(manager);
    const { edited } = editAs(manager, q2, 'q2 edited', 'a2 again');

    const marker = show(manager, q2.id);
    expect(marker).toMatchObject({ type: 'branch_switch', parentId: a2.id });
    expect(texts(manager.getBranch())).toEqual(['model_change', 'q1', 'a1', 'q2', 'a2', 'branch_switch']);
    expect(manager.buildSessionContext().messages).toHaveLength(4);
    const file = manager.getSessionFile();
    manager.close();

    const lines = parseEveryLine(file);
    expect(lines.at(-1)).toEqual(marker);
    const reopened = SessionManager.open(file);
    expect(reopened.getLeafId()).toBe(marker?.id);
    expect(texts(reopened.getBranch())).toEqual(['model_change', 'q1', 'a1', 'q2', 'a2', 'branch_switch']);
    expect(reopened.versionsOf(q2.id)).toEqual([q2.id, edited.id]);
    // The next message continues the branch shown.
    const q3 = reopened.appendMessage(user('q3'));
    expect(q3.parentId).toBe(marker?.id);
    expect(texts(reopened.getBranch()).slice(-3)).toEqual(['a2', 'branch_switch', 'q3']);
    reopened.close();
  });

  it('shows the newest entry under the version: where the user last was in that branch', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q1, a1, q2, a2 } = conversation(manager);
    const { edited: q2b } = editAs(manager, q2, 'q2 b', 'a2 b');
    show(manager, q2.id); // back to the first q2, under a1
    // Now regenerate a1, and come back to the first a1: its branch shows q2, not the newer q2 b.
    manager.setLeaf(q1.id);
    const a1b = manager.appendMessage(assistant('a1 b'));
    expect(manager.versionsOf(a1.id)).toEqual([a1.id, a1b.id]);
    show(manager, a1.id);
    expect(texts(manager.getBranch()).filter((t) => t !== 'branch_switch')).toEqual(['model_change', 'q1', 'a1', 'q2', 'a2']);
    expect(manager.getBranch().at(-1)?.parentId).toBe(a2.id);
    show(manager, q2b.id);
    expect(texts(manager.getBranch()).filter((t) => t !== 'branch_switch')).toEqual(['model_change', 'q1', 'a1', 'q2 b', 'a2 b']);
    show(manager, a1b.id);
    expect(texts(manager.getBranch()).filter((t) => t !== 'branch_switch')).toEqual(['model_change', 'q1', 'a1 b']);
    expect(manager.leafToShow('no-such-id')).toBeUndefined();
    manager.close();
  });

  it('to the version already shown writes nothing', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2 } = conversation(manager);
    const { edited } = editAs(manager, q2, 'q2 edited', 'a2 again');
    expect(show(manager, edited.id)).toBeUndefined();
    manager.close();
  });
});

describe('a long session', () => {
  it('finds versions and branches whose parents lie far back in the file', () => {
    const manager = SessionManager.create(sessionsDir());
    const first = manager.appendMessage(user('first'));
    for (let i = 0; i < 150; i++) manager.appendMessage(i % 2 ? user(`q${i}`) : assistant(`a${i}`));
    const { edited } = editAs(manager, first, 'first, edited', 'answer to the edit');
    expect(manager.versionsOf(first.id)).toEqual([first.id, edited.id]);
    expect(manager.getBranchLength()).toBe(2);
    show(manager, first.id);
    expect(manager.getBranchLength()).toBe(152);
    expect(manager.getBranchSlice(0, 1).versions).toEqual({ [first.id]: [first.id, edited.id] });
    const file = manager.getSessionFile();
    manager.close();
    const reopened = SessionManager.open(file);
    expect(texts(reopened.getBranch()).slice(-2)).toEqual(['q149', 'branch_switch']);
    expect(reopened.getBranchSlice(0).versions).toEqual({ [first.id]: [first.id, edited.id] });
    reopened.close();
  });
});

describe('views of a branched session', () => {
  it('carry the branch shown, with the versions of its messages, and page back along it', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2 } = conversation(manager);
    const { edited } = editAs(manager, q2, 'q2 edited', 'a2 again');

    const view = branchWindow(manager);
    expect(texts(view.entries)).toEqual(['model_change', 'q1', 'a1', 'q2 edited', 'a2 again']);
    expect(view.firstEntryIndex).toBe(0);
    expect(view.versions).toEqual({ [edited.id]: [q2.id, edited.id] });

    const newest = branchWindow(manager, 2);
    expect(texts(newest.entries)).toEqual(['q2 edited', 'a2 again']);
    expect(newest.firstEntryIndex).toBe(3);
    const older = branchPage(manager, newest.firstEntryIndex, 2);
    expect(older.start).toBe(1);
    expect(texts(older.entries)).toEqual(['q1', 'a1']);
    show(manager, q2.id);
    expect(texts(branchPage(manager, 5, 10).entries)).toEqual(['model_change', 'q1', 'a1', 'q2', 'a2']);
    expect(branchPage(manager, 5, 10).versions).toEqual({ [q2.id]: [q2.id, edited.id] });
    manager.close();
  });

  it('keep working when entries arrive after the versions were first read', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2 } = conversation(manager);
    const { edited } = editAs(manager, q2, 'q2 edited', 'a2 again');
    expect(manager.versionsOf(edited.id)).toHaveLength(2);
    manager.setLeaf(edited.id);
    const third = manager.appendMessage(assistant('a2 third'));
    expect(manager.versionsOf(third.id)).toHaveLength(2);
    manager.setLeaf(q2.parentId);
    const q2c = manager.appendMessage(user('q2 c'));
    expect(manager.versionsOf(q2.id)).toEqual([q2.id, edited.id, q2c.id]);
    manager.close();
  });
});

describe('on disk', () => {
  it('the index counts the messages of every branch, the same way from the file and from the open session', () => {
    const store = SessionStore.load(sessionsDir());
    const manager = store.create();
    const { q2 } = conversation(manager);
    editAs(manager, q2, 'q2 edited', 'a2 again');
    show(manager, q2.id);
    const live = manager.getSummary();
    const scanned = summarizeSessionFile(realFs, manager.getSessionFile()).summary;
    expect(live.messageCount).toBe(6);
    expect(scanned.messageCount).toBe(6);
    expect(scanned.title).toBe(live.title);
    manager.close();
  });

  it('a branch_switch whose parent line is unreadable falls back to the entry before it, like any entry', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q2 } = conversation(manager);
    const file = manager.getSessionFile();
    manager.close();
    appendFileSync(file, '{"type":"message","id":"lost",\n');
    appendFileSync(file, `${JSON.stringify({ type: 'branch_switch', id: 'sw', parentId: 'lost', timestamp: new Date().toISOString() })}\n`);
    const reopened = SessionManager.open(file);
    expect(reopened.unreadableRecords).toBe(1);
    expect(texts(reopened.getBranch())).toEqual(['model_change', 'q1', 'a1', 'q2', 'a2', 'branch_switch']);
    expect(reopened.versionsOf(q2.id)).toBeUndefined();
    reopened.close();
  });

  it('a file written by another tool with a fork and no branch_switch shows its last entry’s branch', () => {
    const manager = SessionManager.create(sessionsDir());
    const { q1, a1 } = conversation(manager);
    const file = manager.getSessionFile();
    manager.close();
    const fork = { type: 'message', id: 'fork', parentId: q1.id, timestamp: new Date().toISOString(), message: assistant('a1 fork') };
    writeFileSync(file, `${JSON.stringify(fork)}\n`, { flag: 'a' });
    const reopened = SessionManager.open(file);
    expect(texts(reopened.getBranch())).toEqual(['model_change', 'q1', 'a1 fork']);
    expect(reopened.versionsOf('fork')).toEqual([a1.id, 'fork']);
    reopened.close();
  });
});
