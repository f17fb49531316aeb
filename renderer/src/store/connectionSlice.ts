// The link to the main process as the user sees it (web mode): a lost connection is a warning until it
// is back, and then everything is read afresh; a page the server refuses (a wrong token, too many failed
// attempts) shows why, instead of waiting for a server that will never answer it.
import type { BatonEvent } from '../../../shared/contract';
import { uiTexts } from '../texts';
import { UNREACHABLE_KEY } from './noticeSlice';
import type { SliceCreator } from './types';

export type ConnectionEvent = Extract<BatonEvent, { type: 'connection' }>;
export type ConnectionRefusal = Exclude<ConnectionEvent['state'], 'lost' | 'restored'>;

export interface ConnectionSlice {
  /** Set while the server refuses this page: the app gives way to a page that says why. */
  connectionRefused: ConnectionRefusal | null;
  connectionApplyEvent(event: ConnectionEvent): void;
}

const CONNECTION_KEY = 'connection';

export const createConnectionSlice: SliceCreator<ConnectionSlice> = (set, get) => ({
  connectionRefused: null,

  connectionApplyEvent(event) {
    const s = get();
    if (event.state === 'lost') return s.notify('warning', uiTexts.connectionLost, { key: CONNECTION_KEY, lasting: true });
    s.clearNotice(CONNECTION_KEY);
    if (event.state !== 'restored') return set({ connectionRefused: event.state });
    set({ connectionRefused: null });
    // Calls that failed while it was gone said so; that no longer holds.
    s.clearNotice(UNREACHABLE_KEY);
    // Whatever happened meanwhile (a reply finished, a session was added) is read afresh; the view stays
    // on the session it showed.
    if (!s.info) void s.loadAppInfo();
    void s.openShownSession();
    void s.loadSessions();
    void s.loadRunning();
  },
});
