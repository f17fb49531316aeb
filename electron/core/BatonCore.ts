// The main-process core (SPEC §1): the composition root. It builds the session store, the provider
// client, the agent session and the session navigator, and answers every contract call with the
// handlers of handlers/. The desktop shell and the web server both wrap it.
import { join } from 'node:path';
import type { BatonEvent, Result } from '../../shared/contract';
import { AgentSession } from './agent/AgentSession';
import { PendingAttachments } from './attachments/PendingAttachments';
import { appHandlers } from './handlers/app';
import { attachmentHandlers } from './handlers/attachments';
import { chatHandlers } from './handlers/chat';
import type { CoreContext } from './handlers/context';
import { handoffHandlers, startHandoff } from './handlers/handoff';
import { modelsHandlers } from './handlers/models';
import { sessionsHandlers } from './handlers/sessions';
import { settingsHandlers } from './handlers/settings';
import { createDispatcher, type Dispatch } from './ipc/dispatcher';
import { toApiError } from './errors';
import { ModelCatalog } from './models/ModelCatalog';
import { MODELS_CACHE_FILE } from './models/modelsCache';
import { ProviderClient, type ProviderOverrides } from './providerClient';
import { AutoHandoff } from './handoff/AutoHandoff';
import { treeTitles } from './handoff/handoffTree';
import { BackgroundIndexing } from './search/BackgroundIndexing';
import { SessionNavigator } from './SessionNavigator';
import { SessionStore } from './session/SessionStore';
import type { ApiKeyStore } from './settings/apiKey';
import type { SettingsStore } from './settings/SettingsStore';
import type { FsSeam } from './storage/fsSeam';
import type { ExportFile } from './transfer/sessionExport';
import { addRedaction, log } from './log';

export interface CoreOptions {
  dataDir: string;
  settings: SettingsStore;
  apiKey: ApiKeyStore;
  transport: 'electron' | 'web';
  version?: string;
  openExternal?: (url: string) => Promise<void>;
  /** Shows a folder in the desktop's file manager; absent in web mode, whose server is not the user's machine. */
  openFolder?: (path: string) => Promise<void>;
  /**
   * Asks where to save an export and writes it there (the desktop's save dialog): the path, or undefined
   * when the user cancelled. Absent in web mode, where the page downloads the file instead.
   */
  saveFile?: (file: ExportFile) => Promise<string | undefined>;
  /** Overrides for tests: the model server and how patient to be with it. */
  provider?: ProviderOverrides;
  /** The session store's fs calls; tests pass one that fails on cue (a full disk, a read-only folder). */
  fs?: FsSeam;
}

export interface Core {
  dispatch: Dispatch;
  subscribe: (listener: (event: BatonEvent) => void) => () => void;
  /** Tells the user about an error no call or run answered (the process's last-resort handler). */
  reportError: (err: unknown) => void;
  dispose: () => Promise<void>;
}

export function createCore(options: CoreOptions): Core {
  const listeners = new Set<(event: BatonEvent) => void>();
  const provider = new ProviderClient(options.apiKey, options.provider);
  const stopRedacting = addRedaction((text) => provider.redact(text));
  const emit = (event: BatonEvent) => {
    const safe = redacted(event, provider);
    for (const listener of listeners) listener(safe);
  };

  const models = new ModelCatalog({
    cacheFile: join(options.dataDir, MODELS_CACHE_FILE),
    fetch: (signal) => provider.listModels(signal),
  });
  models.onChange((list) => emit({ type: 'models_changed', models: list }));
  void models.refresh(); // in the background: the cached or built-in list answers meanwhile

  const store = SessionStore.load(join(options.dataDir, 'sessions'), { fs: options.fs });
  // Message search reads the files in the background; until then the sidebar searches titles.
  const indexing = new BackgroundIndexing(store.textIndex, {
    onProgress: (progress) => emit({ type: 'search_index', ...progress }),
    onSaveError: (err) => log.error(`Could not save the search index: ${(err as Error).message}`),
  });
  indexing.start();
  const agent = new AgentSession({
    sessionManager: store.openLatestOrCreate(), // where the user left off
    provider: { stream: (request, handlers) => provider.get().stream(request, handlers) },
    getSettings: () => options.settings.get(),
    promptsDir: join(options.dataDir, 'prompts'),
    modelInfo: (model) => models.get(model),
    chainTitles: (id) => treeTitles(store.list(), id),
  });
  store.sync(agent.sessionManager);
  const sessions = new SessionNavigator(agent, store, emit);
  // The sidebar's index follows what the agent writes.
  agent.subscribe((event) => {
    if (event.type === 'message_end' || event.type === 'entry_added' || event.type === 'branch_changed') sessions.synced();
    emit(event);
  });

  const autoHandoff = new AutoHandoff(agent, (review) => startHandoff(ctx, undefined, review));
  const ctx: CoreContext = { options, agent, store, sessions, provider, models, attachments: new PendingAttachments(), autoHandoff };
  const dispatch = createDispatcher({
    ...appHandlers(ctx),
    ...settingsHandlers(ctx),
    ...modelsHandlers(ctx),
    ...sessionsHandlers(ctx),
    ...chatHandlers(ctx),
    ...attachmentHandlers(ctx),
    ...handoffHandlers(ctx),
  });

  return {
    dispatch: async (channel, input, trusted) => redactedResult(await dispatch(channel, input, trusted), provider),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportError: (err) => emit({ type: 'error', sessionId: agent.sessionId, ...toApiError(err) }),
    dispose: async () => {
      stopRedacting();
      models.dispose();
      indexing.dispose();
      agent.abort();
      agent.abortHandoff();
      listeners.clear();
      agent.sessionManager.close();
      try {
        sessions.flush();
      } catch (err) {
        // The index is rebuilt from the files at the next start; a full disk must not stop the app quitting.
        log.error(`Could not save the session index: ${(err as Error).message}`);
      }
    },
  };
}

/** Error texts leave the main process without the API key (SPEC §6), whatever produced them. */
function redacted(event: BatonEvent, provider: ProviderClient): BatonEvent {
  if (event.type === 'error' || event.type === 'retry') return { ...event, message: provider.redact(event.message) };
  if (event.type === 'handoff_progress' && event.phase === 'failed') return { ...event, text: provider.redact(event.text) };
  if (event.type === 'handoff_auto_result' && event.result.status === 'failed') {
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
