// The handoff flow of SPEC §4 as the UI sees it: guard, busy refusal, the dialog's phases, the
// streaming preview, cancel, review, and what each result does to the app. A handoff runs in its
// session: Continue in background closes the dialog while it goes on; its result then comes as a notice
// ("Handed off → <title>" with Open), and a view that comes back to the session shows it again.
import type { BatonEvent, HandoffResult, HandoffReview, PendingHandoff, Result } from '../../../shared/contract';
import type { CarryOverItem, DocumentChanges } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { tryCall } from './call';
import { BUSY_KEY } from './noticeSlice';
import { hasNothingToHandOff, shownSessionId } from './selectors';
import type { BatonState, SliceCreator } from './types';

export type HandoffPhase = 'closed' | 'idle' | 'generating' | 'review' | 'committing';

export interface HandoffState {
  phase: HandoffPhase;
  /** The session the dialog's handoff runs in. */
  sessionId: string;
  /** Started by itself (auto-handoff): its result comes as an event, not as a call's answer. */
  auto: boolean;
  focus: string;
  /** The document as it is being written (from `handoff_progress`). */
  preview: string;
  cancelling: boolean;
  /** In review: the editable document. */
  document: string;
  /** In review: the document as it was generated, so an edit is known and never thrown away unasked. */
  generated: string;
  /** In review: Discard (or Escape) asked whether to throw the edited document away. */
  confirmingDiscard: boolean;
  trimmedMessages: number;
  /** In review: the reply hit its output limit, so the document is incomplete. */
  cutOff: boolean;
  /**
   * In review: the carry-over check's items (SPEC §4.3), those the document lacks offered as ticked
   * checkboxes; null when the core sent none (then commit names none either).
   */
  carryOver: CarryOverItem[] | null;
  /** In review: the ids of the items the document lacks that are still ticked (handoff.commit's `keep`). */
  keep: string[];
  /** In review, a chain: what changed since the previous document. */
  changes: DocumentChanges | null;
}

type FailedHandoff = Extract<HandoffResult, { status: 'failed' }>;

export interface HandoffSlice {
  handoff: HandoffState;
  /** Every trigger (button, shortcut, menu, `/handoff`) comes here; `generate` skips the form. False when refused (the notice says why). */
  requestHandoff: (options?: { focus?: string; generate?: boolean }) => boolean;
  setHandoffFocus: (focus: string) => void;
  setHandoffDocument: (document: string) => void;
  /** Ticks or unticks an item the document lacks: a ticked one is added to the document on commit. */
  setCarryOverKept: (id: string, kept: boolean) => void;
  /** Generates with review first or not; without `review`, as the user last chose (the review-first setting). */
  generateHandoff: (review?: boolean) => Promise<void>;
  cancelHandoff: () => Promise<void>;
  commitHandoff: () => Promise<void>;
  /** Discards the document in review, asking first when it was edited. */
  discardHandoff: () => Promise<void>;
  /** Closes the dialog while the document is still being written; the handoff goes on in its session. */
  continueHandoffInBackground: () => void;
  /** A view that opens a session whose handoff runs (or waits for review) shows it. */
  resumeHandoff: (sessionId: string, pending: PendingHandoff | undefined) => void;
  /** Discards the document in review without asking (the answer to that question). */
  confirmDiscardHandoff: () => Promise<void>;
  /** Goes back to editing instead of discarding. */
  keepEditingHandoff: () => void;
  closeHandoff: () => void;
  handoffApplyEvent: (event: BatonEvent) => void;
}

export const isGeneratingHandoff = (s: BatonState) => s.handoff.phase === 'generating';

/** The notice that a document waits for review in a session not shown: gone once the review shows. */
const REVIEW_READY_KEY = 'handoff-review-ready';
/**
 * A session's "Handoff failed: …" notices, one per failure (they stack): they no longer hold once a later
 * handoff of that session succeeded.
 */
const failedPrefix = (sessionId: string) => `handoff-failed:${sessionId}:`;
let failures = 0;
const failedKey = (sessionId: string) => `${failedPrefix(sessionId)}${++failures}`;

const closed: HandoffState = {
  phase: 'closed',
  sessionId: '',
  auto: false,
  focus: '',
  preview: '',
  cancelling: false,
  document: '',
  generated: '',
  confirmingDiscard: false,
  trimmedMessages: 0,
  cutOff: false,
  carryOver: null,
  keep: [],
  changes: null,
};

/** The dialog's fields for a document in review: every item the document lacks starts ticked. */
function inReview(review: HandoffReview): Partial<HandoffState> {
  const carryOver = review.carryOver ?? null;
  return {
    phase: 'review',
    document: review.document,
    generated: review.document,
    confirmingDiscard: false,
    cancelling: false,
    trimmedMessages: review.trimmedMessages,
    cutOff: review.cutOff ?? false,
    carryOver,
    keep: (carryOver ?? []).filter((item) => !item.inDocument).map((item) => item.id),
    changes: review.changes ?? null,
  };
}

export const createHandoffSlice: SliceCreator<HandoffSlice> = (set, get, deps) => {
  const update = (fields: Partial<HandoffState>) => set((s) => ({ handoff: { ...s.handoff, ...fields } }));
  /** Sessions whose handoff.start or handoff.commit this view awaits: their result comes as the call's answer. */
  const awaited = new Set<string>();
  /** The dialog shows the handoff of this session, generating, in review (another view may commit it) or committing. */
  const showing = (sessionId: string) => {
    const { phase, sessionId: shown } = get().handoff;
    return shown === sessionId && (phase === 'generating' || phase === 'review' || phase === 'committing');
  };

  const close = () => {
    set({ handoff: closed });
    get().requestFocus('composer');
  };

  const finish = (result: HandoffResult) => {
    const { notify } = get();
    const { focus, sessionId } = get().handoff;
    get().clearNotice(BUSY_KEY); // the handoff that made the session busy is over
    switch (result.status) {
      case 'done': {
        close();
        get().clearNoticesStartingWith(failedPrefix(sessionId));
        const child = result.session.header.id;
        get().loadSession(result.session, { sessionId: child, before: result.contextBefore, after: result.contextAfter });
        notify('success', texts.handoffDone);
        if (result.missingSections.length > 0) notify('warning', uiTexts.missingSections(result.missingSections));
        if (result.trimmedMessages > 0) notify('info', uiTexts.trimmed(result.trimmedMessages));
        return;
      }
      case 'review':
        return update(inReview(result));
      case 'cancelled':
        close();
        return notify('info', texts.handoffCancelled);
      case 'failed':
        close();
        return reportFailure(sessionId, result, focus);
      case 'refused':
        close();
        return notify('warning', result.message);
    }
  };

  /** How a handoff that went on in the background ended, told wherever the user is now. */
  const finishInBackground = (sessionId: string, result: HandoffResult) => {
    const { notify, openSession } = get();
    get().clearNotice(BUSY_KEY);
    switch (result.status) {
      case 'done': {
        get().clearNoticesStartingWith(failedPrefix(sessionId));
        const child = result.session.header.id;
        if (get().session?.header.id === child) return notify('success', texts.handoffDone);
        const title = result.session.header.title || texts.untitled;
        return notify('success', texts.handedOffTo(title), { action: { label: 'Open', run: () => void openSession(child) } });
      }
      case 'review':
        return notify('info', uiTexts.handoffReadyForReview, {
          key: REVIEW_READY_KEY,
          lasting: true,
          action: { label: 'Open', run: () => void openSession(sessionId) },
        });
      case 'cancelled':
        return notify('info', texts.handoffCancelled);
      case 'failed':
        return reportFailure(sessionId, result);
      case 'refused':
        return notify('warning', result.message);
    }
  };

  /**
   * "Handoff failed: …" with a way forward (SPEC §4.2): a cut-off document can be reviewed anyway; a
   * failure with a hint says what to change, so the form opens again with the focus given; any other
   * failure offers Retry. `focus`: the failure of a handoff this dialog showed (not one in the background).
   */
  const reportFailure = (sessionId: string, result: FailedHandoff, focus?: string) => {
    const { notify, reportError } = get();
    const text = texts.handoffFailed(result.message);
    const { reviewAnyway, hint } = result;
    const key = failedKey(sessionId);
    // The way forward is in the session that failed, which the user may have left meanwhile.
    const inSession = (then: () => void) => async () => {
      if (shownSessionId(get()) !== sessionId) await get().openSession(sessionId);
      if (shownSessionId(get()) === sessionId) then();
    };
    if (reviewAnyway) {
      const run = inSession(() => get().resumeHandoff(sessionId, { phase: 'review', ...reviewAnyway, cutOff: true }));
      return notify('error', text, { key, detail: hint, action: { label: 'Review anyway', run: () => void run() } });
    }
    if (hint !== undefined) {
      const run = focus === undefined ? undefined : inSession(() => get().requestHandoff({ focus }));
      return notify('error', text, { key, detail: hint, action: run && { label: 'Hand off', run: () => void run() } });
    }
    reportError({ code: result.code ?? 'internal', message: text }, focus === undefined ? undefined : () => get().requestHandoff({ focus, generate: true }), key);
  };

  /** The answer to this view's own call; a call that could not be made at all is a failed handoff, worded as one. */
  const settle = async (sessionId: string, call: Promise<Result<HandoffResult>>) => {
    awaited.add(sessionId);
    const answer = await call;
    awaited.delete(sessionId);
    const result: HandoffResult = answer.ok ? answer.data : { status: 'failed', ...answer.error };
    if (showing(sessionId)) finish(result);
    else finishInBackground(sessionId, result);
  };

  return {
    handoff: closed,

    requestHandoff(options = {}) {
      const s = get();
      if (s.handoff.phase !== 'closed') return false;
      const refuse = (text: string) => {
        s.notify('warning', text);
        return false;
      };
      if (!s.session || hasNothingToHandOff(s)) return refuse(texts.nothingToHandOff);
      if (s.session.isStreaming || s.sidebar.running.includes(s.session.header.id)) return refuse(texts.handoffBusy);
      set({ handoff: { ...closed, phase: 'idle', sessionId: s.session.header.id, focus: options.focus ?? '' } });
      if (options.generate) void get().generateHandoff();
      return true;
    },

    setHandoffFocus(focus) {
      update({ focus });
    },

    setHandoffDocument(document) {
      update({ document });
    },

    setCarryOverKept(id, kept) {
      const { keep } = get().handoff;
      if (kept === keep.includes(id)) return;
      update({ keep: kept ? [...keep, id] : keep.filter((k) => k !== id) });
    },

    async generateHandoff(review) {
      const { handoff, settings } = get();
      if (handoff.phase !== 'idle') return;
      const reviewFirst = review ?? settings?.reviewFirst ?? false;
      // The choice made is the next dialog's default.
      if (settings && settings.reviewFirst !== reviewFirst) void get().updateSettings({ reviewFirst });
      update({ phase: 'generating', preview: '', cancelling: false });
      const focus = handoff.focus.trim();
      const { sessionId } = handoff;
      await settle(sessionId, tryCall(deps, 'handoff.start', { sessionId, focus: focus || undefined, review: reviewFirst }));
    },

    async cancelHandoff() {
      if (get().handoff.phase !== 'generating') return;
      update({ cancelling: true });
      // handoff.start then resolves with `cancelled`, which closes the dialog.
      const result = await tryCall(deps, 'handoff.cancel', { sessionId: get().handoff.sessionId });
      if (!result.ok) {
        update({ cancelling: false });
        get().reportError(result.error, () => get().cancelHandoff());
      }
    },

    async commitHandoff() {
      const { handoff } = get();
      if (handoff.phase !== 'review' || !handoff.document.trim()) return;
      update({ phase: 'committing' });
      const { sessionId, carryOver, keep } = handoff;
      const input = { sessionId, document: handoff.document, ...(carryOver && { keep }) };
      await settle(sessionId, tryCall(deps, 'handoff.commit', input));
    },

    async discardHandoff() {
      const { handoff } = get();
      if (handoff.phase !== 'review') return;
      if (handoff.document !== handoff.generated && !handoff.confirmingDiscard) return update({ confirmingDiscard: true });
      await get().confirmDiscardHandoff();
    },

    keepEditingHandoff() {
      if (get().handoff.confirmingDiscard) update({ confirmingDiscard: false });
    },

    continueHandoffInBackground() {
      if (get().handoff.phase === 'generating') close();
    },

    resumeHandoff(sessionId, pending) {
      const { phase, sessionId: shown } = get().handoff;
      if (phase === 'generating' || phase === 'committing') return;
      // A review of another session gives way (it waits there, shown again on coming back).
      if (phase === 'review' && shown === sessionId) return;
      if (pending?.phase === 'generating') {
        return set({ handoff: { ...closed, phase: 'generating', sessionId, preview: pending.text } });
      }
      if (pending?.phase === 'review') {
        set({ handoff: { ...closed, sessionId, ...inReview(pending) } });
        return get().clearNotice(REVIEW_READY_KEY);
      }
      if (phase !== 'closed') close(); // a form or review for another session gives way
    },

    async confirmDiscardHandoff() {
      const { phase, sessionId } = get().handoff;
      if (phase !== 'review') return;
      close();
      const result = await tryCall(deps, 'handoff.discard', { sessionId });
      if (result.ok) get().notify('info', uiTexts.handoffDiscarded);
      else get().reportError(result.error);
    },

    closeHandoff() {
      if (get().handoff.phase === 'idle') close();
    },

    handoffApplyEvent(event) {
      const { phase } = get().handoff;
      // Auto-handoff: the dialog opens generating, as if the user had asked (a form left open gives way).
      if (event.type === 'handoff_auto' && (phase === 'closed' || phase === 'idle')) {
        return set({ handoff: { ...closed, phase: 'generating', sessionId: event.sessionId, auto: true } });
      }
      // A handoff this view did not ask for (auto, another window or tab, or one it came back to) ends here.
      if (event.type === 'handoff_result' && !awaited.has(event.sessionId) && showing(event.sessionId)) return finish(event.result);
      if (event.type === 'handoff_progress' && event.phase === 'generating' && showing(event.sessionId)) update({ preview: event.text });
      // Discarded in another view: the review here goes too.
      if (event.type === 'handoff_progress' && event.phase === 'discarded' && phase === 'review' && get().handoff.sessionId === event.sessionId) close();
    },
  };
};
