// Handoff (SPEC §4.1 steps 2–9, §4.2): the model writes a document about the session, and the agent
// continues in a new session seeded only with it. The pipeline drives AgentSession through its public
// API only: the document is asked for with an ordinary prompt() (templates off) and read from the reply
// that prompt() returns at agent_end.
import type { TodoItem } from '../../../shared/session';
import { CustomType, HANDOFF_ORIGIN, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import type { AgentSession } from '../agent/AgentSession';
import { carriedTodosText } from '../agent/todos';
import { estimateTokens } from '../agent/tokens';
import { toApiError } from '../errors';
import { SessionManager } from '../session/SessionManager';
import {
  buildHandoffPrompt,
  countMessageEntries,
  findMissingSections,
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
  ) {
    super(message);
  }
}

export interface HandoffDraft {
  document: string;
  missingSections: string[];
  trimmedMessages: number;
}

export interface HandoffDone extends HandoffDraft {
  contextBefore: number;
  contextAfter: number;
}

/** A generated document, with where it came from: it stays valid while the session has not moved on. */
interface Generated extends HandoffDraft {
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
      const generated = await this.generateGuarded(customInstructions);
      return this.switchTo(generated, generated.document);
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Review first, step 1: the document, kept for commit(); the old session stays open. */
  async generate(customInstructions?: string): Promise<HandoffDraft> {
    try {
      const generated = await this.generateGuarded(customInstructions);
      this.pending = generated;
      this.agent.emit({ type: 'handoff_progress', sessionId: this.agent.sessionId, phase: 'review', text: generated.document });
      return { document: generated.document, missingSections: generated.missingSections, trimmedMessages: generated.trimmedMessages };
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Review first, step 2: steps 7–9 with the (possibly edited) document. */
  async commit(document: string): Promise<HandoffDone> {
    if (this.agent.isStreaming || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    const generated = this.pending;
    const stillCurrent =
      generated?.sessionId === this.agent.sessionId && generated.leafId === this.agent.sessionManager.getLeafId();
    if (!generated || !stillCurrent) throw new HandoffError('nothing', NO_PENDING_HANDOFF);
    try {
      return this.switchTo(generated, document);
    } catch (err) {
      throw this.failure(err);
    }
  }

  discard(): void {
    this.pending = undefined;
  }

  /** Stops the handoff request at once; handoff() then throws HandoffError 'cancelled'. */
  abort(): void {
    this.controller?.abort();
  }

  /** Steps 2–3: refuse while busy or with fewer than 2 messages; hold the controller while generating. */
  private async generateGuarded(customInstructions: string | undefined): Promise<Generated> {
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
  private async generateDocument(signal: AbortSignal, customInstructions?: string): Promise<Generated> {
    const agent = this.agent;
    const sessionId = agent.sessionId;
    const contextBefore = agent.getContextUsage().tokens;
    agent.emit({ type: 'handoff_progress', sessionId, phase: 'generating', text: '' });
    if (signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    const model = agent.settings.handoffModel.trim() || agent.getModel();
    const overhead = estimateTokens([], agent.systemPrompt + JSON.stringify(agent.toolDefinitions));
    const fit = TranscriptFit.forWindow(agent.contextWindowFor(model), HANDOFF_MAX_TOKENS, overhead);
    let result;
    try {
      result = await agent.prompt(buildHandoffPrompt(customInstructions), {
        expandPromptTemplates: false,
        purpose: 'handoff',
        model,
        maxTokens: HANDOFF_MAX_TOKENS,
        signal,
        textFormat: handoffPreview(),
        transformContext: (messages) => fit.apply(messages, agent.getContextUsage().tokens),
        retryRequest: (error, attempt) => fit.shrinkAfter(error, attempt, estimateTokens(agent.getMessages())),
      });
    } catch (err) {
      throw new HandoffError('failed', toApiError(err).message);
    }
    if (result.reply?.aborted || signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    if (result.error !== undefined) throw new HandoffError('failed', toApiError(result.error).message);
    const document = result.reply ? lastAssistantText([result.reply]) : '';
    if (!document.trim()) throw new HandoffError('failed', EMPTY_HANDOFF);
    return {
      sessionId,
      leafId: agent.sessionManager.getLeafId(),
      document,
      missingSections: findMissingSections(document),
      trimmedMessages: fit.trimmed,
      contextBefore,
    };
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
    manager.flush();
    const title = handoffTitle(document, manager.getTitle());
    manager.newSession({ parentSession, origin: HANDOFF_ORIGIN, title }); // on failure the manager stays on the old file
    try {
      const details = { parentSession, contextBefore: generated.contextBefore, trimmedMessages: generated.trimmedMessages };
      manager.appendCustomMessageEntry(CustomType.handoff, wrapHandoffDocument(document), true, details);
      if (carried.length > 0) appendCarriedTodos(manager, carried);
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
      this.agent.emit({ type: 'handoff_progress', sessionId: this.agent.sessionId, phase: error.kind, text: error.message });
    }
    return error;
  }
}

/** "Todos survive" (SPEC §4.2): the open items, hidden from the chat, read back by todosFromBranch. */
function appendCarriedTodos(manager: SessionManager, todos: TodoItem[]): void {
  manager.appendCustomMessageEntry(CustomType.todos, carriedTodosText(todos), false, { todos });
}
