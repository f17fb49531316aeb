import { describe, expect, it } from 'vitest';
import type { SessionEntry, TodoItem } from '../../../shared/session';
import {
  createTodoWriteTool,
  REMINDER_AFTER_TURNS,
  TODO_REMINDER,
  TODO_WRITE,
  TodoState,
  todosFromBranch,
} from '../../../electron/core/agent/todos';

const base = (id: string) => ({ id, parentId: null, timestamp: '2025-01-01T00:00:00.000Z' });
const open: TodoItem[] = [{ content: 'write tests', status: 'pending' }];

describe('todo_write tool', () => {
  const context = { signal: new AbortController().signal, onProgress: () => {} };

  it('replaces the list and reports the change', async () => {
    const changes: TodoItem[][] = [];
    const state = new TodoState((t) => changes.push(t));
    const tool = createTodoWriteTool(state);
    expect(tool.definition.name).toBe(TODO_WRITE);
    const out = await tool.execute({ todos: [...open, { content: 'ship', status: 'completed' }] }, context);
    expect(out.content).toContain('[pending] write tests');
    expect(state.todos).toHaveLength(2);
    expect(state.open).toEqual(open);
    expect(changes).toHaveLength(1);
  });

  it('rejects a malformed list and keeps the old one', async () => {
    const state = new TodoState(() => {});
    const tool = createTodoWriteTool(state);
    await tool.execute({ todos: open }, context);
    await expect(tool.execute({ todos: [{ content: 'x', status: 'done' }] }, context)).rejects.toThrow(/Invalid todo list/);
    expect(state.todos).toEqual(open);
  });
});

describe('todo reminder counter', () => {
  it(`asks for a reminder after ${REMINDER_AFTER_TURNS} turns with open todos and no update`, () => {
    const state = new TodoState(() => {});
    state.write(open);
    expect(state.endTurn()).toBeUndefined(); // the turn that wrote the list
    for (let i = 1; i < REMINDER_AFTER_TURNS; i++) expect(state.endTurn()).toBeUndefined();
    expect(state.endTurn()).toBe(TODO_REMINDER);
    expect(state.endTurn()).toBeUndefined(); // counting starts afresh
  });

  it('does not count turns without open todos, or after an update', () => {
    const state = new TodoState(() => {});
    for (let i = 0; i < 10; i++) expect(state.endTurn()).toBeUndefined();
    state.write(open);
    state.endTurn();
    state.endTurn();
    state.write(open);
    state.endTurn();
    state.endTurn();
    expect(state.endTurn()).toBeUndefined();
  });

  it('reset starts the count again', () => {
    const state = new TodoState(() => {});
    state.write(open);
    state.endTurn(); // updated: 0
    state.endTurn(); // 1
    state.endTurn(); // 2 — the next would remind
    state.resetReminder();
    expect(state.endTurn()).toBeUndefined();
    expect(state.endTurn()).toBeUndefined();
    expect(state.endTurn()).toBe(TODO_REMINDER);
  });
});

describe('todosFromBranch', () => {
  const call = (id: string, todos: TodoItem[]): SessionEntry => ({
    ...base(`a${id}`),
    type: 'message',
    message: { role: 'assistant', content: [{ type: 'tool_use', id, name: TODO_WRITE, input: { todos } }] },
  });
  const result = (id: string, isError = false): SessionEntry => ({
    ...base(`r${id}`),
    type: 'message',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok', is_error: isError }] },
  });

  it('takes the newest successful todo_write', () => {
    const newer: TodoItem[] = [{ content: 'b', status: 'in_progress' }];
    expect(todosFromBranch([call('1', open), result('1'), call('2', newer), result('2')])).toEqual(newer);
    expect(todosFromBranch([call('1', open), result('1'), call('2', newer), result('2', true)])).toEqual(open);
    // A call that never got a result (a stopped turn) does not count.
    expect(todosFromBranch([call('1', open), result('1'), call('2', newer)])).toEqual(open);
  });

  it('takes todos carried over by a handoff', () => {
    const carried: SessionEntry = { ...base('c'), type: 'custom_message', customType: 'todos', content: '…', display: false, details: { todos: open } };
    expect(todosFromBranch([carried])).toEqual(open);
    expect(todosFromBranch([])).toEqual([]);
  });
});
