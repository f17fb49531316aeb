// Presentation state that actions drive: focus requests, the settings dialog, the narrow-window
// sidebar, and opening links outside the app.
import { callApi } from './call';
import type { SliceCreator } from './types';

export type FocusTarget = 'composer' | 'search' | 'find';

export interface UiState {
  /** Bumped to ask a component to take focus; components watch their own counter. */
  focus: Record<FocusTarget, number>;
  settingsOpen: boolean;
  /** Settings was opened to replace a rejected key: its key field takes focus. */
  settingsFocusApiKey: boolean;
  /** Only matters in a narrow window, where the sidebar is a drawer. */
  sidebarOpen: boolean;
}

export interface UiSlice {
  ui: UiState;
  requestFocus: (target: FocusTarget) => void;
  openSettings: (options?: { focusApiKey?: boolean }) => void;
  closeSettings: () => void;
  toggleSidebar: () => void;
  closeSidebarOnNarrow: () => void;
  openExternal: (url: string) => Promise<void>;
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get, deps) => {
  const update = (fields: Partial<UiState>) => set((s) => ({ ui: { ...s.ui, ...fields } }));

  return {
    ui: { focus: { composer: 0, search: 0, find: 0 }, settingsOpen: false, settingsFocusApiKey: false, sidebarOpen: false },

    requestFocus(target) {
      const { ui } = get();
      update({
        focus: { ...ui.focus, [target]: ui.focus[target] + 1 },
        // The search box lives in the sidebar, which must be showing to take focus.
        ...(target === 'search' ? { sidebarOpen: true } : {}),
      });
      if (target === 'search' && get().settings?.sidebarCollapsed) void get().updateSettings({ sidebarCollapsed: false });
    },

    openSettings({ focusApiKey = false } = {}) {
      update({ settingsOpen: true, settingsFocusApiKey: focusApiKey });
    },

    closeSettings() {
      update({ settingsOpen: false });
      get().requestFocus('composer');
    },

    toggleSidebar() {
      update({ sidebarOpen: !get().ui.sidebarOpen });
    },

    closeSidebarOnNarrow() {
      if (get().ui.sidebarOpen) update({ sidebarOpen: false });
    },

    async openExternal(url) {
      const result = await callApi(deps, get, 'shell.openExternal', { url });
      // Main checked the scheme; where it has no browser to hand the link to, this page is in one.
      if (result && !result.opened) window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
};
