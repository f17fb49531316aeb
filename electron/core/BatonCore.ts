// The main-process core (SPEC §1): the composition root. It builds the session store, the provider
// client, the registry of open conversations and the views, and answers every contract call of a view
// with the handlers of handlers/. The desktop shell (a view per window) and the web server (a view per
// connection) both wrap it.
import { join } from 'node:path';
import type { BatonEvent, Result } from '../../shared/contract';
import { AgentSession, SYSTEM_PROMPT } from './agent/AgentSession';
import { ToolSet } from './agent/tools';
import { isHandedOff, PARENT_SESSION_NOTE, parentSessionTools, type ParentReader } from './handoff/parentSessionTool';
import { PendingAttachments } from './attachments/PendingAttachments';
import { AutoTitles } from './conversations/autoTitle';
import { Conversations } from './conversations/Conversations';
import { Views } from './conversations/Views';
import { appHandlers } from './handlers/app';
import { attachmentHandlers } from './handlers/attachments';
import { chatHandlers } from './handlers/chat';
import type { CoreContext, ViewContext } from './handlers/context';
import { handoffHandlers, startHandoff } from './handlers/handoff';
import { modelsHandlers } from './handlers/models';
import { sessionsHandlers } from './handlers/sessions';
import { settingsHandlers } from './handlers/settings';
import { setAlwaysAllow, toolHandlers, toolsOverview } from './handlers/tools';
import { createDispatcher, type Dispatch } from './ipc/dispatcher';
import { toApiError } from './errors';
import { ListedModel } from './models/listedModel';
import { ModelCatalog } from './models/ModelCatalog';
import { MODELS_CACHE_FILE } from './models/modelsCache';
import { ProviderClient, type ProviderOverrides } from './providerClient';
import { treeTitles } from './handoff/handoffTree';
import { BackgroundIndexing } from './search/BackgroundIndexing';
import { SessionStore } from './session/SessionStore';
import { McpServers, type McpServersOptions } from './tools/mcp/McpServers';
import type { ApiKeyStore } from './settings/apiKey';
import type { SettingsStore } from './settings/SettingsStore';
import type { FsSeam } from './storage/fsSeam';
import type { ExportFile } from './transfer/sessionExport';
import { addRedaction, log } from './log';
import { applyLanguage } from './settings/language';

export interface CoreOptions {
  dataDir: string;
  settings: SettingsStore;
  apiKey: ApiKeyStore;
  transport: 'electron' | 'web';
  version?: string;
  openExternal?: (url: string) => Promise<void>;
  /** Shows a folder in the desktop's file manager, made if missing; absent in web mode, whose server is not the user's machine. */
  openFolder?: (path: string) => Promise<void>;
  /**
   * Asks where to save an export and writes it there (the desktop's save dialog): the path, or undefined
   * when the user cancelled. Absent in web mode, where the page downloads the file instead.
   */
  saveFile?: (file: ExportFile) => Promise<string | undefined>;
  /** Opens a new window showing the session, or where the user left off (desktop). Absent in web mode. */
  openWindow?: (sessionId: string | undefined) => void;
  /** The OS's preferred locales, for the Language setting's "System" (default: Intl's locale). */
  systemLocales?: readonly string[];
  /** Overrides for tests: the model server and how patient to be with it. */
  provider?: ProviderOverrides;
  /** The session store's fs calls; tests pass one that fails on cue (a full disk, a read-only folder). */
  fs?: FsSeam;
  /** Web mode: the page may add and change MCP servers (`--allow-tool-config`, SPEC §6). The desktop always may. */
  allowToolConfig?: boolean;
  /** Overrides for tests: how MCP servers are started (the PATH their commands are looked up in). */
  mcp?: Pick<McpServersOptions, 'path'>;
}

/** One window or tab: its calls, and the events it is to see. */
export interface CoreView {
  dispatch: Dispatch;
  subscribe: (listener: (event: BatonEvent) => void) => () => void;
  /** The session it shows now (a window's to remember across a restart). */
  readonly sessionId: string | undefined;
  /** The window or tab is gone; runs it started go on. */
  close: () => void;
}

export interface Core {
  /** A new view (SPEC §1): it shows nothing until it opens a session. */
  connect: () => CoreView;
  /** Tells every view about an error no call or run answered (the process's last-resort handler). */
  reportError: (err: unknown) => void;
  /** The sessions whose reply or handoff is still being written (quitting asks first). */
  running: () => string[];
  dispose: () => Promise<void>;
}

/** MCP servers start once the first window's calls have been quiet this long, or this long after its first call. */
const TOOLS_START_AFTER_QUIET_MS = 100;
const TOOLS_START_AT_THE_LATEST_MS = 1_000;

export function createCore(options: CoreOptions): Core {
  applyLanguage(options.settings.get(), options.systemLocales);
  const provider = new ProviderClient(options.apiKey, options.provider);
  const stopRedacting = addRedaction((text) => provider.redact(text));
  // Error texts leave the main process without the API key (SPEC §6), whatever produced them.
  const emit = (event: BatonEvent) => views.route(redacted(event, provider));

  const models = new ModelCatalog({
    cacheFile: join(options.dataDir, MODELS_CACHE_FILE),
    fetch: (signal) => provider.listModels(signal),
  });
  models.onChange((list) => emit({ type: 'models_changed', models: list }));
  const listedModel = new ListedModel(options.settings, emit);
  models.onFetched((list) => listedModel.check(list));
  void models.refresh(); // in the background: the cached or built-in list answers meanwhile

  const store = SessionStore.load(join(options.dataDir, 'sessions'), { fs: options.fs });
  // Message search reads the files in the background; until then the sidebar searches titles.
  const indexing = new BackgroundIndexing(store.textIndex, {
    onProgress: (progress) => emit({ type: 'search_index', ...progress }),
    onSaveError: (err) => log.error(`Could not save the search index: ${(err as Error).message}`),
  });
  indexing.start();

  // MCP servers start after the first window, in the background (SPEC §3 "Tools"): nothing waits for them.
  // A window is up once its page has asked for what it shows and the calls went quiet (web mode: a tab's);
  // spawning 20 processes meanwhile would delay those answers.
  const mcp = new McpServers({
    dataDir: options.dataDir,
    clientVersion: options.version,
    log: (message) => log.warn(message),
    timeoutMs: () => options.settings.get().mcpTimeoutSeconds * 1000,
    ...options.mcp,
  });
  const toolsChanged = () => emit({ type: 'tools_changed', overview: toolsOverview(ctx) });
  mcp.onChange(toolsChanged);
  let toolsStarted = false;
  let callsInFlight = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  const startTools = () => {
    if (toolsStarted) return;
    toolsStarted = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    mcp.start();
  };
  const callStarted = () => {
    callsInFlight++;
    clearTimeout(quiet);
    // A view that never goes quiet (one polling) does not keep the servers from starting.
    latest ??= setTimeout(startTools, TOOLS_START_AT_THE_LATEST_MS);
  };
  const callEnded = () => {
    if (--callsInFlight === 0 && !toolsStarted) quiet = setTimeout(startTools, TOOLS_START_AFTER_QUIET_MS);
  };
  const alwaysAllow = {
    has: (tool: string) => options.settings.get().alwaysAllowTools.includes(tool),
    add: (tool: string) => setAlwaysAllow(ctx, tool, true),
  };

  /** read_parent_session reads a parent's file without its lock (it may be open here, or elsewhere). */
  const parentReader: ParentReader = {
    read: (id) => {
      if (!store.get(id)) return undefined;
      try {
        const manager = store.read(id);
        try {
          const messages = manager.getBranch().flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
          return { header: manager.getHeader(), title: manager.getTitle(), messages };
        } finally {
          manager.close();
        }
      } catch (err) {
        log.warn(`read_parent_session could not read a session: ${(err as Error).message}`);
        return undefined;
      }
    },
  };

  const conversations: Conversations = new Conversations({
    store,
    emit,
    agentFor: (sessionManager) => {
      const header = () => sessionManager.getHeader();
      return new AgentSession({
        sessionManager,
        provider: { stream: (request, handlers) => provider.get().stream(request, handlers) },
        getSettings: () => options.settings.get(),
        promptsDir: join(options.dataDir, 'prompts'),
        modelInfo: (model) => models.get(model),
        // A handed-off session is told of read_parent_session beside its document, never inside its wrapper.
        ...(isHandedOff(header()) && { systemPrompt: `${SYSTEM_PROMPT}\n\n${PARENT_SESSION_NOTE}` }),
        tools: new ToolSet([parentSessionTools(header, parentReader), mcp]),
        alwaysAllow,
      });
    },
    afterRun: (conversation) => titles.afterRun(conversation.manager),
    parts: {
      chainTitles: (id) => treeTitles(store.list(), id),
      startHandoff: (conversation, review) => startHandoff(ctx, conversation, undefined, review),
    },
  });
  const titles = new AutoTitles({
    provider: { stream: (request, handlers) => provider.get().stream(request, handlers) },
    enabled: () => options.settings.get().autoTitle,
    chatModel: () => options.settings.get().model,
    models: () => models.list(),
    write: (manager, title) => conversations.nameAutomatically(manager.getSessionId(), title),
  });
  const views = new Views(conversations);
  /** What every view's handlers share; each view adds itself and its own uploads. */
  const ctx: CoreContext = { options, store, conversations, views, provider, models, listedModel, mcp, toolsChanged };

  return {
    connect: () => {
      const view = views.add();
      const own: ViewContext = { ...ctx, view, attachments: new PendingAttachments() };
      const dispatch = createDispatcher({
        ...appHandlers(own, view),
        ...settingsHandlers(own),
        ...modelsHandlers(own),
        ...sessionsHandlers(own),
        ...chatHandlers(own),
        ...attachmentHandlers(own),
        ...handoffHandlers(own),
        ...toolHandlers(own),
      });
      return {
        dispatch: async (channel, input, trusted) => {
          callStarted();
          try {
            return redactedResult(await dispatch(channel, input, trusted), provider);
          } finally {
            callEnded();
          }
        },
        subscribe: (listener) => view.subscribe(listener),
        get sessionId() {
          return view.sessionId;
        },
        close: () => views.remove(view),
      };
    },
    reportError: (err) => emit({ type: 'error', ...toApiError(err) }),
    running: () => conversations.runningIds(),
    dispose: async () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      stopRedacting();
      models.dispose();
      indexing.dispose();
      views.closeAll();
      try {
        await conversations.dispose();
      } catch (err) {
        // The index is rebuilt from the files at the next start; a full disk must not stop the app quitting.
        log.error(`Could not save the session index: ${(err as Error).message}`);
      }
      await mcp.dispose();
    },
  };
}

function redacted(event: BatonEvent, provider: ProviderClient): BatonEvent {
  if (event.type === 'error' || event.type === 'retry') return { ...event, message: provider.redact(event.message) };
  if (event.type === 'handoff_progress' && event.phase === 'failed') return { ...event, text: provider.redact(event.text) };
  if (event.type === 'handoff_result' && event.result.status === 'failed') {
    return { ...event, result: { ...event.result, message: provider.redact(event.result.message) } };
  }
  return event;
}

function redactedResult(result: Result<unknown>, provider: ProviderClient): Result<unknown> {
  if (!result.ok) return { ok: false, error: { ...result.error, message: provider.redact(result.error.message) } };
  const data = result.data as { status?: unknown; message?: unknown } | null;
  if (data?.status === 'failed' && typeof data.message === 'string') return { ok: true, data: { ...data, message: provider.redact(data.message) } };
  return result;
}
