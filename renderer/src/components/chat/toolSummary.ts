// One-line summaries of tool calls, so tool use stays compact in the chat.
import type { TodoItem } from '../../../../shared/session';
import type { ToolsOverview } from '../../../../shared/contract';
import { t } from '../../../../shared/i18n';

export const TODO_TOOL = 'todo_write';

/** The most telling argument: the first short string value, else compact JSON. */
export function toolArgSummary(input: unknown, max = 80): string {
  if (input === undefined || input === null) return '';
  if (typeof input === 'object' && !Array.isArray(input)) {
    const first = Object.values(input as Record<string, unknown>).find((v) => typeof v === 'string');
    if (typeof first === 'string') return clip(first.replace(/\s+/g, ' '), max);
    if (Object.keys(input).length === 0) return '';
  }
  return clip(JSON.stringify(input) ?? '', max);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `todo_write` input → its todos, when it has the expected shape. */
export function todosOf(input: unknown): TodoItem[] | null {
  const todos = (input as { todos?: unknown })?.todos;
  if (!Array.isArray(todos)) return null;
  return todos.filter(
    (t): t is TodoItem => typeof t?.content === 'string' && ['pending', 'in_progress', 'completed'].includes(t?.status),
  );
}

export function todoSummary(todos: readonly TodoItem[]): string {
  const done = todos.filter((todo) => todo.status === 'completed').length;
  return t('chat.todosUpdated', { done, total: todos.length });
}

export interface ToolOrigin {
  tool: string;
  /** The MCP server; undefined for a built-in tool. */
  server?: string;
}

/** A call's tool and server, as Settings → Tools lists them; a server gone since reads from the name. */
export function toolOrigin(apiName: string, overview: ToolsOverview | null): ToolOrigin {
  for (const server of overview?.servers ?? []) {
    const tool = server.tools.find((t) => t.apiName === apiName);
    if (tool) return { tool: tool.name, server: server.name };
  }
  const at = apiName.indexOf('__');
  return at > 0 ? { tool: apiName.slice(at + 2), server: apiName.slice(0, at) } : { tool: apiName };
}
