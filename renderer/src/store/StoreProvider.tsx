// Components reach the store through context, so tests can render them against a store built on a
// fake API.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { BatonState, BatonStore } from './types';

const StoreContext = createContext<BatonStore | null>(null);

export function StoreProvider({ store, children }: { store: BatonStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for handlers that must read live state at the moment they run. */
export function useBatonStore(): BatonStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useBatonStore outside <StoreProvider>');
  return store;
}

export function useBaton<T>(selector: (state: BatonState) => T): T {
  return useStore(useBatonStore(), selector);
}
