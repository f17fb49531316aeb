// The store's shape: one zustand store composed of slices (see store/index.ts). Slices reach each other
// only through `get()`, so each file stays small and owns one concern.
import type { StoreApi } from 'zustand';
import type { BatonApi, BatonEvent } from '../../../shared/contract';
import type { ChatSlice } from './chatSlice';
import type { ComposerSlice } from './composerSlice';
import type { ConnectionSlice } from './connectionSlice';
import type { FindSlice } from './findSlice';
import type { HandoffSlice } from './handoffSlice';
import type { MessageActionsSlice } from './messageActionsSlice';
import type { ModelsSlice } from './modelsSlice';
import type { NoticeSlice } from './noticeSlice';
import type { SessionSlice } from './sessionSlice';
import type { SettingsSlice } from './settingsSlice';
import type { SidebarSlice } from './sidebarSlice';
import type { UiSlice } from './uiSlice';
import type { FrameScheduler } from './frameScheduler';
import type { ToolsSlice } from './toolsSlice';
import type { TransferSlice } from './transferSlice';
import type { DownloadFile } from '../lib/download';

export interface RootActions {
  /** Loads everything the first screen needs and subscribes to events; returns the unsubscribe. */
  init: () => () => void;
  /**
   * Shows the session this view is on: the one it showed (after a reconnect), else the one the address
   * names, else where the user left off.
   */
  openShownSession: () => Promise<void>;
  /** The one entry point for main→renderer events: routes each to the slices that care. */
  applyEvent: (event: BatonEvent) => void;
  /** Escape, read against live state at keypress time (SPEC §4.2, §5). */
  escape: () => void;
}

export type BatonState = SessionSlice &
  ChatSlice &
  MessageActionsSlice &
  ComposerSlice &
  FindSlice &
  HandoffSlice &
  ModelsSlice &
  NoticeSlice &
  SettingsSlice &
  SidebarSlice &
  TransferSlice &
  ToolsSlice &
  UiSlice &
  ConnectionSlice &
  RootActions;

export interface Deps {
  api: BatonApi;
  frame: FrameScheduler;
  /** Timers for notices that fade; injectable so tests control time. */
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** The browser's download of an export the core handed back (web mode). */
  download: (file: DownloadFile) => void;
  /** The page's address, which names the session shown (SPEC §5 `#session=<id>`). */
  address: PageAddress;
}

export interface PageAddress {
  /** The fragment (`location.hash`). */
  read(): string;
  /** Replaces the fragment without a new history entry. */
  write(hash: string): void;
  /** Calls back when the user changes the fragment; returns a function that stops it. */
  onChange(listener: () => void): () => void;
  /** Opens the app at another fragment in a new tab (web mode's Open in new window). */
  openNew(hash: string): void;
}

export type SetState = StoreApi<BatonState>['setState'];
export type GetState = () => BatonState;
export type SliceCreator<T> = (set: SetState, get: GetState, deps: Deps) => T;
export type BatonStore = StoreApi<BatonState>;
