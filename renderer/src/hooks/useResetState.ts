// Local state that starts over from `initial` whenever `resetKey` changes. The reset happens while
// rendering, as React advises for state derived from props, not in an effect that renders twice.
import { useState, type Dispatch, type SetStateAction } from 'react';

export function useResetState<T>(initial: T, resetKey: unknown): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(initial);
  const [key, setKey] = useState(resetKey);
  if (!Object.is(key, resetKey)) {
    setKey(resetKey);
    setState(initial);
    return [initial, setState];
  }
  return [state, setState];
}
