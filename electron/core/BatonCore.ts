// The main-process core (SPEC §1): one object that owns the session store, the agent session and the
// settings, and answers every contract call. The desktop shell and the web server both wrap it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BatonEvent, SessionView } from '../../shared/contract';
import { AgentSession } from './agent/AgentSession';
import { AnthropicProvider } from './agent/AnthropicProvider';
import { BatonError } from './errors';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { isSafeExternalUrl } from './security/externalUrl';
import type { SessionManager } from './session/SessionManager';
import { SessionStore } from './session/SessionStore';
import { checkedApiKey, type ApiKeyStore } from './settings/apiKey';
import type { SettingsStore } from './settings/SettingsStore';
import { slashCommands } from './slashCommands';
import { previewOf, viewOf } from './sessionView';
import { handoffHandlers } from './handoffHandlers';

/** Sessions this big (about 2,500 messages) are shown tail first while they open. */
const PREVIEW_MIN_BYTES = 1_000_000;

export interface CoreOptions {
  dataDir: string;
  settings: SettingsStore;
  apiKey: ApiKeyStore;
  transport: 'electron' | 'web';
  version?: string;
  openExternal?: (url: string) => Promise<void>;
  /** Overrides for tests: the model server and how patient to be with it. */
  provider?: { baseURL?: string; maxRetries?: number; inactivityTimeoutMs?: number };
}

export interface Core {
  dispatch: Dispatch;
  subscribe(listener: (event: BatonEvent) => void): () => void;
  dispose(): Promise<void>;
}

export function createCore(options: CoreOptions): Core {
  const listeners = new Set<(event: BatonEvent) => void>();
  const emit = (event: BatonEvent) => listeners.forEach((listener) => listener(event));

  const store = SessionStore.load(join(options.dataDir, 'sessions'));
  // One client per key: a key set in Settings takes effect on the next request.
  let client: { apiKey: string; provider: AnthropicProvider } | undefined;
  const provider = (): AnthropicProvider => {
    const stored = options.apiKey.get();
    if (!stored) throw new BatonError('no_api_key', 'No API key is configured');
    // A key from the environment was never checked: refuse it here rather than have a header error quote it.
    const apiKey = ((key) => {
      try {
        return checkedApiKey(key);
      } catch (err) {
        throw new BatonError('no_api_key', (err as Error).message);
      }
    })(stored);
    if (client?.apiKey !== apiKey) client = { apiKey, provider: new AnthropicProvider({ apiKey, ...options.provider }) };
    return client.provider;
  };
  const agent = new AgentSession({
    sessionManager: store.openLatestOrCreate(), // where the user left off
    provider: { stream: (request, handlers) => provider().stream(request, handlers) },
    getSettings: () => options.settings.get(),
    promptsDir: join(options.dataDir, 'prompts'),
  });
  store.sync(agent.sessionManager);

  // The index is derived data (rebuilt from the files if lost), so it is saved lazily, not per message.
  let saveTimer: NodeJS.Timeout | undefined;
  const sessionsChanged = () => {
    emit({ type: 'sessions_changed' });
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => store.save(), 1_000).unref();
  };

  const view = (): SessionView => viewOf(agent, store);
  /** After the agent moved to another session (open, new, delete, handoff): index it and tell the UI. */
  const announceSwitch = (): SessionView => {
    store.sync(agent.sessionManager);
    const session = view();
    emit({ type: 'session_switched', session });
    sessionsChanged();
    return session;
  };
  const switchTo = (manager: SessionManager): SessionView => {
    const left = agent.sessionManager;
    const unused = left.getEntries().length === 0;
    agent.switchSession(manager);
    // A session left without a single entry holds nothing: drop it rather than fill the sidebar with
    // "New session" rows. Its lock was released by the switch.
    if (unused) store.delete(left.getSessionId());
    return announceSwitch();
  };

  // Keep the sidebar's index in step with what the agent writes.
  agent.subscribe((event) => {
    if (event.type === 'message_end') {
      store.sync(agent.sessionManager);
      sessionsChanged();
    }
    emit(event);
  });

  const handlers: Handlers = {
    'app.info': () => ({
      name: 'Baton',
      version: options.version ?? '0.0.0',
      transport: options.transport,
      platform: process.platform,
      hasApiKey: Boolean(options.apiKey.get()),
      apiKeySource: options.apiKey.get() ? options.apiKey.source : 'none',
      dataDir: options.dataDir,
    }),
    'settings.get': () => options.settings.get(),
    'settings.set': (patch) => options.settings.set(patch),
    'settings.setApiKey': ({ apiKey }) => {
      options.apiKey.set(apiKey);
      return handlers['app.info']({});
    },
    'sessions.list': ({ query }) => store.list(query),
    'sessions.current': () => view(),
    'sessions.open': ({ id }) => {
      if (id === agent.sessionId) return view();
      refuseWhileBusy();
      // Tail first: a big session shows its end while the whole file is read.
      const previewed = statSync(store.fileFor(id)).size >= PREVIEW_MIN_BYTES;
      if (previewed) emit({ type: 'session_switched', session: previewOf(store.tail(id, 50), agent, store) });
      try {
        return switchTo(store.open(id));
      } catch (err) {
        if (previewed) emit({ type: 'session_switched', session: view() }); // back to where the user still is
        throw err;
      }
    },
    'sessions.new': () => {
      refuseWhileBusy();
      return switchTo(store.create());
    },
    'sessions.entries': ({ id, end, limit }) => {
      if (id !== agent.sessionId) throw new BatonError('not_found', 'That session is not open');
      const all = agent.sessionManager.getEntries();
      const stop = Math.min(end, all.length);
      const start = Math.max(0, stop - limit);
      return { entries: all.slice(start, stop), start };
    },
    'sessions.rename': ({ id, title }) => {
      if (id === agent.sessionId) {
        agent.sessionManager.appendSessionInfo({ title });
        store.sync(agent.sessionManager);
      } else {
        // A session open elsewhere is refused by its lock; one that is not open costs a tail read.
        store.rename(id, title);
      }
      sessionsChanged();
      return { ok: true as const };
    },
    'sessions.delete': ({ id }) => {
      store.fileFor(id); // an unknown id is refused before anything changes
      if (id === agent.sessionId) {
        refuseWhileBusy();
        switchTo(store.create()); // drops the session itself if it had no entry
      }
      if (store.get(id)) store.delete(id);
      sessionsChanged();
      return { ok: true as const };
    },
    'chat.send': async ({ text, mode }) => {
      if (agent.isStreaming || agent.isGeneratingHandoff) {
        if (mode === 'followUp') agent.followUp(text);
        else agent.steer(text);
        return { queued: true };
      }
      provider(); // fail fast, before anything is written, when there is no key
      const run = await agent.start(text);
      void run.done.catch(() => {}); // run errors reach the UI as `error` events
      return { queued: false };
    },
    'chat.stop': () => {
      agent.abort();
      return { ok: true as const };
    },
    'chat.continue': async () => {
      provider(); // fail fast, before anything is written, when there is no key
      const run = await agent.continueReply();
      void run.done.catch(() => {}); // run errors reach the UI as `error` events
      return { ok: true as const };
    },
    'chat.commands': () => slashCommands(join(options.dataDir, 'prompts')),
    ...handoffHandlers(agent, { announceSwitch, requireProvider: provider }),
    'shell.openExternal': async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new BatonError('invalid_input', 'Only http, https and mailto links can be opened');
      if (!options.openExternal) return { opened: false };
      await options.openExternal(url);
      return { opened: true };
    },
  };

  function refuseWhileBusy(): void {
    if (agent.isStreaming || agent.isGeneratingHandoff) {
      throw new BatonError('busy', 'Wait for the current response to finish or stop it first.');
    }
  }

  return {
    dispatch: createDispatcher(handlers),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: async () => {
      agent.abort();
      agent.abortHandoff();
      agent.sessionManager.close();
      clearTimeout(saveTimer);
      store.save();
      listeners.clear();
    },
  };
}
