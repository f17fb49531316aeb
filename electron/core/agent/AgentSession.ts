// The conversation owner (SPEC §3): the agent state (the messages the model sees), its session (one
// SessionManager, bound for life), the provider, the message queues, the todos and the run's abort
// controller. A run is agentLoop over hooks that read and change this state. Handoff is a neighbour
// (handoff/HandoffPipeline) that drives this class's public API; nothing here knows of it.
// The state follows the branch shown (SPEC §5 message actions): an edit, a regenerate or another version
// moves the session's leaf, and the context, the meter, the model and the todos are read from its branch.
import { isAttachment } from '../../../shared/attachments';
import type { BatonEvent, QueueName } from '../../../shared/contract';
import { fallbackModel, type ModelInfo } from '../../../shared/models';
import type { AgentMessage, ContentBlock, MessageEntry, SessionEntry, TodoItem } from '../../../shared/session';
import { CustomType } from '../../../shared/sessionFormat';
import type { Settings } from '../../../shared/settings';
import { texts } from '../../../shared/texts';
import { BatonError, toApiError } from '../errors';
import { branchWindow } from '../session/branchWindow';
import type { SessionManager } from '../session/SessionManager';
import { buildContext, isRefusal, lastModelChange } from '../session/sessionContext';
import { isVersionable } from '../session/versions';
import { emitSaved, requestReply, runAgentLoop, type AgentProvider, type LoopConfig, type LoopHooks, type LoopResult } from './agentLoop';
import { ContextMeter } from './contextMeter';
import { clockFrom, EventBatcher, messageUpdate } from './eventBatcher';
import { MessageQueues, type QueueSnapshot } from './messageQueues';
import { partialOf } from './providerErrors';
import { expandPromptTemplate } from './promptTemplates';
import { CONTINUE_PROMPT, linkedController, type RunHandle, type RunOptions } from './runOptions';
import { serverToolsFor } from './serverTools';
import { thinkingFor } from './thinkingConfig';
import { createTodoWriteTool, TodoState, todosFromBranch } from './todos';
import { ToolApprovals, type AlwaysAllow } from './toolApprovals';
import { fixedTools, ToolSet, type Tool, type ToolSource } from './tools';
import type { ApprovalDecision, PendingApproval } from '../../../shared/toolApproval';

export type { AgentProvider } from './agentLoop';
export { CONTINUE_PROMPT, type RunHandle, type RunOptions } from './runOptions';

export const SYSTEM_PROMPT =
  'You are Claude, chatting with the user in Baton, a desktop chat app. Be direct, accurate and helpful; ' +
  'format replies in Markdown. For work with several steps, keep a todo list with the todo_write tool.';
export const CHAT_MAX_TOKENS = 8192;
/** What comes before the user's custom instructions in the system prompt. */
export const CUSTOM_INSTRUCTIONS_INTRO = 'The user gave these instructions for every reply:';

export interface AgentSessionOptions {
  sessionManager: SessionManager;
  provider: AgentProvider;
  getSettings: () => Settings;
  promptsDir: string;
  /** Clock for the stream batcher (ms). */
  now?: () => number;
  /** What the app knows of a model (the Models API's catalog); defaults to the built-in list. */
  modelInfo?: (model: string) => ModelInfo;
  /** The model's context window; defaults to modelInfo's. Tests shrink it. */
  contextWindowFor?: (model: string) => number;
  systemPrompt?: string;
  /** Tools beyond the built-in ones (MCP servers'), read at each request; a built-in name wins. */
  tools?: ToolSource;
  /** The tools marked Always allow; without it, every call of a tool with an origin asks. */
  alwaysAllow?: AlwaysAllow;
}

type Listener = (event: BatonEvent) => void;

export class AgentSession {
  private readonly manager: SessionManager;
  private messages: AgentMessage[] = [];
  private lastModel: string | undefined;
  private controller: AbortController | undefined;
  /** Settles when the run under way has ended (its partial reply saved): what a shutdown waits for. */
  private run: Promise<unknown> = Promise.resolve();
  /**
   * The text of the reply being streamed, as far as it has been sent (so a view that opens the session
   * mid-stream and then gets the next message_update has it all, once).
   */
  private streamed = '';
  private readonly listeners = new Set<Listener>();
  private readonly batcher: EventBatcher;
  private readonly queues: MessageQueues;
  private readonly todos: TodoState;
  private readonly tools: ToolSet;
  private readonly approvals: ToolApprovals;
  private readonly meter = new ContextMeter();
  readonly provider: AgentProvider;
  readonly systemPrompt: string;
  private readonly getSettings: () => Settings;
  private readonly promptsDir: string;
  private readonly windowFor: (model: string) => number;
  readonly modelInfo: (model: string) => ModelInfo;

  constructor(options: AgentSessionOptions) {
    this.provider = options.provider;
    this.getSettings = options.getSettings;
    this.promptsDir = options.promptsDir;
    this.modelInfo = options.modelInfo ?? fallbackModel;
    this.windowFor = options.contextWindowFor ?? ((model) => this.modelInfo(model).contextWindow);
    this.systemPrompt = options.systemPrompt ?? SYSTEM_PROMPT;
    this.batcher = new EventBatcher((event) => this.deliver(event), undefined, options.now && clockFrom(options.now));
    this.queues = new MessageQueues((q) => this.emit({ type: 'queue_changed', sessionId: this.sessionId, steering: q.steering, followUp: q.followUp }));
    this.todos = new TodoState((todos) => this.emit({ type: 'todos_changed', sessionId: this.sessionId, todos }));
    this.tools = new ToolSet([fixedTools([createTodoWriteTool(this.todos)]), ...(options.tools ? [options.tools] : [])]);
    this.approvals = new ToolApprovals(() => this.sessionId, options.alwaysAllow, (event) => this.emit(event));
    this.manager = options.sessionManager;
    this.followBranch();
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

  /** Closes the session's file (its lock is released); the agent is not used after this. */
  close(): void {
    this.abort();
    this.manager.close();
  }

  /** Stops the run under way and waits (at most `ms`) until its partial reply is saved. */
  async stop(ms: number): Promise<void> {
    this.abort();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.run.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  get isStreaming(): boolean {
    return this.controller !== undefined;
  }

  get settings(): Settings {
    return this.getSettings();
  }

  get toolDefinitions(): Tool['definition'][] {
    return this.tools.tools().map((tool) => tool.definition);
  }

  /** Tool calls waiting for the user's answer. */
  pendingApprovals(): PendingApproval[] {
    return this.approvals.pending();
  }

  /** The user's answer to a waiting call; false when it no longer waits. */
  answerApproval(toolCallId: string, decision: ApprovalDecision): boolean {
    return this.approvals.answer(toolCallId, decision);
  }

  /** The text of the reply being written now, while one streams. */
  get streamingText(): string | undefined {
    return this.isStreaming && this.streamed ? this.streamed : undefined;
  }

  getTodos(): TodoItem[] {
    return this.todos.todos;
  }

  /** The items not yet completed; a handoff carries them over. */
  getOpenTodos(): TodoItem[] {
    return this.todos.open;
  }

  /**
   * The system prompt a request carries: Baton's, then the custom instructions (the session's own, else
   * the Settings'). One string, so the prompt-cache breakpoint on it still covers all of it; it changes
   * only when the instructions do.
   */
  requestSystemPrompt(): string {
    const instructions = (this.manager.getInstructions() ?? this.getSettings().customInstructions).trim();
    return instructions ? `${this.systemPrompt}\n\n${CUSTOM_INSTRUCTIONS_INTRO}\n\n${instructions}` : this.systemPrompt;
  }

  getModel(): string {
    return this.getSettings().model;
  }

  contextWindowFor(model: string): number {
    return this.windowFor(model);
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

  // ---- runs -------------------------------------------------------------------------------------

  /** Starts a run; resolves once the prompt is on disk (rejects with the storage error, nothing shown). */
  async start(text: string, options: RunOptions = {}): Promise<RunHandle> {
    return this.launch(options, (scratch) => {
      const content = options.expandPromptTemplates === false ? text : expandPromptTemplate(text, this.promptsDir);
      return this.persistPrompt(content, options, scratch);
    });
  }

  /**
   * Starts a run on the context as it is, with no new prompt: the model answers the branch shown again
   * (regenerate, retry).
   */
  async resume(options: RunOptions = {}): Promise<RunHandle> {
    return this.launch(options);
  }

  /** A run: the prompt (if any) is saved first; `done` settles at agent_end. */
  private async launch(options: RunOptions, prompt?: (scratch: AgentMessage[] | undefined) => SessionEntry): Promise<RunHandle> {
    if (this.controller) throw new BatonError('busy', texts.stillStreaming);
    const model = options.model ?? this.getModel();
    const controller = linkedController(options.signal);
    this.controller = controller;
    /** An aside's messages: its own requests see them, later turns do not. */
    const scratch: AgentMessage[] | undefined = options.aside ? [] : undefined;
    let entry: SessionEntry | undefined;
    let modelChange: SessionEntry | undefined;
    try {
      modelChange = this.recordModel(model);
      entry = prompt?.(scratch);
    } catch (err) {
      this.controller = undefined;
      throw err;
    }
    this.emit({ type: 'agent_start', sessionId: this.sessionId });
    this.emit({ type: 'turn_start', sessionId: this.sessionId });
    // Before the prompt, as in the file: the chat tells the change before the first message sent with it.
    if (modelChange) this.emit({ type: 'entry_added', sessionId: this.sessionId, entry: modelChange });
    if (entry) emitSaved(this.emit.bind(this), this.sessionId, entry);
    const config = this.loopConfig(model, options.maxTokens, controller.signal);
    const done = runAgentLoop(config, this.loopHooks(options, scratch)).finally(() => {
      this.controller = undefined;
      this.saveLeaf();
      this.emit({ type: 'agent_end', sessionId: config.sessionId });
    });
    this.run = done;
    return { done };
  }

  /** What every request of a run with this model and output budget sends besides its messages. */
  private loopConfig(model: string, maxTokens: number | undefined, signal: AbortSignal): LoopConfig {
    const budget = thinkingFor(this.getSettings().thinking, this.modelInfo(model), maxTokens ?? CHAT_MAX_TOKENS);
    return {
      sessionId: this.sessionId,
      model,
      maxTokens: budget.maxTokens,
      thinking: budget.thinking,
      system: this.requestSystemPrompt(),
      tools: this.tools,
      serverTools: () => serverToolsFor(this.getSettings()),
      signal,
    };
  }

  /**
   * The first request a run of `text` as an aside would send now, sent without the run: nothing is
   * saved, shown or queued, the reply's tool calls are not run, and the session may start a run
   * meanwhile (a handoff prepared in advance). Its reply and error, as a run's.
   */
  async requestOnly(
    text: string,
    options: Pick<RunOptions, 'aside' | 'model' | 'maxTokens' | 'signal' | 'transformContext' | 'retryRequest'>,
  ): Promise<LoopResult> {
    const prompt: AgentMessage = { role: 'user', content: [{ type: 'text', text }], ...(options.aside && { purpose: options.aside.purpose }) };
    const messages = [...this.messages, prompt];
    const config = this.loopConfig(options.model ?? this.getModel(), options.maxTokens, options.signal ?? new AbortController().signal);
    const hooks: Pick<LoopHooks, 'provider' | 'context' | 'retryRequest'> = {
      provider: this.provider,
      context: () => options.transformContext?.(messages) ?? messages,
    };
    if (options.retryRequest) hooks.retryRequest = options.retryRequest;
    try {
      return { reply: await requestReply(config, hooks, { onText: () => {} }), error: undefined };
    } catch (err) {
      return { reply: partialOf(err), error: err };
    }
  }

  /**
   * Continue: after a cut-off reply, asks the model to go on from where it stopped; after a turn the
   * server paused more often than the run follows, sends it back as it is, which resumes it.
   */
  continueReply(): Promise<RunHandle> {
    if (this.messages.at(-1)?.stopReason === 'pause_turn') return this.resume();
    return this.start(CONTINUE_PROMPT, { promptPurpose: 'continue', expandPromptTemplates: false });
  }

  /** One whole run: resolves at agent_end with the run's last reply and first error (a handoff reads them). */
  async prompt(text: string, options: RunOptions = {}): Promise<LoopResult> {
    const { done } = await this.start(text, options);
    return done;
  }

  steer(text: string): void {
    this.queues.steer(text);
  }

  /**
   * Changes (or, with `newText` undefined, removes) a queued steering or follow-up message that still
   * says `text`; not_found once it has been sent.
   */
  changeQueued(queue: QueueName, index: number, text: string, newText?: string): void {
    if (!this.queues.replace(queue, index, text, newText)) throw new BatonError('not_found', texts.messageAlreadySent);
  }

  followUp(text: string): void {
    this.queues.queueFollowUp(text);
  }

  queueNextTurn(text: string): void {
    this.queues.queueNextTurn(text);
  }

  /** Stop: the partial assistant message is kept, marked aborted, and saved. */
  abort(): void {
    this.controller?.abort();
  }

  private loopHooks(options: RunOptions, scratch: AgentMessage[] | undefined): LoopHooks {
    const { aside } = options;
    const format = options.textFormat ?? messageUpdate;
    const context = () => (scratch?.length ? [...this.messages, ...scratch] : this.messages);
    const hooks: LoopHooks = {
      provider: this.provider,
      context: () => options.transformContext?.(context()) ?? context(),
      mark: (message) => (aside ? { ...message, purpose: aside.purpose } : message),
      persist: (message) => this.persist(message, scratch),
      persistPrompt: (text) => this.persistPrompt(text, {}, scratch),
      emit: (event) => this.emit(event),
      // An aside's caller reports its failure itself (one failure, one channel).
      reportError: (err) => (aside ? undefined : this.emit({ type: 'error', sessionId: this.sessionId, ...toApiError(err) })),
      text: (delta) => this.batcher.text(this.sessionId, delta, format),
      contextTokens: () => this.meter.tokens,
      endTurn: () => {
        const reminder = this.todos.endTurn();
        if (reminder) this.queues.queueNextTurn(reminder);
      },
      takeSteering: () => (aside ? [] : this.queues.takeSteering()),
      takeFollowUp: () => (aside ? undefined : this.queues.takeFollowUp()),
      approve: (call, tool, signal) => this.approvals.ask(call, tool, signal),
    };
    if (options.retryRequest) hooks.retryRequest = options.retryRequest;
    return hooks;
  }

  /** model_change when the model used differs from the session's last: the entry written, if one was. */
  private recordModel(model: string): SessionEntry | undefined {
    if (model === this.lastModel) return undefined;
    const entry = this.manager.appendModelChange(model);
    this.lastModel = model;
    return entry;
  }

  /**
   * The pending next-turn context goes first (hidden custom messages), then the prompt; both fsynced. An
   * aside's prompt leaves the context waiting for the next prompt of the conversation. Attached files
   * go before the text, as Anthropic's guides advise.
   */
  private persistPrompt(
    text: string,
    options: Pick<RunOptions, 'aside' | 'promptPurpose' | 'attachments'>,
    scratch: AgentMessage[] | undefined,
  ): SessionEntry {
    const { attachments = [] } = options;
    const purpose = options.aside?.purpose ?? options.promptPurpose;
    const context = options.aside ? [] : this.queues.takeNextTurn();
    for (const [i, item] of context.entries()) {
      try {
        this.remember(this.manager.appendCustomMessageEntry(CustomType.nextTurn, item, false));
      } catch (err) {
        this.queues.restoreNextTurn(context.slice(i));
        throw err;
      }
    }
    const content: ContentBlock[] = [...attachments, ...(text || attachments.length === 0 ? [{ type: 'text' as const, text }] : [])];
    const message: AgentMessage = { role: 'user', content };
    return this.persist(purpose ? { ...message, purpose } : message, scratch);
  }

  /**
   * Saves a message and updates what the model sees: an aside's messages only for the rest of their
   * run; a refusal takes the refused request out of the context with it.
   */
  private persist(message: AgentMessage, scratch: AgentMessage[] | undefined): SessionEntry {
    const entry = this.manager.appendMessage(message);
    if (scratch) scratch.push(message);
    else if (isRefusal(message)) this.rebuildContext();
    else this.remember(entry);
    return entry;
  }

  private rebuildContext(): void {
    this.messages = this.manager.buildSessionContext().messages;
    this.meter.reset(this.messages);
  }

  /** Adds a just-saved entry to what the model sees, as the store's context builder would. */
  private remember<E extends SessionEntry>(entry: E): E {
    for (const message of buildContext([entry]).messages) {
      this.messages.push(message);
      this.meter.add(message);
    }
    return entry;
  }

  // ---- branches (SPEC §5 message actions) ---------------------------------------------------------

  /**
   * Edit message: `text` becomes a new version of the user message `entryId`, with the files it carried,
   * and a run answers it.
   */
  async edit(entryId: string, text: string): Promise<RunHandle> {
    this.refuseWhileBusy();
    const entry = this.versionable(entryId);
    if (entry.message.role !== 'user') throw new BatonError('invalid_input', texts.onlyOwnMessagesEditable);
    const attachments = entry.message.content.filter(isAttachment);
    return this.runFrom(entry.parentId, () => this.start(text, attachments.length > 0 ? { attachments } : {}));
  }

  /**
   * Regenerate and Retry: a new version of the reply `entryId`, from the context before it. Given a user
   * message (whose reply never came), the run answers that message.
   */
  async regenerate(entryId: string): Promise<RunHandle> {
    this.refuseWhileBusy();
    const entry = this.versionable(entryId);
    return this.runFrom(entry.message.role === 'assistant' ? entry.parentId : entry.id, () => this.resume());
  }

  /** Previous version / Next version: shows the branch of the message `entryId`, on screen, in the context and on disk. */
  showVersion(entryId: string): void {
    this.refuseWhileBusy();
    const leaf = this.manager.leafToShow(entryId);
    if (leaf === undefined) throw new BatonError('not_found', texts.messageNotInSession);
    const previous = this.manager.getLeafId();
    this.manager.setLeaf(leaf);
    try {
      this.manager.saveLeaf();
    } catch (err) {
      this.manager.setLeaf(previous);
      throw err;
    }
    this.branchChanged();
  }

  private versionable(entryId: string): MessageEntry {
    const entry = this.manager.getEntry(entryId);
    if (!entry) throw new BatonError('not_found', texts.messageNotInSession);
    if (!isVersionable(entry)) throw new BatonError('invalid_input', texts.messageNotVersionable);
    return entry;
  }

  /** Shows the branch up to `leafId` and starts `run` there; a run that cannot start leaves the branch as it was. */
  private async runFrom(leafId: string | null, run: () => Promise<RunHandle>): Promise<RunHandle> {
    const previous = this.manager.getLeafId();
    this.manager.setLeaf(leafId);
    this.branchChanged();
    try {
      return await run();
    } catch (err) {
      this.manager.setLeaf(previous);
      this.branchChanged();
      throw err;
    }
  }

  /**
   * A run that wrote nothing (a regenerate whose request failed at once) must still leave its branch the
   * one a reopen shows. The run's own error is what the user is told about first.
   */
  private saveLeaf(): void {
    try {
      this.manager.saveLeaf();
    } catch (err) {
      this.emit({ type: 'error', sessionId: this.sessionId, ...toApiError(err) });
    }
  }

  private branchChanged(): void {
    this.followBranch();
    this.emit({ type: 'branch_changed', sessionId: this.sessionId, branch: branchWindow(this.manager), contextTokens: this.meter.tokens });
  }

  private refuseWhileBusy(): void {
    if (this.isStreaming) throw new BatonError('busy', texts.busy);
  }

  // ---- events ---------------------------------------------------------------------------------

  /** What the model sees, the meter, the last model and the todos, read from the branch shown. */
  private followBranch(): void {
    const branch = this.manager.getBranch();
    this.messages = buildContext(branch).messages;
    this.meter.reset(this.messages);
    this.lastModel = lastModelChange(branch);
    this.todos.load(todosFromBranch(branch));
  }

  /**
   * Sends an event to every subscriber, in order with the batched text. A saved message that is one of
   * several versions says so, so its row can offer Previous version / Next version at once.
   */
  emit(event: BatonEvent): void {
    const versions = event.type === 'message_end' && event.entry ? this.manager.versionsOf(event.entry.id) : undefined;
    this.batcher.event(versions && event.type === 'message_end' ? { ...event, versions } : event);
  }

  /** One listener's failure must not stop a run or starve the others. */
  private deliver(event: BatonEvent): void {
    if (event.type === 'message_update') this.streamed += event.delta;
    else if (event.type === 'message_start' || event.type === 'message_end' || event.type === 'agent_end') this.streamed = '';
    // A copy: a listener may unsubscribe while it is called.
    for (const listener of Array.from(this.listeners)) {
      try {
        listener(event);
      } catch {
        // ignored on purpose
      }
    }
  }
}
