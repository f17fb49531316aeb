// Derived values components share; each reads state, none changes it.
import { uiTexts } from '../texts';
import type { BatonState } from './types';

export const isModalOpen = (s: BatonState) =>
  s.handoff.phase !== 'closed' || s.ui.settingsOpen || s.sidebar.pendingDelete !== null;

export const isStreaming = (s: BatonState) => s.session?.isStreaming ?? false;

export const sessionTitle = (s: BatonState): string => {
  const id = s.session?.header.id;
  return s.sidebar.summaries.find((x) => x.id === id)?.title ?? s.session?.title ?? uiTexts.untitled;
};

/** The parent's title, from the sidebar when it is listed (it may have been renamed), else the view. */
export const parentTitle = (s: BatonState): string => {
  const parentId = s.session?.header.parentSession;
  const listed = parentId ? s.sidebar.summaries.find((x) => x.id === parentId)?.title : undefined;
  return listed ?? s.session?.parentTitle ?? uiTexts.unknownParent;
};

/** Above the threshold the Hand off button invites a handoff (SPEC §4.2 context meter). */
export const contextIsLong = (s: BatonState): boolean => {
  const session = s.session;
  if (!session || session.contextWindow <= 0) return false;
  return session.contextTokens / session.contextWindow > (s.settings?.contextThreshold ?? 0.7);
};
