// Keyboard shortcuts of SPEC §5. CmdOrCtrl is Cmd on macOS and Ctrl elsewhere, as Electron means it.
export type Shortcut = 'hand-off' | 'new-session' | 'search-sessions' | 'find-in-session' | 'escape';

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function shortcutOf(event: KeyLike, mac = isMac()): Shortcut | null {
  if (event.key === 'Escape') return 'escape';
  const cmdOrCtrl = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!cmdOrCtrl || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === 'h' ? 'hand-off' : null;
  if (key === 'n') return 'new-session';
  if (key === 'k') return 'search-sessions';
  if (key === 'f') return 'find-in-session';
  return null;
}

/** How a CmdOrCtrl shortcut reads on this platform: "⌘⇧H" or "Ctrl+Shift+H". */
export function shortcutLabel(key: string, { shift = false } = {}, mac = isMac()): string {
  if (mac) return `⌘${shift ? '⇧' : ''}${key}`;
  return `Ctrl+${shift ? 'Shift+' : ''}${key}`;
}
