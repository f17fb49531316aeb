// One open session (SPEC §1 "Many sessions at once"): its AgentSession, bound to its SessionManager for
// life, and beside it the session's HandoffPipeline, auto-handoff and the handoff prepared in advance. The
// pipeline reaches the agent and the store only through the host built here. A conversation lives while
// it runs or is shown.
import type { BatonEvent, HandoffResult, PendingHandoff } from '../../../shared/contract';
import { isPastThreshold } from '../../../shared/settings';
import type { AgentSession } from '../agent/AgentSession';
import type { LoopResult } from '../agent/agentLoop';
import { estimateTokens } from '../agent/tokens';
import { AutoHandoff, finishedByItself } from '../handoff/AutoHandoff';
import { HandoffPipeline, type HandoffHost, type SeedMessage } from '../handoff/HandoffPipeline';
import type { SessionManager } from '../session/SessionManager';

/** What a conversation needs of the rest of the core. */
export interface ConversationParts {
  /** Creates a session with its first entries through the store (and the parent's own instructions, if any), and opens it here. */
  createChild(header: Parameters<HandoffHost['createChild']>[0] & { instructions?: string | undefined }, seed: readonly SeedMessage[]): void;
  /** The titles the session's handoff tree already uses. */
  chainTitles(sessionId: string): readonly string[];
  /** Starts a handoff of the conversation as handoff.start does (auto-handoff). */
  startHandoff(conversation: Conversation, review: boolean): Promise<HandoffResult>;
}

export class Conversation {
  readonly handoff: HandoffPipeline;
  readonly autoHandoff: AutoHandoff;
  /** The document as it is being written, for a view that opens the session meanwhile (SPEC §4.2). */
  private preview = '';

  constructor(
    readonly agent: AgentSession,
    parts: ConversationParts,
  ) {
    this.handoff = new HandoffPipeline(handoffHost(agent, parts));
    this.autoHandoff = new AutoHandoff(agent, this.handoff, (review) => parts.startHandoff(this, review));
    agent.subscribe((event) => {
      if (event.type === 'handoff_progress') this.preview = event.phase === 'generating' ? event.text : '';
      // The session moves on (a message sent, an edit, another version shown): what was prepared is not its handoff.
      if (event.type === 'agent_start' || event.type === 'branch_changed') this.handoff.dropPrepared();
    });
  }

  /**
   * After a conversation run (never a handoff's own): auto-handoff when it is due; else, with "Prepare the
   * handoff in advance", past the threshold at which Hand off invites, the handoff's document is prepared.
   */
  afterRun(run: LoopResult): void {
    this.autoHandoff.afterRun(run);
    const { settings } = this.agent;
    if (!settings.prepareHandoff || this.isRunning || !finishedByItself(run)) return;
    if (isPastThreshold(this.agent.getContextUsage(), settings.contextThreshold)) this.handoff.prepare();
  }

  get id(): string {
    return this.agent.sessionId;
  }

  get manager(): SessionManager {
    return this.agent.sessionManager;
  }

  /** A reply or a handoff is being written. */
  get isRunning(): boolean {
    return this.agent.isStreaming || this.handoff.isGenerating;
  }

  /** Whether it must stay open with no one looking: it runs, or a document waits for review. */
  get isBusy(): boolean {
    return this.isRunning || this.handoff.waitingForReview !== undefined;
  }

  /** A handoff under way or waiting for review, as a view that comes back shows it. */
  pendingHandoff(): PendingHandoff | undefined {
    if (this.handoff.isGenerating) return { phase: 'generating', text: this.preview };
    const draft = this.handoff.waitingForReview;
    return draft && { phase: 'review', ...draft };
  }

  subscribe(listener: (event: BatonEvent) => void): () => void {
    return this.agent.subscribe(listener);
  }

  /** Stops what runs and closes the file (its lock is released). */
  close(): void {
    this.handoff.abort();
    this.agent.close();
  }
}

function handoffHost(agent: AgentSession, parts: ConversationParts): HandoffHost {
  const manager = agent.sessionManager;
  return {
    sessionId: agent.sessionId,
    settings: () => agent.settings,
    isStreaming: () => agent.isStreaming,
    branch: () => manager.getBranch(),
    leafId: () => manager.getLeafId(),
    title: () => manager.getTitle(),
    context: () => ({ messages: agent.getMessages(), tokens: agent.getContextUsage().tokens }),
    chatModel: () => agent.getModel(),
    modelInfo: (model) => agent.modelInfo(model),
    contextWindowFor: (model) => agent.contextWindowFor(model),
    requestOverheadTokens: () => estimateTokens([], agent.requestSystemPrompt() + JSON.stringify(agent.toolDefinitions)),
    openTodos: () => agent.getOpenTodos(),
    chainTitles: () => parts.chainTitles(agent.sessionId),
    prompt: (text, options) => agent.prompt(text, options),
    requestOnly: (text, options) => agent.requestOnly(text, options),
    recordOutcome: (outcome) => {
      const entry = manager.appendHandoffOutcome(outcome);
      agent.emit({ type: 'entry_added', sessionId: agent.sessionId, entry });
    },
    leafEntry: () => {
      const leaf = manager.getLeafId();
      return leaf === null ? undefined : manager.getEntry(leaf);
    },
    contextEntryIds: () => manager.buildSessionContext().entryIds,
    pinned: () => manager.getPinned(),
    entry: (id) => manager.getEntry(id),
    saveDraft: (draft) => {
      const entry = manager.appendHandoffDraft(draft);
      agent.emit({ type: 'entry_added', sessionId: agent.sessionId, entry });
      return entry.id;
    },
    flush: () => manager.flush(),
    // The session's own instructions go on with it (SPEC §5 Custom instructions).
    createChild: (header, seed) => parts.createChild({ ...header, instructions: manager.getInstructions() }, seed),
    emit: (event) => agent.emit(event),
  };
}
