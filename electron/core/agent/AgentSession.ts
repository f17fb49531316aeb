// The conversation owner (SPEC §3, §4): agent state, the session store, the provider, the queues, the
// todos and the abort controllers. Runs stream a reply, execute tool calls and continue until the model
// stops; handoff turns the conversation into a document and continues in a fresh session seeded with it.
import type { BatonEvent } from '../../../shared/contract';
import type { AgentMessage, SessionEntry, TodoItem } from '../../../shared/session';
import type { Settings } from '../../../shared/settings';
import { texts } from '../../../shared/texts';
import { CallError } from '../ipc/dispatcher';
import { SessionManager } from '../session/SessionManager';
import { buildContext } from '../session/sessionContext';
import type { StreamHandlers, StreamRequest } from './AnthropicProvider';
import { ContextMeter } from './contextMeter';
import { EventBatcher, messageUpdate, type TextEventFormat } from './eventBatcher';
import {
  buildHandoffPrompt,
  countMessageEntries,
  findMissingSections,
  HANDOFF_CUSTOM_TYPE,
  HANDOFF_MAX_TOKENS,
  handoffPreview,
  handoffTitle,
  lastAssistant,
  lastAssistantText,
  trimToFit,
  wrapHandoffDocument,
} from './handoff';
import { MessageQueues, type QueueSnapshot } from './messageQueues';
import { expandPromptTemplate } from './promptTemplates';
import { contextWindowFor, estimateTokens } from './tokens';
import { errorCodeOf, kindOf, messageOf, partialOf } from './runErrors';
import { carriedTodosText, createTodoWriteTool, TodoState, todosFromBranch, TODOS_CUSTOM_TYPE } from './todos';
import { executeToolCall, toolCallsOf, type Tool, type ToolCall } from './tools';

export const SYSTEM_PROMPT =
  'You are Claude, chatting with the user in Baton, a desktop chat app. Be direct, accurate and helpful; ' +
  'format replies in Markdown. For work with several steps, keep a todo list with the todo_write tool.';
export const CHAT_MAX_TOKENS = 8192;
/** Extra attempts, each with half the budget, when the model says a handoff transcript is too long. */
const FIT_RETRIES = 3;
/** Share of the window a handoff request may fill: estimates run ±30 %, so leave room. */
const FIT_SHARE = 0.8;

/** Only `stream` is used; BatonCore wraps the real provider, tests may pass a stub. */
export interface AgentProvider {
  stream(request: StreamRequest, handlers: StreamHandlers): Promise<AgentMessage>;
}

export interface AgentSessionOptions {
  sessionManager: SessionManager;
  provider: AgentProvider;
  getSettings: () => Settings;
  promptsDir: string;
  /** Clock for the stream batcher (ms). */
  now?: () => number;
  /** The model's context window; defaults to contextWindowFor. Tests shrink it. */
  contextWindowFor?: (model: string) => number;
  systemPrompt?: string;
}

export interface PromptOptions {
  expandPromptTemplates?: boolean;
}

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

/** A generated document waiting for review, with what commit needs to know about where it came from. */
interface PendingHandoff extends HandoffDraft {
  sessionId: string;
  contextBefore: number;
}

/** Handoff runs send a window-sized transcript: `budget` is in estimated tokens. */
interface FitState {
  budget: number;
  trimmed: number;
  lastSentTokens: number;
  /** The model refused once: from now on measure by estimate, not by the meter. */
  shrunk: boolean;
}

interface Run {
  controller: AbortController;
  model: string;
  maxTokens: number;
  /** Steering and follow-up messages wait while a handoff runs (and are dropped when it succeeds). */
  deliverQueues: boolean;
  /** How streamed text reaches the renderer: message_update, or the handoff preview. */
  textFormat: () => TextEventFormat;
  fit?: FitState;
}

type Listener = (event: BatonEvent) => void;

export class AgentSession {
  private manager!: SessionManager;
  private messages: AgentMessage[] = [];
  private lastModel: string | undefined;
  private run: Run | undefined;
  private handoffController: AbortController | undefined;
  private pendingHandoff: PendingHandoff | undefined;
  /** Set by handoff just before it calls prompt(): the run settings that prompt uses instead of the chat's. */
  private handoffRunNext: Run | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly batcher: EventBatcher;
  private readonly queues: MessageQueues;
  private readonly todos: TodoState;
  private readonly tools: Tool[];
  private readonly meter = new ContextMeter();
  private readonly provider: AgentProvider;
  private readonly getSettings: () => Settings;
  private readonly promptsDir: string;
  private readonly windowFor: (model: string) => number;
  private readonly systemPrompt: string;

  constructor(options: AgentSessionOptions) {
    this.provider = options.provider;
    this.getSettings = options.getSettings;
    this.promptsDir = options.promptsDir;
    this.windowFor = options.contextWindowFor ?? contextWindowFor;
    this.systemPrompt = options.systemPrompt ?? SYSTEM_PROMPT;
    const now = options.now;
    this.batcher = new EventBatcher((event) => this.deliver(event), undefined, now && {
      now,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    this.queues = new MessageQueues((q) => this.emitQueues(q));
    this.todos = new TodoState((todos) => this.emit({ type: 'todos_changed', sessionId: this.sessionId, todos }));
    this.tools = [createTodoWriteTool(this.todos)];
    this.bindSession(options.sessionManager);
  }

  // ---- state ------------------------------------------------------------------------------------

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get sessionId(): string {
    return this.manager.getSessionId();
  }

  get sessionManager(): SessionManager {
    return this.manager;
  }

  get isStreaming(): boolean {
    return this.run !== undefined;
  }

  get isGeneratingHandoff(): boolean {
    return this.handoffController !== undefined;
  }

  getTodos(): TodoItem[] {
    return this.todos.todos;
  }

  getModel(): string {
    return this.getSettings().model;
  }

  getContextUsage(): { tokens: number; window: number } {
    return { tokens: this.meter.tokens, window: this.windowFor(this.getModel()) };
  }

  getQueues(): QueueSnapshot {
    return this.queues.snapshot();
  }

  /** The messages the model sees next (a copy). */
  getMessages(): AgentMessage[] {
    return this.messages.slice();
  }

  /** Opens another session: closes the current file, loads the new one's context, todos and model. */
  switchSession(sessionManager: SessionManager): void {
    if (this.run || this.handoffController) throw new CallError('busy', 'Wait for the current response to finish or stop it first.');
    if (sessionManager === this.manager) return;
    const old = this.manager;
    this.bindSession(sessionManager);
    old.close();
  }

  // ---- runs -------------------------------------------------------------------------------------

  /**
   * Starts a run. Resolves once the user message is on disk (rejects with the storage error when it
   * cannot be saved, and nothing is shown); `done` settles at agent_end.
   */
  async start(text: string, opts: PromptOptions = {}): Promise<{ done: Promise<void> }> {
    const handoffRun = this.handoffRunNext;
    this.handoffRunNext = undefined;
    if (handoffRun) return this.send(text, opts, handoffRun);
    // Between the handoff reply and the switch, a prompt would land in the session being left.
    if (this.handoffController) throw new CallError('busy', 'A handoff is in progress; wait for it or cancel it.');
    this.pendingHandoff = undefined; // the conversation moves on: a document under review is stale
    return this.send(text, opts, this.chatRun());
  }

  async prompt(text: string, opts: PromptOptions = {}): Promise<void> {
    const { done } = await this.start(text, opts);
    await done;
  }

  steer(text: string): void {
    this.queues.steer(text);
  }

  followUp(text: string): void {
    this.queues.queueFollowUp(text);
  }

  queueNextTurn(text: string): void {
    this.queues.queueNextTurn(text);
  }

  /** Stop: the partial assistant message is kept, marked aborted, and saved. */
  abort(): void {
    this.run?.controller.abort();
  }

  private chatRun(): Run {
    return { controller: new AbortController(), model: this.getModel(), maxTokens: CHAT_MAX_TOKENS, deliverQueues: true, textFormat: () => messageUpdate };
  }

  /** The one path every prompt takes, the handoff prompt included. */
  private async send(text: string, opts: PromptOptions, run: Run): Promise<{ done: Promise<void> }> {
    if (this.run) throw new CallError('busy', 'A response is still streaming; stop it or queue the message.');
    const content = opts.expandPromptTemplates === false ? text : expandPromptTemplate(text, this.promptsDir);
    this.run = run;
    let entry: SessionEntry;
    try {
      this.recordModel(run.model);
      entry = this.persistUserPrompt(content);
    } catch (err) {
      this.run = undefined;
      throw err;
    }
    this.emit({ type: 'agent_start', sessionId: this.sessionId });
    this.emit({ type: 'turn_start', sessionId: this.sessionId });
    this.emitMessage(entry);
    return { done: this.loop(run) };
  }

  /** model_change when the model used differs from the session's last. */
  private recordModel(model: string): void {
    if (model === this.lastModel) return;
    this.manager.appendModelChange(model);
    this.lastModel = model;
  }

  /** The pending next-turn context goes first (hidden custom messages), then the prompt; both fsynced. */
  private persistUserPrompt(text: string): SessionEntry {
    const context = this.queues.takeNextTurn();
    for (const [i, item] of context.entries()) {
      try {
        this.remember(this.manager.appendCustomMessageEntry('next_turn', item, false));
      } catch (err) {
        this.queues.restoreNextTurn(context.slice(i));
        throw err;
      }
    }
    return this.remember(this.manager.appendMessage({ role: 'user', content: [{ type: 'text', text }] }));
  }

  /** Adds a just-saved entry to what the model sees, as the store's context builder would. */
  private remember(entry: SessionEntry): SessionEntry {
    for (const message of buildContext([entry]).messages) {
      this.messages.push(message);
      this.meter.add(message);
    }
    return entry;
  }

  private async loop(run: Run): Promise<void> {
    try {
      let inputs: string[] = [];
      for (let turn = 0; ; turn++) {
        if (turn > 0) this.beginTurn(inputs);
        const reply = await this.streamReply(run);
        const settled = reply !== undefined && !reply.aborted && reply.errorMessage === undefined;
        const calls = settled ? toolCallsOf(reply.content) : [];
        if (calls.length > 0) this.runTools(calls);
        this.remindTodosIfDue();
        this.emit({ type: 'turn_end', sessionId: this.sessionId });
        if (!settled || run.controller.signal.aborted) break;
        inputs = this.takeInputs(run, calls.length > 0);
        if (calls.length === 0 && inputs.length === 0) break;
      }
    } catch (err) {
      this.emitError(err); // a message that could not be saved ends the run
    } finally {
      this.run = undefined;
      this.emit({ type: 'agent_end', sessionId: this.sessionId });
    }
  }

  private beginTurn(inputs: readonly string[]): void {
    this.emit({ type: 'turn_start', sessionId: this.sessionId });
    for (const text of inputs) this.emitMessage(this.persistUserPrompt(text));
  }

  /**
   * What the next turn starts with: the steering messages; or, when the model has stopped and nothing
   * steers, the next follow-up. A handoff run takes neither.
   */
  private takeInputs(run: Run, toolsRan: boolean): string[] {
    if (!run.deliverQueues) return [];
    const steering = this.queues.takeSteering();
    if (steering.length > 0 || toolsRan) return steering;
    const followUp = this.queues.takeFollowUp();
    return followUp === undefined ? [] : [followUp];
  }

  /** One model request: the reply (complete, stopped or cut short) is saved; undefined when none came. */
  private async streamReply(run: Run): Promise<AgentMessage | undefined> {
    const sessionId = this.sessionId;
    const format = run.textFormat();
    let started = false;
    const begin = () => {
      if (started) return;
      started = true;
      this.emit({ type: 'message_start', sessionId, message: { role: 'assistant', content: [], model: run.model } });
    };
    const handlers: StreamHandlers = {
      onText: (delta) => {
        begin();
        this.batcher.text(sessionId, delta, format);
      },
      onRetry: (attempt, message) => this.emit({ type: 'retry', sessionId, attempt, message }),
    };
    let reply: AgentMessage | undefined;
    let failure: unknown;
    try {
      reply = await this.requestReply(run, handlers);
    } catch (err) {
      failure = err;
      reply = partialOf(err);
    }
    try {
      if (reply) {
        begin();
        this.settleReply(reply);
      }
    } finally {
      if (failure !== undefined) this.emitError(failure);
    }
    return reply;
  }

  /** Sends the request; a handoff run told "too long" tries again with less of the transcript. */
  private async requestReply(run: Run, handlers: StreamHandlers): Promise<AgentMessage> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.provider.stream(this.request(run), handlers);
      } catch (err) {
        if (!run.fit || attempt >= FIT_RETRIES || kindOf(err) !== 'too_long' || partialOf(err)?.content.length) throw err;
        const sent = run.fit.trimmed > 0 ? run.fit.lastSentTokens : estimateTokens(this.messages);
        run.fit.budget = Math.floor(Math.min(run.fit.budget, sent) / 2);
        run.fit.shrunk = true;
      }
    }
  }

  private request(run: Run): StreamRequest {
    return {
      model: run.model,
      system: this.systemPrompt,
      messages: run.fit ? this.fitted(run.fit) : this.messages,
      tools: this.tools.map((tool) => tool.definition),
      maxTokens: run.maxTokens,
      signal: run.controller.signal,
    };
  }

  /** The transcript cut to the budget. The meter answers the common case without a scan. */
  private fitted(fit: FitState): AgentMessage[] {
    if (!fit.shrunk && this.meter.tokens <= fit.budget) return this.messages;
    const cut = trimToFit(this.messages, fit.budget);
    fit.trimmed = cut.trimmed;
    fit.lastSentTokens = estimateTokens(cut.messages);
    return cut.messages;
  }

  /** Saves the reply (message_end); when it cannot be saved the UI still gets it, without an entry. */
  private settleReply(reply: AgentMessage): void {
    const sessionId = this.sessionId;
    let entry: SessionEntry;
    try {
      entry = this.remember(this.manager.appendMessage(reply));
    } catch (err) {
      this.emit({ type: 'message_end', sessionId, message: reply });
      throw err;
    }
    this.emit({ type: 'message_end', sessionId, message: reply, entry });
    if (reply.usage) this.emit({ type: 'usage', sessionId, usage: reply.usage, contextTokens: this.meter.tokens });
  }

  private runTools(calls: readonly ToolCall[]): void {
    const sessionId = this.sessionId;
    const results = calls.map((call) => {
      this.emit({ type: 'tool_execution_start', sessionId, toolCallId: call.id, name: call.name, input: call.input });
      const result = executeToolCall(this.tools, call);
      this.emit({ type: 'tool_execution_end', sessionId, toolCallId: call.id, isError: result.is_error === true, output: result.content });
      return result;
    });
    this.emitMessage(this.remember(this.manager.appendMessage({ role: 'user', content: results })));
  }

  private remindTodosIfDue(): void {
    const reminder = this.todos.endTurn();
    if (reminder) this.queues.queueNextTurn(reminder);
  }

  // ---- handoff ----------------------------------------------------------------------------------

  /** Generates the document and continues in a new session seeded with it (SPEC §4.1). */
  async handoff(customInstructions?: string): Promise<HandoffDone> {
    const controller = this.beginHandoff();
    try {
      const draft = await this.generateDocument(controller.signal, customInstructions);
      return this.commitDocument(draft, draft.document);
    } catch (err) {
      throw this.handoffFailure(err);
    } finally {
      this.endHandoff(controller);
    }
  }

  /** Review first, step 1: the document, kept for commitHandoff; the old session stays open. */
  async generateHandoff(customInstructions?: string): Promise<HandoffDraft> {
    const controller = this.beginHandoff();
    try {
      const draft = await this.generateDocument(controller.signal, customInstructions);
      this.pendingHandoff = draft;
      this.emit({ type: 'handoff_progress', sessionId: this.sessionId, phase: 'review', text: draft.document });
      return { document: draft.document, missingSections: draft.missingSections, trimmedMessages: draft.trimmedMessages };
    } catch (err) {
      throw this.handoffFailure(err);
    } finally {
      this.endHandoff(controller);
    }
  }

  /** Review first, step 2: steps 7–9 with the (possibly edited) document. */
  async commitHandoff(document: string): Promise<HandoffDone> {
    if (this.run || this.handoffController) throw new HandoffError('busy', texts.handoffBusy);
    const draft = this.pendingHandoff;
    if (!draft || draft.sessionId !== this.sessionId) throw new HandoffError('nothing', NO_PENDING_HANDOFF);
    try {
      return this.commitDocument(draft, document);
    } catch (err) {
      throw this.handoffFailure(err);
    }
  }

  discardHandoff(): void {
    this.pendingHandoff = undefined;
  }

  /** Stops the handoff request at once; handoff() then throws HandoffError 'cancelled'. */
  abortHandoff(): void {
    this.handoffController?.abort();
  }

  /** Steps 2–3: refuse while busy or with fewer than 2 messages, then hold the abort controller. */
  private beginHandoff(): AbortController {
    if (this.run || this.handoffController) throw new HandoffError('busy', texts.handoffBusy);
    if (countMessageEntries(this.manager.getBranch(), 2) < 2) throw new HandoffError('nothing', texts.nothingToHandOff);
    this.pendingHandoff = undefined;
    this.handoffController = new AbortController();
    return this.handoffController;
  }

  private endHandoff(controller: AbortController): void {
    if (this.handoffController === controller) this.handoffController = undefined;
  }

  /**
   * Steps 3–6: the prompt goes through the normal prompt path (templates off), so the exchange is an
   * ordinary one saved in the old session; the document is read at agent_end, subscribed before sending.
   */
  private async generateDocument(signal: AbortSignal, customInstructions?: string): Promise<PendingHandoff> {
    const sessionId = this.sessionId;
    const contextBefore = this.meter.tokens;
    this.emit({ type: 'handoff_progress', sessionId, phase: 'generating', text: '' });
    if (signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    const run = this.handoffRun(signal);
    const from = this.messages.length;
    let document = '';
    let aborted = false;
    let failure: string | undefined;
    const unsubscribe = this.subscribe((event) => {
      if (event.type === 'error' && event.sessionId === sessionId) failure ??= event.message;
      if (event.type !== 'agent_end' || event.sessionId !== sessionId) return;
      const ours = this.messages.slice(from); // only this run's reply, never an earlier one
      document = lastAssistantText(ours);
      aborted = lastAssistant(ours)?.aborted === true;
    });
    try {
      this.handoffRunNext = run; // prompt() below runs with the handoff's model, budget and preview
      await this.prompt(buildHandoffPrompt(customInstructions), { expandPromptTemplates: false });
    } catch (err) {
      throw new HandoffError('failed', messageOf(err));
    } finally {
      this.handoffRunNext = undefined;
      unsubscribe();
    }
    if (aborted || run.controller.signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    if (failure !== undefined) throw new HandoffError('failed', failure);
    if (!document.trim()) throw new HandoffError('failed', EMPTY_HANDOFF);
    const trimmedMessages = run.fit?.trimmed ?? 0;
    return { sessionId, document, missingSections: findMissingSections(document), trimmedMessages, contextBefore };
  }

  private handoffRun(signal: AbortSignal): Run {
    const model = this.getSettings().handoffModel.trim() || this.getModel();
    const controller = new AbortController();
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', () => controller.abort(), { once: true });
    const overhead = estimateTokens([], this.systemPrompt + JSON.stringify(this.tools.map((t) => t.definition)));
    const budget = Math.max(1, Math.floor(this.windowFor(model) * FIT_SHARE) - HANDOFF_MAX_TOKENS - overhead);
    return {
      controller,
      model,
      maxTokens: HANDOFF_MAX_TOKENS,
      deliverQueues: false,
      textFormat: handoffPreview,
      fit: { budget, trimmed: 0, lastSentTokens: 0, shrunk: false },
    };
  }

  /**
   * Steps 7–9. Synchronous on purpose: nothing can interleave, and the cost does not depend on the old
   * session's size (no re-read; the flush is one fsync and the new session holds one or two entries).
   */
  private commitDocument(draft: PendingHandoff, document: string): HandoffDone {
    if (!document.trim()) throw new HandoffError('failed', EMPTY_HANDOFF);
    const parentSession = this.sessionId;
    this.emit({ type: 'handoff_progress', sessionId: parentSession, phase: 'switching', text: '' });
    const carried = this.todos.open;
    const oldFile = this.manager.getSessionFile();
    this.manager.flush();
    const title = handoffTitle(document, this.manager.getTitle());
    this.manager.newSession({ parentSession, origin: 'handoff', title }); // on failure the manager stays on the old file
    try {
      this.resetAgent();
      const details = { parentSession, contextBefore: draft.contextBefore, trimmedMessages: draft.trimmedMessages };
      this.manager.appendCustomMessageEntry(HANDOFF_CUSTOM_TYPE, wrapHandoffDocument(document), true, details);
      if (carried.length > 0) {
        this.manager.appendCustomMessageEntry(TODOS_CUSTOM_TYPE, carriedTodosText(carried), false, { todos: carried });
      }
      this.messages = this.manager.buildSessionContext().messages;
      this.meter.reset(this.messages);
      this.todos.load(carried);
    } catch (err) {
      this.reopen(oldFile);
      throw err;
    }
    this.emit({ type: 'handoff_progress', sessionId: this.sessionId, phase: 'done', text: document });
    return {
      document,
      missingSections: findMissingSections(document),
      contextBefore: draft.contextBefore,
      contextAfter: this.meter.tokens,
      trimmedMessages: draft.trimmedMessages,
    };
  }

  /** Step 7's in-memory part: an empty agent bound to the new session, queues empty, counter reset. */
  private resetAgent(): void {
    this.messages = [];
    this.meter.reset([]);
    this.lastModel = undefined;
    this.pendingHandoff = undefined;
    this.queues.clear();
    this.todos.resetReminder();
  }

  /** A commit that failed after the switch goes back to the old session, so nothing is lost from view. */
  private reopen(file: string): void {
    try {
      const broken = this.manager;
      this.bindSession(SessionManager.open(file));
      broken.close();
    } catch {
      // Stay where we are; the original error is what the user sees.
    }
  }

  private handoffFailure(err: unknown): HandoffError {
    const error = err instanceof HandoffError ? err : new HandoffError('failed', messageOf(err));
    if (error.kind === 'cancelled' || error.kind === 'failed') {
      this.emit({ type: 'handoff_progress', sessionId: this.sessionId, phase: error.kind, text: error.message });
    }
    return error;
  }

  // ---- sessions and events ----------------------------------------------------------------------

  private bindSession(manager: SessionManager): void {
    this.manager = manager;
    const branch = manager.getBranch();
    this.messages = manager.buildSessionContext().messages;
    this.meter.reset(this.messages);
    this.lastModel = lastModelChange(branch);
    this.pendingHandoff = undefined;
    this.queues.clear();
    this.todos.load(todosFromBranch(branch));
  }

  /** A saved user-side message, as the UI sees it. */
  private emitMessage(entry: SessionEntry): void {
    if (entry.type !== 'message') return;
    this.emit({ type: 'message_start', sessionId: this.sessionId, message: entry.message });
    this.emit({ type: 'message_end', sessionId: this.sessionId, message: entry.message, entry });
  }

  private emitError(err: unknown): void {
    this.emit({ type: 'error', sessionId: this.sessionId, code: errorCodeOf(err), message: messageOf(err) });
  }

  private emitQueues(queues: QueueSnapshot): void {
    this.emit({ type: 'queue_changed', sessionId: this.sessionId, steering: queues.steering, followUp: queues.followUp });
  }

  private emit(event: BatonEvent): void {
    this.batcher.event(event);
  }

  /** One listener's failure must not stop a run or starve the others. */
  private deliver(event: BatonEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // ignored on purpose
      }
    }
  }
}

const EMPTY_HANDOFF = 'The model returned an empty handoff document.';
const NO_PENDING_HANDOFF = 'No handoff document is waiting for review.';

function lastModelChange(branch: readonly SessionEntry[]): string | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type === 'model_change') return entry.model;
  }
  return undefined;
}
