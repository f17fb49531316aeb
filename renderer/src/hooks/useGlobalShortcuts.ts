// Window-level shortcuts. The handler reads the store when the key is pressed, never a value captured
// when it was registered: Escape cancels a handoff only if one is generating at that moment.
import { useEffect } from 'react';
import { shortcutOf } from '../lib/shortcuts';
import { isModalOpen } from '../store/selectors';
import { useBatonStore } from '../store/StoreProvider';

export function useGlobalShortcuts(): void {
  const store = useBatonStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      const state = store.getState();
      if (shortcut === 'escape') return state.escape();
      event.preventDefault();
      if (isModalOpen(state)) return; // a dialog owns the keyboard until it closes
      if (shortcut === 'hand-off') state.requestHandoff();
      else if (shortcut === 'new-session') void state.newSession();
      else if (shortcut === 'find-in-session') state.openFind();
      else state.requestFocus('search');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
