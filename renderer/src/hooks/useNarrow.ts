// Whether the window is narrow (the layout where the sidebar is a drawer and the toolbar's actions sit
// in one menu); the width is the stylesheet's breakpoint.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 52rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches);
}
