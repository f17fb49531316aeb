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
import { useT } from '../../hooks/useLanguage';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;

export function ToolCall({ block }: { block: ToolUse }) {
  const result = useBaton((s) => s.chat.toolResults[block.id]);
  const run = useBaton((s) => s.chat.toolRuns[block.id]);
  const approval = useBaton((s) => s.tools.approvals[block.id]);
  const origin = toolOrigin(block.name, useBaton((s) => s.tools.overview));
  const running = run?.running ?? false;
  const t = useT();
  // The class names the state in English whatever the language; the label is the UI's.
  const status = approval ? 'waitingforapproval' : running ? 'running' : !result ? 'noresult' : result.isError ? 'failed' : 'done';
  const todos = block.name === TODO_TOOL ? todosOf(block.input) : null;
  // Watched live, or as the session kept it (a reopened session, a view opened later).
  const ranMs = run && !running && run.endedAt !== undefined ? run.endedAt - run.startedAt : running ? undefined : result?.durationMs;
  const duration = ranMs === undefined ? undefined : formatDuration(ranMs);
  return (
    <div className="tool-call-block">
      <details className={`tool-call tool-${status}`} data-testid="tool-call">
        <summary>
          {todos ? (
            <>
              <span className="tool-name">{todoSummary(todos)}</span>
              {/* The summary already ends in "done": only another status is said, apart from the count. */}
              {status !== 'done' && <span className="tool-status"> · {t(STATUS_LABELS[status])}</span>}
            </>
          ) : (
            <>
              <span className="tool-name">{origin.tool}</span>
              {origin.server && <span className="tool-server">{t('chat.toolFrom', { server: origin.server })}</span>} <span className="tool-arg">{toolArgSummary(block.input)}</span>{' '}
              <span className="tool-status">{t(STATUS_LABELS[status])}</span>
            </>
          )}
          {duration && <span className="tool-duration"> · {duration}</span>}
        </summary>
        {todos ? (
          <TodoList todos={todos} />
        ) : (
          <>
            <div className="tool-section-label">{t('chat.toolInput')}</div>
            <ToolInput input={block.input} />
            {result && (
              <>
                <div className="tool-section-label">{result.isError ? t('chat.toolError') : t('chat.toolResult')}</div>
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
  const t = useT();
  return (
    <div className="tool-progress" role="status">
      {total !== undefined && done !== undefined && <progress value={done} max={total} aria-label={t('chat.toolProgress')} />}
      <span>{message || (done !== undefined ? (total !== undefined ? t('chat.toolProgressOf', { done, total }) : String(done)) : '')}</span>
    </div>
  );
}

function ApprovalCard({ approval, origin }: { approval: PendingApproval; origin: ToolOrigin }) {
  const approve = useBaton((s) => s.approveTool);
  const t = useT();
  const title = t('chat.wantsToUse', { tool: approval.tool, server: approval.server });
  const { readOnly, destructive } = approval.hints;
  return (
    <section className="approval-card" role="group" aria-label={title}>
      <p className="approval-title">{title}</p>
      {(readOnly !== undefined || destructive !== undefined) && (
        <p className="approval-hints">
          {readOnly && <span className="hint-readonly">{t('chat.hintReadOnly')}</span>}
          {destructive && !readOnly && <span className="hint-destructive">{t('chat.hintDestructive')}</span>}
          {readOnly === false && destructive === false && <span>{t('chat.hintChangesOnly')}</span>}
        </p>
      )}
      <ToolInput input={approval.input} />
      <div className="approval-actions">
        <button type="button" className="primary" onClick={() => void approve(approval.toolCallId, 'once')}>
          {t('chat.allowOnce')}
        </button>
        <button type="button" onClick={() => void approve(approval.toolCallId, 'always')} title={t('chat.alwaysAllowHint', { tool: origin.tool })}>
          {t('chat.alwaysAllow')}
        </button>
        <button type="button" className="danger" onClick={() => void approve(approval.toolCallId, 'deny')}>
          {t('chat.deny')}
        </button>
      </div>
    </section>
  );
}

const STATUS_LABELS = {
  waitingforapproval: 'chat.toolWaiting',
  running: 'chat.toolRunning',
  noresult: 'chat.toolNoResult',
  failed: 'chat.toolFailed',
  done: 'chat.toolDone',
} as const;

function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
