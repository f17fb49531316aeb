// Handoff (SPEC §4.1 steps 2–9, §4.2): the model writes a document about the session, and the agent
// continues in a new session seeded only with it. The pipeline drives AgentSession through its public
// API only: the document is asked for with an ordinary prompt() (templates off) and read from the reply
// that prompt() returns at agent_end.
import { randomUUID } from 'node:crypto';
import type { HandoffDetails } from '../../../shared/session';
import { findMissingSections } from '../../../shared/handoffSections';
import { CustomType, HANDOFF_ORIGIN, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import type { AgentSession } from '../agent/AgentSession';
import { carriedTodosText } from '../agent/todos';
import { estimateTokens } from '../agent/tokens';
import { toApiError } from '../errors';
import { SessionManager } from '../session/SessionManager';
import {
  attachedFiles,
  buildHandoffPrompt,
  countMessageEntries,
  HANDOFF_MAX_TOKENS,
  handoffPreview,
  handoffTitle,
  lastAssistantText,
} from './handoffDocument';
import { TranscriptFit } from './transcriptFit';

export type HandoffErrorKind = 'nothing' | 'busy' | 'cancelled' | 'failed';

export class HandoffError extends Error {
  override readonly name = 'HandoffError';
  constructor(
    readonly kind: HandoffErrorKind,
    message: string,
    /** False when no handoff exchange was written, so there is no outcome to record. */
    readonly recordable = kind === 'cancelled' || kind === 'failed',
  ) {
    super(message);
  }
}

export interface HandoffDraft {
  document: string;
  missingSections: string[];
  trimmedMessages: number;
  /** Review first only: the reply hit its output limit, so the document is incomplete. */
  cutOff?: boolean;
}

export interface HandoffDone extends HandoffDraft {
  contextBefore: number;
  contextAfter: number;
}

/** A generated document, with where it came from: it stays valid while the session has not moved on. */
interface Generated extends Omit<HandoffDraft, 'cutOff'> {
  sessionId: string;
  leafId: string | null;
  contextBefore: number;
}

const EMPTY_HANDOFF = 'The model returned an empty handoff document.';
const NO_PENDING_HANDOFF = 'No handoff document is waiting for review.';

export class HandoffPipeline {
  private controller: AbortController | undefined;
  private pending: Generated | undefined;

  constructor(private readonly agent: AgentSession) {}

  /** True while the handoff's abort controller exists (step 3). */
  get isGenerating(): boolean {
    return this.controller !== undefined;
  }

  /** Steps 2–9 in one go. */
  async handoff(customInstructions?: string): Promise<HandoffDone> {
    try {
      const { generated, cutOff } = await this.generateGuarded(customInstructions);
      if (cutOff) throw new HandoffError('failed', texts.handoffCutOff);
      return this.switchTo(generated, generated.document);
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Review first, step 1: the document, kept for commit(); the old session stays open. */
  async generate(customInstructions?: string): Promise<HandoffDraft> {
    try {
      const { generated, cutOff } = await this.generateGuarded(customInstructions);
      this.pending = generated;
      this.agent.emit({ type: 'handoff_progress', sessionId: this.agent.sessionId, phase: 'review', text: generated.document });
      const draft: HandoffDraft = { document: generated.document, missingSections: generated.missingSections, trimmedMessages: generated.trimmedMessages };
      return cutOff ? { ...draft, cutOff } : draft;
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Review first, step 2: steps 7–9 with the (possibly edited) document. */
  async commit(document: string): Promise<HandoffDone> {
    if (this.agent.isStreaming || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    const generated = this.pending;
    if (!generated || !this.isCurrent(generated)) throw new HandoffError('nothing', NO_PENDING_HANDOFF);
    try {
      return this.switchTo(generated, document);
    } catch (err) {
      throw this.failure(err);
    }
  }

  /**
   * Review first: the document is put aside and the old session goes on exactly as it was (its file is
   * not touched; the exchange already stays out of the model's context).
   */
  discard(): void {
    this.pending = undefined;
  }

  /** Stops the handoff request at once; handoff() then throws HandoffError 'cancelled'. */
  abort(): void {
    this.controller?.abort();
  }

  /** A document stays valid while its session has not moved on (no new entry, no other session). */
  private isCurrent(generated: Generated): boolean {
    return generated.sessionId === this.agent.sessionId && generated.leafId === this.agent.sessionManager.getLeafId();
  }

  /** Steps 2–3: refuse while busy or with fewer than 2 messages; hold the controller while generating. */
  private async generateGuarded(customInstructions: string | undefined): Promise<{ generated: Generated; cutOff: boolean }> {
    if (this.agent.isStreaming || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    if (countMessageEntries(this.agent.sessionManager.getBranch(), 2) < 2) {
      throw new HandoffError('nothing', texts.nothingToHandOff);
    }
    this.pending = undefined;
    const controller = new AbortController();
    this.controller = controller;
    try {
      return await this.generateDocument(controller.signal, customInstructions);
    } finally {
      this.controller = undefined;
    }
  }

  /**
   * Steps 3–6: the prompt goes through the normal prompt() path (templates off), so the exchange is an
   * ordinary one saved in the old session; the document is the reply prompt() returns at agent_end.
   */
  private async generateDocument(signal: AbortSignal, customInstructions?: string): Promise<{ generated: Generated; cutOff: boolean }> {
    const agent = this.agent;
    const sessionId = agent.sessionId;
    const contextBefore = agent.getContextUsage().tokens;
    agent.emit({ type: 'handoff_progress', sessionId, phase: 'generating', text: '' });
    if (signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    const model = agent.settings.handoffModel.trim() || agent.getModel();
    const window = agent.contextWindowFor(model);
    // Room for the document, but never so much of a small window that no transcript would fit.
    const maxTokens = Math.min(HANDOFF_MAX_TOKENS, agent.modelInfo(model).maxOutputTokens, Math.floor(window / 4));
    const overhead = estimateTokens([], agent.systemPrompt + JSON.stringify(agent.toolDefinitions));
    const fit = TranscriptFit.forWindow(window, maxTokens, overhead);
    let result;
    try {
      result = await agent.prompt(buildHandoffPrompt(customInstructions, attachedFiles(agent.getMessages())), {
        expandPromptTemplates: false,
        purpose: 'handoff',
        model,
        maxTokens,
        signal,
        textFormat: handoffPreview(),
        transformContext: (messages) => fit.apply(messages, agent.getContextUsage().tokens),
        retryRequest: (error, attempt) => fit.shrinkAfter(error, attempt, estimateTokens(agent.getMessages())),
      });
    } catch (err) {
      // The prompt could not be saved: no exchange exists, so there is no outcome to record either.
      throw new HandoffError('failed', toApiError(err).message, false);
    }
    const reply = result.reply;
    if (reply?.aborted || signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    if (result.error !== undefined) throw new HandoffError('failed', toApiError(result.error).message);
    const document = reply ? lastAssistantText([reply]) : '';
    const stop = reply?.stopReason ?? 'end_turn';
    if (stop === 'refusal') throw new HandoffError('failed', texts.handoffRefused);
    const cutOff = stop === 'max_tokens' || stop === 'model_context_window_exceeded';
    if (!cutOff && stop !== 'end_turn' && stop !== 'stop_sequence') throw new HandoffError('failed', texts.unknownStopReason(stop));
    if (!document.trim()) throw new HandoffError('failed', cutOff ? texts.handoffCutOff : EMPTY_HANDOFF);
    const generated: Generated = {
      sessionId,
      leafId: agent.sessionManager.getLeafId(),
      document,
      missingSections: findMissingSections(document),
      trimmedMessages: fit.trimmed,
      contextBefore,
    };
    return { generated, cutOff };
  }

  /**
   * Steps 7–9. Synchronous on purpose: nothing can interleave, and the cost does not depend on the old
   * session's size (no re-read; the flush is one fsync and the new session holds one or two entries).
   */
  private switchTo(generated: Generated, document: string): HandoffDone {
    if (!document.trim()) throw new HandoffError('failed', EMPTY_HANDOFF);
    const agent = this.agent;
    const manager = agent.sessionManager;
    const parentSession = agent.sessionId;
    agent.emit({ type: 'handoff_progress', sessionId: parentSession, phase: 'switching', text: '' });
    const carried = agent.getOpenTodos();
    const oldFile = manager.getSessionFile();
    const title = handoffTitle(document, manager.getTitle(), agent.chainTitles(parentSession));
    const id = randomUUID();
    // The old session says where it went before it is left: "Handed off → <title>".
    this.recordOutcome({ outcome: 'done', childSession: id, childTitle: title, document });
    manager.flush();
    try {
      manager.newSession({ id, parentSession, origin: HANDOFF_ORIGIN, title }); // on failure the manager stays on the old file
    } catch (err) {
      this.recordOutcome({ outcome: 'failed', message: toApiError(err).message });
      throw new HandoffError('failed', toApiError(err).message, false);
    }
    try {
      const content = wrapHandoffDocument(document);
      const todosText = carried.length > 0 ? carriedTodosText(carried) : undefined;
      // The card shows the savings whenever the session is opened, so they are kept with the document.
      const contextAfter = seedTokens(todosText === undefined ? [content] : [content, todosText]);
      const details: HandoffDetails = { parentSession, contextBefore: generated.contextBefore, contextAfter, trimmedMessages: generated.trimmedMessages };
      manager.appendCustomMessageEntry(CustomType.handoff, content, true, details);
      // "Todos survive" (SPEC §4.2): the open items, hidden from the chat, read back by todosFromBranch.
      if (todosText !== undefined) manager.appendCustomMessageEntry(CustomType.todos, todosText, false, { todos: carried });
      agent.reload(); // steps 7 and 9: state, queues and reminder counter from the new session
    } catch (err) {
      this.reopen(oldFile);
      throw err;
    }
    this.pending = undefined;
    agent.emit({ type: 'handoff_progress', sessionId: agent.sessionId, phase: 'done', text: document });
    return {
      document,
      missingSections: findMissingSections(document),
      contextBefore: generated.contextBefore,
      contextAfter: agent.getContextUsage().tokens,
      trimmedMessages: generated.trimmedMessages,
    };
  }

  /** A switch that failed after the new file was made goes back to the old session, so nothing is lost from view. */
  private reopen(file: string): void {
    try {
      this.agent.switchSession(SessionManager.open(file));
    } catch {
      // Stay where we are; the original error is what the user sees.
    }
  }

  private failure(err: unknown): HandoffError {
    const error = err instanceof HandoffError ? err : new HandoffError('failed', toApiError(err).message);
    if (error.kind === 'cancelled' || error.kind === 'failed') {
      if (error.recordable) this.recordOutcome(error.kind === 'failed' ? { outcome: 'failed', message: error.message } : { outcome: 'cancelled' });
      this.agent.emit({ type: 'handoff_progress', sessionId: this.agent.sessionId, phase: error.kind, text: error.message });
    }
    return error;
  }

  /**
   * Writes how the handoff ended into the session it ran in, and shows it. Best effort: the outcome only
   * labels the exchange (which is out of the model's context either way), so a failed write is not
   * what the user needs to hear about then.
   */
  private recordOutcome(outcome: Parameters<SessionManager['appendHandoffOutcome']>[0]): void {
    try {
      const entry = this.agent.sessionManager.appendHandoffOutcome(outcome);
      this.agent.emit({ type: 'entry_added', sessionId: this.agent.sessionId, entry });
    } catch {
      // ignored on purpose (see above)
    }
  }
}

/** The new session's context in tokens: its custom messages, which the model sees as user messages. */
function seedTokens(contents: readonly string[]): number {
  return estimateTokens(contents.map((text) => ({ role: 'user', content: [{ type: 'text', text }] })));
}
