// The one store, composed of slices, plus the root actions: startup, the event router and Escape.
import { createStore } from 'zustand/vanilla';
import type { BatonApi, BatonEvent } from '../../../shared/contract';
import { sessionFromAddress } from '../../../shared/sessionAddress';
import { uiTexts } from '../texts';
import { callApi, tryCall } from './call';
import { createChatSlice } from './chatSlice';
import { createComposerSlice } from './composerSlice';
import { createConnectionSlice } from './connectionSlice';
import { createFindSlice } from './findSlice';
import { animationFrames } from './frameScheduler';
import { createHandoffSlice } from './handoffSlice';
import { createMessageActionsSlice } from './messageActionsSlice';
import { createModelsSlice } from './modelsSlice';
import { createNoticeSlice } from './noticeSlice';
import { isModalOpen, isStreaming } from './selectors';
import { createSessionSlice } from './sessionSlice';
import { createSettingsSlice } from './settingsSlice';
import { createSidebarSlice } from './sidebarSlice';
import { createToolsSlice } from './toolsSlice';
import { createTransferSlice } from './transferSlice';
import type { BatonState, BatonStore, Deps } from './types';
import { createUiSlice } from './uiSlice';
import { downloadFile } from '../lib/download';
import { pageAddress } from '../lib/pageAddress';

export type { BatonState, BatonStore } from './types';

export function createBatonStore(api: BatonApi, overrides: Partial<Omit<Deps, 'api'>> = {}): BatonStore {
  const deps: Deps = {
    api,
    frame: animationFrames,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    download: downloadFile,
    address: pageAddress,
    ...overrides,
  };

  return createStore<BatonState>()((set, get) => ({
    ...createNoticeSlice(set, get, deps),
    ...createSettingsSlice(set, get, deps),
    ...createModelsSlice(set, get, deps),
    ...createSessionSlice(set, get, deps),
    ...createChatSlice(set, get, deps),
    ...createMessageActionsSlice(set, get, deps),
    ...createComposerSlice(set, get, deps),
    ...createFindSlice(set, get, deps),
    ...createHandoffSlice(set, get, deps),
    ...createSidebarSlice(set, get, deps),
    ...createTransferSlice(set, get, deps),
    ...createToolsSlice(set, get, deps),
    ...createUiSlice(set, get, deps),
    ...createConnectionSlice(set, get, deps),

    init() {
      // Subscribe first, so no event between the first answers and the subscription is missed.
      const unsubscribe = deps.api.subscribe((event) => get().applyEvent(event));
      // A session typed into the address bar (or opened from a link) is shown here.
      const stopAddress = deps.address.onChange(() => {
        const id = sessionFromAddress(deps.address.read());
        if (id && id !== get().session?.header.id) void get().openSession(id);
      });
      void get().openShownSession().then(() => get().loadAppInfo());
      void get().loadSettings();
      void get().loadModels();
      void get().loadSessions();
      void get().loadRunning();
      void get().loadCommands();
      return () => {
        unsubscribe();
        stopAddress();
      };
    },

    async openShownSession() {
      // What this view showed (a reconnect), else what its address names, else where the user left off.
      const id = get().session?.header.id ?? sessionFromAddress(deps.address.read());
      const named = id === undefined ? undefined : await tryCall(deps, 'sessions.open', { id });
      if (named?.ok) return get().loadSession(named.data);
      if (named && named.error.code !== 'not_found') return get().reportError(named.error, () => get().openShownSession());
      if (named) get().notify('warning', uiTexts.addressedSessionGone);
      const view = await callApi(deps, get, 'sessions.open', {}, () => get().openShownSession());
      if (view) get().loadSession(view);
    },

    applyEvent(event: BatonEvent) {
      const s = get();
      if (event.type === 'menu') {
        if (isModalOpen(s)) return; // as with the shortcuts: a dialog owns the app until it closes
        if (event.command === 'new-session') void s.newSession();
        else if (event.command === 'hand-off') s.requestHandoff();
        else if (event.command === 'find-in-session') s.openFind();
        else s.requestFocus('search');
        return;
      }
      if (event.type === 'connection') return s.connectionApplyEvent(event);
      s.chatApplyEvent(event);
      s.sessionApplyEvent(event);
      s.handoffApplyEvent(event);
      s.modelsApplyEvent(event);
      s.sidebarApplyEvent(event);
      s.toolsApplyEvent(event);
      s.settingsApplyEvent(event);
    },

    escape() {
      const s = get();
      if (s.sidebar.pendingDelete) return s.cancelDelete();
      if (s.ui.settingsOpen) return s.closeSettings();
      switch (s.handoff.phase) {
        case 'generating':
          return void s.cancelHandoff();
        case 'review':
          // Escape never throws an edited document away: it asks first, and a second Escape keeps editing.
          return s.handoff.confirmingDiscard ? s.keepEditingHandoff() : void s.discardHandoff();
        case 'idle':
          return s.closeHandoff();
        default:
          if (s.find.open) return s.closeFind();
          if (s.ui.sidebarOpen) return s.closeSidebarOnNarrow();
          // With no dialog open, Escape stops the reply that streams (SPEC §5).
          if (!isModalOpen(s) && isStreaming(s)) return void s.stopRun();
      }
    },
  }));
}
