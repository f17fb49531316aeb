// The handoff flow of SPEC §4 as the UI sees it: guard, busy refusal, the dialog's phases, the
// streaming preview, cancel, review, and what each result does to the app.
import type { ApiError, BatonEvent, HandoffResult, Result } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { tryCall } from './call';
import type { BatonState, SliceCreator } from './types';

export type HandoffPhase = 'closed' | 'idle' | 'generating' | 'review' | 'committing';

export interface HandoffState {
  phase: HandoffPhase;
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
  missingSections: string[];
  trimmedMessages: number;
  /** In review: the reply hit its output limit, so the document is incomplete. */
  cutOff: boolean;
}

export interface HandoffSlice {
  handoff: HandoffState;
  /** Every trigger (button, shortcut, menu, `/handoff`) comes here; `generate` skips the form. */
  requestHandoff: (options?: { focus?: string; generate?: boolean }) => void;
  setHandoffFocus: (focus: string) => void;
  setHandoffDocument: (document: string) => void;
  /** Generates with review first or not; without `review`, as the user last chose (the review-first setting). */
  generateHandoff: (review?: boolean) => Promise<void>;
  cancelHandoff: () => Promise<void>;
  commitHandoff: () => Promise<void>;
  /** Discards the document in review, asking first when it was edited. */
  discardHandoff: () => Promise<void>;
  /** Discards the document in review without asking (the answer to that question). */
  confirmDiscardHandoff: () => Promise<void>;
  /** Goes back to editing instead of discarding. */
  keepEditingHandoff: () => void;
  closeHandoff: () => void;
  /**
   * While a handoff runs, the error its run reports is kept (and true returned): the handoff's result
   * says it once, as "Handoff failed: …", instead of a second notice with the bare error.
   */
  claimHandoffError: (error: ApiError) => boolean;
  handoffApplyEvent: (event: BatonEvent) => void;
}

export const isGeneratingHandoff = (s: BatonState) => s.handoff.phase === 'generating';

const closed: HandoffState = {
  phase: 'closed',
  auto: false,
  focus: '',
  preview: '',
  cancelling: false,
  document: '',
  generated: '',
  confirmingDiscard: false,
  missingSections: [],
  trimmedMessages: 0,
  cutOff: false,
};

export const createHandoffSlice: SliceCreator<HandoffSlice> = (set, get, deps) => {
  const update = (fields: Partial<HandoffState>) => set((s) => ({ handoff: { ...s.handoff, ...fields } }));
  let runError: ApiError | null = null;

  const close = () => {
    set({ handoff: closed });
    get().requestFocus('composer');
  };

  const finish = (result: HandoffResult) => {
    const { notify, reportError } = get();
    const { focus } = get().handoff;
    const error = runError;
    runError = null;
    // Whatever the run reported is part of a failure's message; after a cancel it no longer matters.
    if (error && result.status !== 'failed' && result.status !== 'cancelled') reportError(error);
    switch (result.status) {
      case 'done': {
        close();
        const sessionId = result.session.header.id;
        get().loadSession(result.session, { sessionId, before: result.contextBefore, after: result.contextAfter });
        notify('success', texts.handoffDone);
        if (result.missingSections.length > 0) notify('warning', uiTexts.missingSections(result.missingSections));
        if (result.trimmedMessages > 0) notify('info', uiTexts.trimmed(result.trimmedMessages));
        return;
      }
      case 'review':
        return update({
          phase: 'review',
          document: result.document,
          generated: result.document,
          missingSections: result.missingSections,
          trimmedMessages: result.trimmedMessages,
          cutOff: result.cutOff ?? false,
          cancelling: false,
        });
      case 'cancelled':
        close();
        return notify('info', texts.handoffCancelled);
      case 'failed':
        close();
        return reportError({ code: error?.code ?? 'internal', message: texts.handoffFailed(result.message) }, () =>
          get().requestHandoff({ focus, generate: true }),
        );
      case 'refused':
        close();
        return notify('warning', result.message);
    }
  };

  /** A call that could not be made at all is a failed handoff, worded as one. */
  const settle = async (call: Promise<Result<HandoffResult>>) => {
    const result = await call;
    finish(result.ok ? result.data : { status: 'failed', message: result.error.message });
  };

  return {
    handoff: closed,

    requestHandoff(options = {}) {
      const s = get();
      if (s.handoff.phase !== 'closed') return;
      if ((s.session?.messageCount ?? 0) < 2) return s.notify('warning', texts.nothingToHandOff);
      if (s.session?.isStreaming) return s.notify('warning', texts.handoffBusy);
      set({ handoff: { ...closed, phase: 'idle', focus: options.focus ?? '' } });
      if (options.generate) void get().generateHandoff();
    },

    setHandoffFocus(focus) {
      update({ focus });
    },

    setHandoffDocument(document) {
      update({ document });
    },

    async generateHandoff(review) {
      const { handoff, settings } = get();
      if (handoff.phase !== 'idle') return;
      const reviewFirst = review ?? settings?.reviewFirst ?? false;
      // The choice made is the next dialog's default.
      if (settings && settings.reviewFirst !== reviewFirst) void get().updateSettings({ reviewFirst });
      update({ phase: 'generating', preview: '', cancelling: false });
      const focus = handoff.focus.trim();
      await settle(tryCall(deps, 'handoff.start', { focus: focus || undefined, review: reviewFirst }));
    },

    async cancelHandoff() {
      if (get().handoff.phase !== 'generating') return;
      update({ cancelling: true });
      // handoff.start then resolves with `cancelled`, which closes the dialog.
      const result = await tryCall(deps, 'handoff.cancel', {});
      if (!result.ok) {
        update({ cancelling: false });
        get().reportError(result.error, () => get().cancelHandoff());
      }
    },

    async commitHandoff() {
      const { handoff } = get();
      if (handoff.phase !== 'review' || !handoff.document.trim()) return;
      update({ phase: 'committing' });
      await settle(tryCall(deps, 'handoff.commit', { document: handoff.document }));
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

    async confirmDiscardHandoff() {
      if (get().handoff.phase !== 'review') return;
      close();
      const result = await tryCall(deps, 'handoff.discard', {});
      if (result.ok) get().notify('info', uiTexts.handoffDiscarded);
      else get().reportError(result.error);
    },

    closeHandoff() {
      if (get().handoff.phase === 'idle') close();
    },

    claimHandoffError(error) {
      const { phase } = get().handoff;
      if (phase !== 'generating' && phase !== 'committing') return false;
      runError ??= error;
      return true;
    },

    handoffApplyEvent(event) {
      const { phase, auto } = get().handoff;
      // Auto-handoff: the dialog opens generating, as if the user had asked (a form left open gives way).
      if (event.type === 'handoff_auto' && (phase === 'closed' || phase === 'idle')) {
        return set({ handoff: { ...closed, phase: 'generating', auto: true } });
      }
      if (event.type === 'handoff_auto_result' && auto && phase === 'generating') return finish(event.result);
      if (event.type !== 'handoff_progress' || phase !== 'generating') return;
      if (event.phase === 'generating') update({ preview: event.text });
    },
  };
};
