// Handoff (SPEC §4.1 steps 2–9, §4.2): the model writes a document about the session, and the work
// continues in a new session seeded only with it. One pipeline per open session, beside its agent: it
// works through a narrow host (run a prompt as an aside and get its reply, read the branch, create the
// child through the store), so neither the agent nor the loop knows of handoffs. The old session stays
// open as it was; the child is a session of its own.
import { randomUUID } from 'node:crypto';
import type { BatonEvent, ErrorCode } from '../../../shared/contract';
import type { ModelInfo } from '../../../shared/models';
import type { AgentMessage, HandoffDetails, HandoffOutcomeEntry, SessionEntry, TodoItem } from '../../../shared/session';
import type { Settings } from '../../../shared/settings';
import { findMissingSections } from '../../../shared/handoffSections';
import { CustomType, HANDOFF_ORIGIN, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import type { LoopResult } from '../agent/agentLoop';
import type { RunOptions } from '../agent/runOptions';
import { carriedTodosText } from '../agent/todos';
import { estimateTokens } from '../agent/tokens';
import { toApiError } from '../errors';
import {
  attachedFiles,
  buildHandoffPrompt,
  toolsUsed,
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
    /** What failed, when an error said (a key problem makes the UI offer Settings rather than Retry). */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }

  /** A failure caused by another error, keeping its code. */
  static failedBy(err: unknown, recordable = true): HandoffError {
    const { code, message } = toApiError(err);
    return new HandoffError('failed', message, recordable, code);
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
  /** The new session. */
  childSession: string;
  childTitle: string;
}

/** A first entry of the child session, written when it is created. */
export interface SeedMessage {
  customType: string;
  content: string;
  display: boolean;
  details: unknown;
}

type Outcome = Omit<HandoffOutcomeEntry, 'type' | 'id' | 'parentId' | 'timestamp'>;

/** What a handoff needs of its session (its agent and file) and of the store. */
export interface HandoffHost {
  readonly sessionId: string;
  settings(): Settings;
  /** A reply streams in the session. */
  isStreaming(): boolean;
  branch(): readonly SessionEntry[];
  leafId(): string | null;
  title(): string;
  /** What the model sees now, and its size in tokens. */
  context(): { messages: readonly AgentMessage[]; tokens: number };
  chatModel(): string;
  modelInfo(model: string): ModelInfo;
  contextWindowFor(model: string): number;
  /** The system prompt and tool definitions every request carries, in tokens. */
  requestOverheadTokens(): number;
  openTodos(): TodoItem[];
  /** The titles the session's handoff tree already uses, so the child gets one of its own. */
  chainTitles(): readonly string[];
  /** One whole run of the session's agent (templates off, as an aside): its reply and first error. */
  prompt(text: string, options: RunOptions): Promise<LoopResult>;
  /** Writes how a handoff ended into the session and shows it; throws when it cannot be written. */
  recordOutcome(outcome: Outcome): void;
  /** Makes everything the session wrote durable. */
  flush(): void;
  /** Creates the child session, on disk with its first entries when this returns. */
  createChild(header: { id: string; parentSession: string; origin: typeof HANDOFF_ORIGIN; title: string }, seed: readonly SeedMessage[]): void;
  emit(event: BatonEvent): void;
}

/** A generated document, with where it came from: it stays valid while the session has not moved on. */
interface Generated extends Omit<HandoffDraft, 'cutOff'> {
  leafId: string | null;
  contextBefore: number;
}

const EMPTY_HANDOFF = 'The model returned an empty handoff document.';
const NO_PENDING_HANDOFF = 'No handoff document is waiting for review.';

export class HandoffPipeline {
  private controller: AbortController | undefined;
  private pending: Generated | undefined;

  constructor(private readonly host: HandoffHost) {}

  /** True while the handoff's abort controller exists (step 3). */
  get isGenerating(): boolean {
    return this.controller !== undefined;
  }

  /** The document waiting for review, while it is still valid. */
  get waitingForReview(): HandoffDraft | undefined {
    const pending = this.pending;
    if (!pending || !this.isCurrent(pending)) return undefined;
    return { document: pending.document, missingSections: pending.missingSections, trimmedMessages: pending.trimmedMessages };
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

  /** Review first, step 1: the document, kept for commit(); the old session stays as it is. */
  async generate(customInstructions?: string): Promise<HandoffDraft> {
    try {
      const { generated, cutOff } = await this.generateGuarded(customInstructions);
      this.pending = generated;
      this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: 'review', text: generated.document });
      const draft: HandoffDraft = { document: generated.document, missingSections: generated.missingSections, trimmedMessages: generated.trimmedMessages };
      return cutOff ? { ...draft, cutOff } : draft;
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Review first, step 2: steps 7–9 with the (possibly edited) document. */
  async commit(document: string): Promise<HandoffDone> {
    if (this.host.isStreaming() || this.controller) throw new HandoffError('busy', texts.handoffBusy);
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
    if (!this.pending) return;
    this.pending = undefined;
    // Every view that shows the review closes it.
    this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: 'discarded', text: '' });
  }

  /** Stops the handoff request at once; handoff() then throws HandoffError 'cancelled'. */
  abort(): void {
    this.controller?.abort();
  }

  /** A document stays valid while its session has not moved on (no new entry). */
  private isCurrent(generated: Generated): boolean {
    return generated.leafId === this.host.leafId();
  }

  /** Steps 2–3: refuse while busy or with fewer than 2 messages; hold the controller while generating. */
  private async generateGuarded(customInstructions: string | undefined): Promise<{ generated: Generated; cutOff: boolean }> {
    if (this.host.isStreaming() || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    if (countMessageEntries(this.host.branch(), 2) < 2) {
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
    const host = this.host;
    const sessionId = host.sessionId;
    const contextBefore = host.context().tokens;
    host.emit({ type: 'handoff_progress', sessionId, phase: 'generating', text: '' });
    if (signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    const model = host.settings().handoffModel.trim() || host.chatModel();
    const window = host.contextWindowFor(model);
    // Room for the document, but never so much of a small window that no transcript would fit.
    const maxTokens = Math.min(HANDOFF_MAX_TOKENS, host.modelInfo(model).maxOutputTokens, Math.floor(window / 4));
    const fit = TranscriptFit.forWindow(window, maxTokens, host.requestOverheadTokens());
    let result;
    try {
      const transcript = host.context().messages;
      result = await host.prompt(buildHandoffPrompt(customInstructions, attachedFiles(transcript), toolsUsed(transcript)), {
        expandPromptTemplates: false,
        aside: { purpose: 'handoff' },
        model,
        maxTokens,
        signal,
        textFormat: handoffPreview(),
        transformContext: (messages) => fit.apply(messages, host.context().tokens),
        retryRequest: (error, attempt) => fit.shrinkAfter(error, attempt, estimateTokens(host.context().messages)),
      });
    } catch (err) {
      // The prompt could not be saved: no exchange exists, so there is no outcome to record either.
      throw HandoffError.failedBy(err, false);
    }
    const reply = result.reply;
    if (reply?.aborted || signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    if (result.error !== undefined) throw HandoffError.failedBy(result.error);
    const document = reply ? lastAssistantText([reply]) : '';
    const stop = reply?.stopReason ?? 'end_turn';
    if (stop === 'refusal') throw new HandoffError('failed', texts.handoffRefused);
    const cutOff = stop === 'max_tokens' || stop === 'model_context_window_exceeded';
    if (!cutOff && stop !== 'end_turn' && stop !== 'stop_sequence') throw new HandoffError('failed', texts.unknownStopReason(stop));
    if (!document.trim()) throw new HandoffError('failed', cutOff ? texts.handoffCutOff : EMPTY_HANDOFF);
    const generated: Generated = {
      leafId: host.leafId(),
      document,
      missingSections: findMissingSections(document),
      trimmedMessages: fit.trimmed,
      contextBefore,
    };
    return { generated, cutOff };
  }

  /**
   * Steps 7–9: the old session is flushed and says where it went; the child is created with the document
   * (and the open todos) as its only context. Synchronous on purpose: nothing can interleave, and the
   * cost does not depend on the old session's size (no re-read; the flush is one fsync and the new
   * session holds one or two entries). The old session's queues stay with it.
   */
  private switchTo(generated: Generated, document: string): HandoffDone {
    if (!document.trim()) throw new HandoffError('failed', EMPTY_HANDOFF);
    const host = this.host;
    const parentSession = host.sessionId;
    host.emit({ type: 'handoff_progress', sessionId: parentSession, phase: 'switching', text: '' });
    const carried = host.openTodos();
    const title = handoffTitle(document, host.title(), host.chainTitles());
    const id = randomUUID();
    const content = wrapHandoffDocument(document);
    const todosText = carried.length > 0 ? carriedTodosText(carried) : undefined;
    // The card shows the savings whenever the session is opened, so they are kept with the document.
    const contextAfter = seedTokens(todosText === undefined ? [content] : [content, todosText]);
    const details: HandoffDetails = { parentSession, contextBefore: generated.contextBefore, contextAfter, trimmedMessages: generated.trimmedMessages };
    const seed: SeedMessage[] = [{ customType: CustomType.handoff, content, display: true, details }];
    // "Todos survive" (SPEC §4.2): the open items, hidden from the chat, read back by todosFromBranch.
    if (todosText !== undefined) seed.push({ customType: CustomType.todos, content: todosText, display: false, details: { todos: carried } });
    host.flush();
    try {
      host.createChild({ id, parentSession, origin: HANDOFF_ORIGIN, title }, seed);
    } catch (err) {
      throw HandoffError.failedBy(err);
    }
    // The old session says where it went: "Handed off → <title>".
    this.record({ outcome: 'done', childSession: id, childTitle: title, document });
    this.pending = undefined;
    host.emit({ type: 'handoff_progress', sessionId: parentSession, phase: 'done', text: document });
    return {
      document,
      missingSections: findMissingSections(document),
      contextBefore: generated.contextBefore,
      contextAfter,
      trimmedMessages: generated.trimmedMessages,
      childSession: id,
      childTitle: title,
    };
  }

  private failure(err: unknown): HandoffError {
    const error = err instanceof HandoffError ? err : HandoffError.failedBy(err);
    if (error.kind === 'cancelled' || error.kind === 'failed') {
      if (error.recordable) this.record(error.kind === 'failed' ? { outcome: 'failed', message: error.message } : { outcome: 'cancelled' });
      this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: error.kind, text: error.message });
    }
    return error;
  }

  /**
   * Best effort: the outcome only labels the exchange (which is out of the model's context either way),
   * so a failed write is not what the user needs to hear about then.
   */
  private record(outcome: Outcome): void {
    try {
      this.host.recordOutcome(outcome);
    } catch {
      // ignored on purpose (see above)
    }
  }
}

/** The new session's context in tokens: its custom messages, which the model sees as user messages. */
function seedTokens(contents: readonly string[]): number {
  return estimateTokens(contents.map((text) => ({ role: 'user', content: [{ type: 'text', text }] })));
}
