// Tools (SPEC §5 "Tools"): the MCP servers of Settings → Tools, and the tool calls of the session shown
// that wait for the user's answer (the approval cards). A card goes when any view answers or the run stops.
import { MCP_IMPORT_MAX_CHARS, type BatonEvent, type CallInput, type ToolsOverview } from '../../../shared/contract';
import type { McpServerConfig } from '../../../shared/mcpConfig';
import type { ApprovalDecision, PendingApproval } from '../../../shared/toolApproval';
import { callApi } from './call';
import { eventSessionId } from './sessionSlice';
import type { SliceCreator } from './types';
import { t } from '../../../shared/i18n';
import { uiTexts } from '../texts';

export interface ToolsState {
  /** Read when Settings → Tools opens, then kept by tools_changed; until then a call's server is read from its name. */
  overview: ToolsOverview | null;
  /** The calls of the session shown that wait, by toolCallId. */
  approvals: Record<string, PendingApproval>;
  /** Enabled switches flipped, by server name: shown as asked until the status says so or the change fails. */
  switching: Record<string, boolean>;
}

export interface ToolsSlice {
  tools: ToolsState;
  loadTools: () => Promise<void>;
  /** The session shown changed: what waits in it (from its SessionView). */
  setApprovals: (approvals: readonly PendingApproval[]) => void;
  approveTool: (toolCallId: string, decision: ApprovalDecision) => Promise<void>;
  restartServer: (name: string) => Promise<void>;
  setServerEnabled: (name: string, enabled: boolean) => Promise<void>;
  /** Add server; true when it was written. */
  addServer: (name: string, config: McpServerConfig) => Promise<boolean>;
  removeServer: (name: string) => Promise<void>;
  importClaudeDesktop: (input: CallInput<'tools.importClaudeDesktop'>) => Promise<void>;
  /** Import from a file the user picked: the page reads it, so this works alike on the desktop and in a browser. */
  importClaudeDesktopFile: (file: File) => Promise<void>;
  setAlwaysAllow: (tool: string, allow: boolean) => Promise<void>;
  toolsApplyEvent: (event: BatonEvent) => void;
}

export const createToolsSlice: SliceCreator<ToolsSlice> = (set, get, deps) => {
  const update = (fn: (tools: ToolsState) => Partial<ToolsState>) => set((s) => ({ tools: { ...s.tools, ...fn(s.tools) } }));
  const withoutApproval = (toolCallId: string) =>
    update((t) => {
      const { [toolCallId]: _settled, ...rest } = t.approvals;
      return { approvals: rest };
    });
  /** Drops the flipped switches the overview now shows as asked (or whose server is gone). */
  const settleSwitches = (tools: ToolsState, overview: ToolsOverview | null, failed?: string): Partial<ToolsState> => {
    const shows = (name: string, enabled: boolean) => {
      const server = overview?.servers.find((s) => s.name === name);
      return server === undefined || (server.state !== 'disabled') === enabled;
    };
    return { switching: Object.fromEntries(Object.entries(tools.switching).filter(([name, enabled]) => name !== failed && !shows(name, enabled))) };
  };
  return {
    tools: { overview: null, approvals: {}, switching: {} },

    async loadTools() {
      const overview = await callApi(deps, get, 'tools.overview', {});
      if (overview) update(() => ({ overview }));
    },

    setApprovals(approvals) {
      // Every session opened sets them, nearly always none for none: no store change, so nothing renders for it.
      if (approvals.length === 0 && Object.keys(get().tools.approvals).length === 0) return;
      update(() => ({ approvals: Object.fromEntries(approvals.map((a) => [a.toolCallId, a])) }));
    },

    async approveTool(toolCallId, decision) {
      const sessionId = get().session?.header.id;
      if (!sessionId) return;
      // The card goes at once; another view may have answered first, which settles it the same way.
      withoutApproval(toolCallId);
      await callApi(deps, get, 'tools.approve', { sessionId, toolCallId, decision });
    },

    async restartServer(name) {
      await callApi(deps, get, 'tools.restart', { name });
    },

    async setServerEnabled(name, enabled) {
      // The switch moves at once; the servers' status, which follows, may reach this page after the answer.
      update((t) => ({ switching: { ...t.switching, [name]: enabled } }));
      const done = await callApi(deps, get, 'tools.setEnabled', { name, enabled });
      update((t) => settleSwitches(t, t.overview, done === undefined ? name : undefined));
    },

    async addServer(name, config) {
      return (await callApi(deps, get, 'tools.add', { name, config })) !== undefined;
    },

    async removeServer(name) {
      await callApi(deps, get, 'tools.remove', { name });
    },

    async importClaudeDesktop(input) {
      const result = await callApi(deps, get, 'tools.importClaudeDesktop', input);
      if (!result) return;
      const added = result.added.length === 0 ? t('settings.noNewServers') : t('settings.importedServers', { names: result.added.join(', ') });
      const kept = result.kept.length > 0 ? t('settings.keptServers', { names: result.kept.join(', ') }) : '';
      get().notify(result.problems.length > 0 ? 'warning' : 'success', `${added}${kept}${result.problems.map((p) => `; ${p}`).join('')}`);
    },

    async importClaudeDesktopFile(file) {
      if (file.size > MCP_IMPORT_MAX_CHARS) return get().notify('error', t('settings.configTooLarge', { name: file.name }));
      let text: string;
      try {
        text = await file.text();
      } catch (err) {
        // Moved or deleted since it was picked.
        return get().notify('error', uiTexts.importUnreadable(file.name, (err as Error).message));
      }
      await get().importClaudeDesktop({ file: { name: file.name, text } });
    },

    async setAlwaysAllow(tool, allow) {
      await callApi(deps, get, 'tools.alwaysAllow', { tool, allow });
    },

    toolsApplyEvent(event) {
      if (event.type === 'tools_changed') return update((t) => ({ overview: event.overview, ...settleSwitches(t, event.overview) }));
      if (event.type !== 'tool_approval' && event.type !== 'tool_approval_settled') return;
      if (eventSessionId(event) !== get().session?.header.id) return;
      if (event.type === 'tool_approval_settled') return withoutApproval(event.toolCallId);
      const { type: _type, sessionId: _sessionId, ...approval } = event;
      update((t) => ({ approvals: { ...t.approvals, [approval.toolCallId]: approval } }));
    },
  };
};
