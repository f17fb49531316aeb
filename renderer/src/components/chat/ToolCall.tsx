// A tool call as one row (SPEC §5 "Tools"): tool name, server, status and duration; expanded, its input
// and result (text and pictures); progress while it runs. A call that waits for approval shows the card
// "Claude wants to use <tool> from <server>" with Allow once, Always allow and Deny.
import type { ContentBlock } from '../../../../shared/session';
import type { PendingApproval } from '../../../../shared/toolApproval';
import { TODO_TOOL, todoSummary, todosOf, toolArgSummary, toolOrigin, type ToolOrigin } from './toolSummary';
import { useBaton } from '../../store/StoreProvider';
import type { ToolRun } from '../../store/chatSlice';
import { TodoList } from '../todos/TodoList';
import { ToolInput } from './ToolInput';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;

export function ToolCall({ block }: { block: ToolUse }) {
  const result = useBaton((s) => s.chat.toolResults[block.id]);
  const run = useBaton((s) => s.chat.toolRuns[block.id]);
  const approval = useBaton((s) => s.tools.approvals[block.id]);
  const origin = toolOrigin(block.name, useBaton((s) => s.tools.overview));
  const running = run?.running ?? false;
  const status = approval ? 'waiting for approval' : running ? 'running…' : !result ? 'no result' : result.isError ? 'failed' : 'done';
  const todos = block.name === TODO_TOOL ? todosOf(block.input) : null;
  const duration = run && !running && run.endedAt !== undefined ? formatDuration(run.endedAt - run.startedAt) : undefined;
  return (
    <div className="tool-call-block">
      <details className={`tool-call tool-${status.replace(/\W/g, '')}`} data-testid="tool-call">
        <summary>
          {todos ? (
            <>
              <span className="tool-name">{todoSummary(todos)}</span>
              {/* The summary already ends in "done": only another status is said, apart from the count. */}
              {status !== 'done' && <span className="tool-status"> · {status}</span>}
            </>
          ) : (
            <>
              <span className="tool-name">{origin.tool}</span>
              {origin.server && <span className="tool-server"> from {origin.server}</span>} <span className="tool-arg">{toolArgSummary(block.input)}</span>{' '}
              <span className="tool-status">{status}</span>
            </>
          )}
          {duration && <span className="tool-duration"> · {duration}</span>}
        </summary>
        {todos ? (
          <TodoList todos={todos} />
        ) : (
          <>
            <div className="tool-section-label">Input</div>
            <ToolInput input={block.input} />
            {result && (
              <>
                <div className="tool-section-label">{result.isError ? 'Error' : 'Result'}</div>
                {result.content && <pre className="tool-output">{result.content}</pre>}
                {result.images?.map((image, i) => (
                  <img key={i} className="tool-image" src={`data:${image.source.media_type};base64,${image.source.data}`} alt={image.name} />
                ))}
              </>
            )}
          </>
        )}
      </details>
      {running && run?.progress && <ToolProgress progress={run.progress} />}
      {approval && <ApprovalCard approval={approval} origin={origin} />}
    </div>
  );
}

function ToolProgress({ progress }: { progress: NonNullable<ToolRun['progress']> }) {
  const { message, progress: done, total } = progress;
  return (
    <div className="tool-progress" role="status">
      {total !== undefined && done !== undefined && <progress value={done} max={total} aria-label="Tool progress" />}
      <span>{message || (done !== undefined ? `${done}${total !== undefined ? ` of ${total}` : ''}` : '')}</span>
    </div>
  );
}

function ApprovalCard({ approval, origin }: { approval: PendingApproval; origin: ToolOrigin }) {
  const approve = useBaton((s) => s.approveTool);
  const title = `Claude wants to use ${approval.tool} from ${approval.server}`;
  const { readOnly, destructive } = approval.hints;
  return (
    <section className="approval-card" role="group" aria-label={title}>
      <p className="approval-title">{title}</p>
      {(readOnly !== undefined || destructive !== undefined) && (
        <p className="approval-hints">
          {readOnly && <span className="hint-readonly">The server says it only reads.</span>}
          {destructive && !readOnly && <span className="hint-destructive">The server says it may change or delete things.</span>}
          {readOnly === false && destructive === false && <span>The server says it changes things but deletes nothing.</span>}
        </p>
      )}
      <ToolInput input={approval.input} />
      <div className="approval-actions">
        <button type="button" className="primary" onClick={() => void approve(approval.toolCallId, 'once')}>
          Allow once
        </button>
        <button type="button" onClick={() => void approve(approval.toolCallId, 'always')} title={`Run ${origin.tool} without asking from now on`}>
          Always allow
        </button>
        <button type="button" className="danger" onClick={() => void approve(approval.toolCallId, 'deny')}>
          Deny
        </button>
      </div>
    </section>
  );
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
