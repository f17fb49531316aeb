// The session's todo list (SPEC §3): the built-in `todo_write` tool replaces the whole list; the reminder
// counter notices turns that pass with open items and no update, and asks for a reminder after a few.
import { z } from 'zod';
import { TodoItem, type SessionEntry } from '../../../shared/session';
import type { Tool } from './tools';

export const TODO_WRITE = 'todo_write';
/** A custom_message that carries open todos into a handed-off session (details: { todos }). */
export const TODOS_CUSTOM_TYPE = 'todos';
/** Turns with open todos and no todo_write before a reminder is queued. */
export const REMINDER_AFTER_TURNS = 3;

export const TODO_REMINDER =
  '<system-reminder>\nThe todo list still has open items and has not been updated for a while. ' +
  'If you have made progress, update it with todo_write: mark finished items completed and add new ones.\n' +
  '</system-reminder>';

const TodoWriteInput = z.object({ todos: z.array(TodoItem) });

export class TodoState {
  private items: TodoItem[] = [];
  private updatedThisTurn = false;
  private turnsWithoutUpdate = 0;

  constructor(private readonly onChange: (todos: TodoItem[]) => void) {}

  get todos(): TodoItem[] {
    return this.items;
  }

  get open(): TodoItem[] {
    return this.items.filter((t) => t.status !== 'completed');
  }

  /** The model wrote the list. */
  write(items: TodoItem[]): void {
    this.items = items;
    this.updatedThisTurn = true;
    this.turnsWithoutUpdate = 0;
    this.onChange(items);
  }

  /** A session was opened or handed off: its list, with no reminder pending. */
  load(items: TodoItem[]): void {
    this.items = items;
    this.resetReminder();
    this.onChange(items);
  }

  resetReminder(): void {
    this.updatedThisTurn = false;
    this.turnsWithoutUpdate = 0;
  }

  /** Call at each turn end; returns the reminder when one is due (and starts counting afresh). */
  endTurn(): string | undefined {
    const stale = !this.updatedThisTurn && this.open.length > 0;
    this.updatedThisTurn = false;
    this.turnsWithoutUpdate = stale ? this.turnsWithoutUpdate + 1 : 0;
    if (this.turnsWithoutUpdate < REMINDER_AFTER_TURNS) return undefined;
    this.turnsWithoutUpdate = 0;
    return TODO_REMINDER;
  }
}

export function createTodoWriteTool(state: TodoState): Tool {
  return {
    definition: {
      name: TODO_WRITE,
      description:
        'Keep a todo list for this session. Send the whole list each time (it replaces the previous one). ' +
        'Use it for multi-step work: add items, mark one in_progress while on it, mark items completed when done.',
      input_schema: {
        type: 'object',
        properties: {
          todos: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                content: { type: 'string' },
                status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
              },
              required: ['content', 'status'],
            },
          },
        },
        required: ['todos'],
      },
    },
    async execute(input) {
      const parsed = TodoWriteInput.safeParse(input);
      if (!parsed.success) throw new Error(`Invalid todo list: ${parsed.error.issues[0]?.message ?? 'bad input'}`);
      state.write(parsed.data.todos);
      return { content: `Todo list updated.\n${formatTodos(parsed.data.todos)}` };
    },
  };
}

export function formatTodos(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return '(empty)';
  return todos.map((t) => `- [${t.status}] ${t.content}`).join('\n');
}

/** The hidden message that shows a handed-off session's model the open todos it inherits. */
export function carriedTodosText(todos: readonly TodoItem[]): string {
  return `Open todos carried over from the previous session (keep them current with todo_write):\n${formatTodos(todos)}`;
}

/**
 * The list as the branch last left it: the newest successful todo_write, or the todos a handoff carried
 * over. Scans from the leaf back, so it stops at the latest one.
 */
export function todosFromBranch(branch: readonly SessionEntry[]): TodoItem[] {
  // Only calls that got a successful result count (a stopped turn may hold a call that never ran).
  const succeeded = new Set<string>();
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type === 'custom_message' && entry.customType === TODOS_CUSTOM_TYPE) {
      const carried = z.object({ todos: z.array(TodoItem) }).safeParse(entry.details);
      if (carried.success) return carried.data.todos;
    }
    if (entry?.type !== 'message') continue;
    for (const block of entry.message.content) {
      if (block.type === 'tool_result' && !block.is_error) succeeded.add(block.tool_use_id);
    }
    for (let b = entry.message.content.length - 1; b >= 0; b--) {
      const block = entry.message.content[b];
      if (block?.type !== 'tool_use' || block.name !== TODO_WRITE || !succeeded.has(block.id)) continue;
      const parsed = TodoWriteInput.safeParse(block.input);
      if (parsed.success) return parsed.data.todos;
    }
  }
  return [];
}
