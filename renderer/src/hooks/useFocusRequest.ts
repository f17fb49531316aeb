// Takes focus whenever the store asks this target to (after a dialog closes, Cmd/Ctrl+K, …).
import { useEffect, useRef, type RefObject } from 'react';
import type { FocusTarget } from '../store/uiSlice';
import { useBaton } from '../store/StoreProvider';

export function useFocusRequest<T extends HTMLElement>(target: FocusTarget): RefObject<T | null> {
  const ref = useRef<T>(null);
  const request = useBaton((s) => s.ui.focus[target]);
  useEffect(() => {
    if (request === 0) return;
    // After the frame that may have just un-inerted or shown the element.
    const id = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(id);
  }, [request]);
  return ref;
}
