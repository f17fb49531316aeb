// tools.*: Settings → Tools (the MCP servers of mcp.json, Always allow) and the answers to tool calls
// that wait for approval (SPEC §3 "Tools", "Approval", §5, §6).
import type { ToolsOverview } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';
import type { Handlers } from '../ipc/dispatcher';
import type { CoreContext } from './context';

type ToolHandlers = Pick<
  Handlers,
  'tools.overview' | 'tools.restart' | 'tools.setEnabled' | 'tools.add' | 'tools.remove' | 'tools.importClaudeDesktop' | 'tools.alwaysAllow' | 'tools.approve'
>;

export function toolsOverview(ctx: CoreContext): ToolsOverview {
  // SPEC §6: a stdio server's command runs on the server's machine, which a web page must not decide by default.
  const readOnly = ctx.options.transport === 'web' && ctx.options.allowToolConfig !== true;
  return {
    ...ctx.mcp.overview(),
    alwaysAllow: ctx.options.settings.get().alwaysAllowTools,
    ...(readOnly && { readOnlyReason: texts.toolConfigReadOnly }),
  };
}

/** Sets Always allow for a tool (or takes it back) and tells every view. */
export function setAlwaysAllow(ctx: CoreContext, tool: string, allow: boolean): void {
  const current = ctx.options.settings.get().alwaysAllowTools;
  if (current.includes(tool) === allow) return;
  ctx.options.settings.set({ alwaysAllowTools: allow ? [...current, tool] : current.filter((t) => t !== tool) });
  ctx.toolsChanged();
}

export function toolHandlers(ctx: CoreContext): ToolHandlers {
  const { mcp } = ctx;
  /** Runs a change of mcp.json, unless this view may not make one; its failure is the user's to read. */
  const change = <T>(edit: () => T): T => {
    const reason = toolsOverview(ctx).readOnlyReason;
    if (reason !== undefined) throw new BatonError('forbidden', reason);
    try {
      return edit();
    } catch (err) {
      throw new BatonError('invalid_input', (err as Error).message, { cause: err });
    }
  };
  return {
    'tools.overview': () => toolsOverview(ctx),
    'tools.restart': ({ name }) => {
      mcp.restart(name);
      return { ok: true };
    },
    'tools.setEnabled': ({ name, enabled }) => change(() => (mcp.setEnabled(name, enabled), { ok: true as const })),
    'tools.add': ({ name, config }) => change(() => (mcp.add(name, config), { ok: true as const })),
    'tools.remove': ({ name }) => change(() => (mcp.remove(name), { ok: true as const })),
    'tools.importClaudeDesktop': ({ path, file }) => change(() => mcp.importClaudeDesktop(file ?? path)),
    'tools.alwaysAllow': ({ tool, allow }) => {
      setAlwaysAllow(ctx, tool, allow);
      return { ok: true };
    },
    // Any view may answer any session's call: every view may see every session (web mode: with the token).
    'tools.approve': ({ sessionId, toolCallId, decision }) => ({
      settled: ctx.conversations.get(sessionId)?.agent.answerApproval(toolCallId, decision) ?? false,
    }),
  };
}
