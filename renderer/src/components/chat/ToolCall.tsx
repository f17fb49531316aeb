// A tool call in one line (name, main argument, status); details and output on demand.
import type { ContentBlock } from '../../../../shared/session';
import { TODO_TOOL, todoSummary, todosOf, toolArgSummary } from './toolSummary';
import { useBaton } from '../../store/StoreProvider';
import { TodoList } from '../todos/TodoList';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;

export function ToolCall({ block }: { block: ToolUse }) {
  const result = useBaton((s) => s.chat.toolResults[block.id]);
  const running = useBaton((s) => s.chat.toolRuns[block.id]?.running ?? false);
  const status = running ? 'running…' : !result ? 'no result' : result.isError ? 'failed' : 'done';
  const todos = block.name === TODO_TOOL ? todosOf(block.input) : null;
  return (
    <details className={`tool-call tool-${status.replace(/\W/g, '')}`}>
      <summary>
        {todos ? (
          <span className="tool-name">{todoSummary(todos)}</span>
        ) : (
          <>
            <span className="tool-name">{block.name}</span> <span className="tool-arg">{toolArgSummary(block.input)}</span>
          </>
        )}{' '}
        <span className="tool-status">{status}</span>
      </summary>
      {todos ? <TodoList todos={todos} /> : <pre className="tool-input">{JSON.stringify(block.input, null, 2)}</pre>}
      {result && !todos && <pre className="tool-output">{result.content}</pre>}
    </details>
  );
}
