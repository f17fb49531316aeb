// Import session's readers, on real files of the tools they read (test/fixtures/imports) and on files
// of other shapes. What matters is the conversation Baton gets: who said what, the tool calls with their
// results, thinking kept, the tree kept, and a clear refusal of anything else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentMessage, MessageEntry, SessionEntry } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { isSessionEntry } from '../../../electron/core/session/entryShape';
import { IMAGE_NOT_IMPORTED } from '../../../electron/core/transfer/importedContent';
import { importSessionText } from '../../../electron/core/transfer/importSession';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../fixtures/imports', name), 'utf8');
const lines = (...records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
const messages = (entries: SessionEntry[]) => entries.filter((e): e is MessageEntry => e.type === 'message').map((e) => e.message);
const blockTypes = (m: AgentMessage) => m.content.map((b) => b.type);

/** Every entry is valid, and its parent is an earlier entry (or none for the first). */
function expectWellFormedTree(entries: SessionEntry[]): void {
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    expect(isSessionEntry(entry)).toBe(true);
    if (i === 0) expect(entry.parentId).toBeNull();
    else expect(seen.has(entry.parentId ?? '')).toBe(true);
    seen.add(entry.id);
  });
}

describe('a pi session (real file from pi-mono)', () => {
  const imported = importSessionText('large-session.jsonl', fixture('pi-mono-large-session-excerpt.jsonl'));
  const all = messages(imported.entries);

  it('is read as pi, with its settings lines passed over without a word', () => {
    expect(imported.format).toBe('pi');
    expect(imported.skippedLines).toBe(0);
    expect(imported.title).toBeUndefined(); // pi has no title here: Baton names it from the first prompt
    expectWellFormedTree(imported.entries);
    // A version 1 file is a plain sequence: each entry follows the one before it.
    imported.entries.slice(1).forEach((entry, i) => expect(entry.parentId).toBe(imported.entries[i]!.id));
    expect(imported.entries[0]!.timestamp).toBe('2025-11-21T01:00:53.621Z');
  });

  it('keeps prompts, replies, thinking (not to be sent back) and tool calls with their results', () => {
    expect(all.map((m) => m.role)).toEqual([
      'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user',
      'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant',
    ]);
    expect(all[0]!.content).toEqual([{ type: 'text', text: 'think then say hello' }]);
    expect(all[1]!.content).toEqual([
      {
        type: 'thinking',
        thinking: 'The user wants me to use the thinking feature and then say hello. This will test the thinking display in the agent with the current theme.',
        signature: '',
      },
      { type: 'text', text: 'Hello! 👋' },
    ]);
    expect(all[1]).toMatchObject({
      model: 'claude-sonnet-4-5',
      stopReason: 'end_turn',
      usage: { input_tokens: 10 + 110215, output_tokens: 44, cache_creation_input_tokens: 110215 },
    });
    const call = all[3]!;
    expect(blockTypes(call)).toEqual(['text', 'tool_use']);
    expect(call.content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_01GXQqEKWBL7zV2Uxrpwoxth', name: 'edit' });
    expect(call.stopReason).toBe('tool_use');
    expect(all[4]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01GXQqEKWBL7zV2Uxrpwoxth',
        content: 'Successfully replaced text in packages/coding-agent/src/theme/dark.json. Changed 92 characters to 117 characters.',
      },
    ]);
  });

  it('keeps a stopped reply as stopped, not failed', () => {
    const stopped = all[7]!;
    expect(stopped).toMatchObject({ role: 'assistant', content: [], aborted: true });
    expect(stopped.errorMessage).toBeUndefined();
  });
});

describe('a Claude Code session (real file from claude-code-viewer)', () => {
  const imported = importSessionText('fe5e1c67.jsonl', fixture('claude-code-viewer-session-excerpt.jsonl'));
  const all = messages(imported.entries);

  it('is read as Claude Code, titled by its summary', () => {
    expect(imported.format).toBe('claude-code');
    expect(imported.title).toBe('Empty Repo Setup: CLAUDE.md Foundation Created');
    expect(imported.skippedLines).toBe(0);
    expectWellFormedTree(imported.entries);
  });

  it('makes one message of a reply written as several lines, and one turn of its tool results', () => {
    expect(all.map((m) => `${m.role}:${blockTypes(m).join('+')}`)).toEqual([
      'user:text', // the slash command
      'user:text', // its expansion (isMeta)
      'assistant:text+tool_use+tool_use',
      'user:tool_result+tool_result',
      'assistant:text+tool_use',
      'user:tool_result',
      'assistant:text+tool_use',
    ]);
    const reply = all[2]!;
    expect(reply.content.filter((b) => b.type === 'tool_use').map((b) => b.type === 'tool_use' && b.input)).toEqual([
      { pattern: '**/*.md', path: '~/.claude/commands' },
      { pattern: '**/*.md', path: './.claude/commands' },
    ]);
    // The reply's last line has its final stop reason and output count.
    expect(reply).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      stopReason: 'tool_use',
      usage: { input_tokens: 3 + 14874 + 1331, output_tokens: 172, cache_read_input_tokens: 14874 },
    });
    expect(all[3]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_019okXfjnUzJkV2VZbndx6ik', content: 'No files found' },
      { type: 'tool_result', tool_use_id: 'toolu_01Gbs41yRWc2W5JEW6w87PNA', content: 'No files found' },
    ]);
    // Each turn follows the one before it: merged lines leave no gap in the tree.
    imported.entries.slice(1).forEach((entry, i) => expect(entry.parentId).toBe(imported.entries[i]!.id));
  });
});

describe('pi sessions with a tree (version 3)', () => {
  const header = { type: 'session', version: 3, id: 'p1', timestamp: '2025-12-01T10:00:00.000Z', cwd: '/work' };
  const at = (s: number) => `2025-12-01T10:00:${String(s).padStart(2, '0')}.000Z`;
  const msg = (id: string, parentId: string | null, s: number, message: unknown) => ({ type: 'message', id, parentId, timestamp: at(s), message });
  const text = lines(
    header,
    { type: 'model_change', id: 'm0', parentId: null, timestamp: at(1), provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
    msg('u1', 'm0', 2, { role: 'user', content: 'First question', timestamp: 1 }),
    msg('a1', 'u1', 3, { role: 'assistant', content: [{ type: 'text', text: 'First answer' }], stopReason: 'stop' }),
    { type: 'compaction', id: 'c1', parentId: 'a1', timestamp: at(4), summary: 'Earlier: one question', firstKeptEntryId: 'u1', tokensBefore: 900 },
    msg('u2', 'c1', 5, { role: 'user', content: [{ type: 'text', text: 'Second question' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] }),
    // Branched from the first answer: another second question.
    msg('u3', 'a1', 6, { role: 'user', content: 'Another second question' }),
    msg('a3', 'u3', 7, { role: 'assistant', content: [{ type: 'toolCall', id: 't1', name: 'bash', arguments: { command: 'ls' } }], stopReason: 'toolUse' }),
    msg('r3', 'a3', 8, { role: 'toolResult', toolCallId: 't1', toolName: 'bash', content: [{ type: 'text', text: 'a.txt' }], isError: true }),
    msg('x3', 'r3', 9, { role: 'bashExecution', command: 'git status', output: 'clean\n', exitCode: 0, cancelled: false, truncated: false }),
    { type: 'session_info', id: 'i1', parentId: 'x3', timestamp: at(10), name: 'Tree test' },
    { type: 'frobnicate', id: 'f1', parentId: 'i1', timestamp: at(11) },
    'not an entry',
  );
  const imported = importSessionText('tree.jsonl', text);
  const byText = (t: string) => imported.entries.find((e) => e.type === 'message' && JSON.stringify(e.message.content).includes(t))!;

  it('keeps the tree: a branch stays a branch, and a skipped line hands its children to its parent', () => {
    expectWellFormedTree(imported.entries);
    expect(byText('First question').parentId).toBeNull(); // its parent was a model change
    expect(byText('"Second question').parentId).toBe(byText('First answer').id); // through the compaction
    expect(byText('Another second question').parentId).toBe(byText('First answer').id);
    expect(byText('git status').parentId).toBe(byText('a.txt').id);
  });

  it('takes the session name as title, and counts the lines it could not take over', () => {
    expect(imported.title).toBe('Tree test');
    // The compaction, the unknown type and the string; settings and the name are bookkeeping.
    expect(imported.skippedLines).toBe(3);
  });

  it('turns images into a note, tool errors into error results, and user-run commands into text', () => {
    expect((byText('"Second question') as MessageEntry).message.content).toEqual([
      { type: 'text', text: 'Second question' },
      { type: 'text', text: IMAGE_NOT_IMPORTED },
    ]);
    expect((byText('a.txt') as MessageEntry).message.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt', is_error: true }]);
    expect((byText('git status') as MessageEntry).message.content).toEqual([{ type: 'text', text: 'Ran `git status`\n\n```\nclean\n```' }]);
  });

  it("keeps a command's output of 150,000 line breaks and then a character, in one pass", () => {
    // A pattern for the trailing line breaks tried again from each break of the run: 20 s for this line.
    const output = `a${'\n'.repeat(150_000)}x`;
    const started = performance.now();
    const { entries } = importSessionText('breaks.jsonl', lines(header, msg('x1', null, 1, { role: 'bashExecution', command: 'ls', output: `${output}\n\n` })));
    expect(performance.now() - started).toBeLessThan(2000);
    const shown = messages(entries)[0]!.content[0];
    // Compared as a flag: a failure would print 150,000 lines.
    expect(shown?.type === 'text' && shown.text === `Ran \`ls\`\n\n\`\`\`\n${output}\n\`\`\``).toBe(true);
  });
});

describe('Claude Code sessions: threads and odd lines', () => {
  const base = { sessionId: 's1', cwd: '/w', version: '2.0.1', userType: 'external' };
  const user = (uuid: string, parentUuid: string | null, content: unknown, extra: object = {}) => ({
    ...base, type: 'user', uuid, parentUuid, isSidechain: false, timestamp: '2025-10-01T09:00:00.000Z', message: { role: 'user', content }, ...extra,
  });
  const assistant = (uuid: string, parentUuid: string | null, id: string, content: unknown[], extra: object = {}) => ({
    ...base, type: 'assistant', uuid, parentUuid, isSidechain: false, timestamp: '2025-10-01T09:00:01.000Z',
    message: { id, role: 'assistant', model: 'claude-opus-4-1', content, stop_reason: 'end_turn', usage: { input_tokens: 5, output_tokens: 7 } }, ...extra,
  });

  it('leaves subagent threads out of a main session, and follows a compaction to what came before', () => {
    const imported = importSessionText(
      'main.jsonl',
      lines(
        { type: 'file-history-snapshot', messageId: 'x', snapshot: {} },
        user('u1', null, 'Fix the build', { isMeta: false }),
        assistant('a1', 'u1', 'msg_1', [{ type: 'thinking', thinking: 'Look at the log', signature: 'c2ln' }, { type: 'text', text: 'On it' }]),
        user('s1', 'a1', 'Subagent prompt', { isSidechain: true }),
        { ...base, type: 'system', subtype: 'compact_boundary', uuid: 'b1', parentUuid: null, logicalParentUuid: 'a1', content: 'Conversation compacted' },
        user('u2', 'b1', 'And now the tests'),
        assistant('a2', 'u2', 'msg_2', [{ type: 'redacted_thinking', data: 'xx' }]),
        { type: 'mystery', uuid: 'q1' },
      ),
    );
    const all = messages(imported.entries);
    expect(all.map((m) => m.content[0]?.type === 'text' && m.content[0].text)).toEqual(['Fix the build', false, 'And now the tests']);
    expect(all[1]!.content[0]).toEqual({ type: 'thinking', thinking: 'Look at the log', signature: '' });
    expect(imported.entries[2]!.parentId).toBe(imported.entries[1]!.id);
    expect(imported.title).toBe('Fix the build');
    // The sidechain line, the reply with nothing Baton can keep, the unknown line.
    expect(imported.skippedLines).toBe(3);
  });

  it('finds the conversation after any number of opening snapshots', () => {
    const snapshots = Array.from({ length: 80 }, (_, i) => ({ type: 'file-history-snapshot', messageId: `m${i}`, snapshot: {} }));
    const imported = importSessionText('late.jsonl', lines(...snapshots, user('u1', null, 'Hello at last')));
    expect(messages(imported.entries).map((m) => m.content)).toEqual([[{ type: 'text', text: 'Hello at last' }]]);
  });

  it('takes a time in milliseconds, and one out of any date range as unreadable', () => {
    const imported = importSessionText(
      'times.jsonl',
      lines(user('u1', null, 'First', { timestamp: 1_700_000_000_000 }), user('u2', 'u1', 'Second', { timestamp: 1e20 }), user('u3', 'u2', 'Third', { timestamp: -9e15 })),
    );
    const first = new Date(1_700_000_000_000).toISOString();
    expect(imported.entries.map((e) => e.timestamp)).toEqual([first, first, first]);
  });

  it('skips a line nested too deep to be written again, and keeps the rest', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const text = `${JSON.stringify(user('u1', null, 'Try this'))}\n{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s1","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"run","input":${deep}}]}}\n${JSON.stringify(assistant('a2', 'u1', 'msg_2', [{ type: 'text', text: 'Done' }]))}\n`;
    const imported = importSessionText('deep.jsonl', text);
    expect(imported.skippedLines).toBe(1);
    expect(messages(imported.entries).map((m) => m.role)).toEqual(['user', 'assistant']);
    // The entries can be written to the session file (stringifying the nested input overflowed the stack).
    expect(() => JSON.stringify(imported.entries)).not.toThrow();
  });

  it('imports a subagent transcript, which is all sidechain', () => {
    const imported = importSessionText(
      'agent-a1.jsonl',
      lines(user('u1', null, 'Run the tests', { isSidechain: true }), assistant('a1', 'u1', 'msg_1', [{ type: 'text', text: 'All pass' }], { isSidechain: true })),
    );
    expect(messages(imported.entries).map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('files Import session refuses', () => {
  const refusal = (name: string, text: string) => {
    try {
      importSessionText(name, text);
    } catch (err) {
      return (err as Error).message;
    }
    return 'imported';
  };

  it('names what it expects for a file that is not JSON Lines', () => {
    expect(refusal('notes.md', '# Notes\n\nNot a session.\n')).toBe(texts.importNotJsonLines('notes.md'));
    expect(refusal('pretty.json', '{\n  "type": "session"\n}\n')).toBe(texts.importNotJsonLines('pretty.json'));
    expect(refusal('empty.jsonl', '')).toBe(texts.importNotJsonLines('empty.jsonl'));
    expect(refusal('array.jsonl', '[1,2]\n')).toBe(texts.importNotJsonLines('array.jsonl'));
  });

  it('names what it expects for JSON Lines of another shape', () => {
    expect(refusal('events.jsonl', lines({ event: 'click', at: 1 }, { event: 'key', at: 2 }))).toBe(texts.importUnknownFormat('events.jsonl'));
    // A Codex rollout: JSON Lines of another agent.
    expect(refusal('rollout.jsonl', lines({ timestamp: '2025-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'x' } }))).toBe(
      texts.importUnknownFormat('rollout.jsonl'),
    );
    expect(refusal('odd.jsonl', lines({ type: 'session' }))).toBe(texts.importUnknownFormat('odd.jsonl'));
  });

  it('refuses a session without a single message', () => {
    expect(refusal('summary.jsonl', lines({ type: 'summary', summary: 'Nothing', leafUuid: 'x' }, { type: 'user', sessionId: 's', message: { role: 'user', content: [] } }))).toBe(
      texts.importNoMessages('summary.jsonl'),
    );
    expect(refusal('bare.jsonl', lines({ type: 'session', id: 'p', timestamp: '2025-01-01T00:00:00Z', cwd: '/' }))).toBe(texts.importNoMessages('bare.jsonl'));
  });
});
