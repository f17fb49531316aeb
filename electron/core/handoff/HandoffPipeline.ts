// Handoff (SPEC §4.1 steps 2–9, §4.2): the model writes a document about the session, and the work
// continues in a new session seeded only with it. One pipeline per open session, beside its agent: it
// works through a narrow host (run a prompt as an aside and get its reply, read the branch, create the
// child through the store), so neither the agent nor the loop knows of handoffs. The old session stays
// open as it was; the child is a session of its own.
import { randomUUID } from 'node:crypto';
import type { BatonEvent, ErrorCode } from '../../../shared/contract';
import type { ModelInfo } from '../../../shared/models';
import type {
  AgentMessage,
  CarryOverItem,
  HandoffDetails,
  HandoffDraft as StoredDraft,
  HandoffOutcomeEntry,
  SessionEntry,
  TodoItem,
} from '../../../shared/session';
import { handoffInstructionsOf, type Settings } from '../../../shared/settings';
import { findMissingSections } from '../../../shared/handoffSections';
import { CustomType, HANDOFF_ORIGIN, unwrapHandoffDocument, wrapHandoffDocument } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import type { LoopResult } from '../agent/agentLoop';
import { ContextMeter } from '../agent/contextMeter';
import type { RunOptions } from '../agent/runOptions';
import { carriedTodosText } from '../agent/todos';
import { estimateTokens } from '../agent/tokens';
import { toApiError } from '../errors';
import { log } from '../log';
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
import { checkCarryOver, extractCarryOver, withCarryOver } from './carryOver';
import { documentChanges } from './documentChanges';
import { citedSources, numberMessages, unverifiedItems } from './sources';
import { TranscriptFit } from './transcriptFit';

export type HandoffErrorKind = 'nothing' | 'busy' | 'cancelled' | 'failed';

export class HandoffError extends Error {
  override readonly name = 'HandoffError';
  /** What the user can do about it (a failure with a way forward, SPEC §4.3). */
  hint?: string;
  /** A cut-off document kept for review anyway (it waits for commit() like a reviewed one). */
  draft?: HandoffDraft;
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

/**
 * A document waiting for review: the model's text, its structure check, the carry-over check's items
 * (what it lacks is appended on commit unless the user unticks it), its sources and unverified items,
 * and in a chain what changed since the previous document. `cutOff`: the reply hit its output limit.
 */
export type HandoffDraft = Omit<StoredDraft, 'contextBefore'>;

export interface HandoffDone {
  /** The document as handed off: the text with what Baton appended. */
  document: string;
  missingSections: string[];
  contextBefore: number;
  contextAfter: number;
  trimmedMessages: number;
  carriedOver: { kept: number; total: number };
  /** The carry-over check on the text before anything was appended: what it held, and what it lacked. */
  carryOver: CarryOverItem[];
  /** `[#n]` → the parent's entry id, for every citation in the document. */
  sources: Record<string, string>;
  unverified: string[];
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
  /** The same run's request sent alone: nothing saved or shown, and the session may run meanwhile. */
  requestOnly(text: string, options: RunOptions): Promise<LoopResult>;
  /** Writes how a handoff ended into the session and shows it; throws when it cannot be written. */
  recordOutcome(outcome: Outcome): void;
  /** The last entry of the branch (where a document waiting for review is kept). */
  leafEntry(): SessionEntry | undefined;
  /** For each message of context(), the entry it comes from. */
  contextEntryIds(): readonly string[];
  /** The ids of the pinned message entries. */
  pinned(): ReadonlySet<string>;
  entry(id: string): SessionEntry | undefined;
  /** Keeps a document waiting for review with the session (undefined: the review ended); the entry's id. */
  saveDraft(draft: StoredDraft | undefined): string;
  /** Makes everything the session wrote durable. */
  flush(): void;
  /** Creates the child session, on disk with its first entries when this returns. */
  createChild(header: { id: string; parentSession: string; origin: typeof HANDOFF_ORIGIN; title: string }, seed: readonly SeedMessage[]): void;
  emit(event: BatonEvent): void;
}

/** A generated document, with where it came from: it stays valid while the session has not moved on. */
interface Generated extends StoredDraft {
  leafId: string | null;
}

/**
 * A handoff prepared in advance (docs/handoff.md): its request, sent with no focus, and the document
 * once it came. It stands for a handoff of the same branch with the same handoff settings.
 */
interface Preparation {
  controller: AbortController;
  leafId: string | null;
  settings: string;
  /** Settles (never rejects) when the request has ended: the document, or undefined. */
  done: Promise<Generated | undefined>;
}

/**
 * Entries that leave the conversation as it was (a title, the session's instructions, a pin, a model
 * change, the leaf saved): a document waiting for review still covers the branch after them.
 */
const UNMOVED: ReadonlySet<SessionEntry['type']> = new Set(['session_info', 'pin', 'model_change', 'branch_switch']);

export class HandoffPipeline {
  private controller: AbortController | undefined;
  private pending: Generated | undefined;
  private preparation: Preparation | undefined;

  constructor(private readonly host: HandoffHost) {
    // Review survives a reload: a document kept with the session still waits while the conversation has
    // not moved on since (a title written after it, auto or not, or a pin does not end it).
    const end = this.conversationEnd();
    if (end?.type === 'handoff_draft' && end.draft) this.pending = { ...end.draft, leafId: end.id };
  }

  /** True while the handoff's abort controller exists (step 3). */
  get isGenerating(): boolean {
    return this.controller !== undefined;
  }

  /** The document waiting for review, while it is still valid. */
  get waitingForReview(): HandoffDraft | undefined {
    const pending = this.pending;
    if (!pending || !this.stillWaits(pending)) return undefined;
    return draftOf(pending);
  }

  /** Steps 2–9 in one go. */
  async handoff(customInstructions?: string): Promise<HandoffDone> {
    let generated: Generated | undefined;
    try {
      generated = await this.generateGuarded(customInstructions);
      if (generated.cutOff) {
        const error = new HandoffError('failed', texts.handoffCutOff);
        error.hint = texts.handoffCutOffHint;
        throw error;
      }
      return this.switchTo(generated, generated.document);
    } catch (err) {
      const error = this.failure(err);
      // Cut off: the failure is recorded, then the text is kept so the user can review it anyway.
      if (generated?.cutOff && error.kind === 'failed' && error.hint !== undefined) error.draft = this.keepForReview(generated);
      throw error;
    }
  }

  /** Review first, step 1: the document, kept for commit() (on disk too); the old session stays as it is. */
  async generate(customInstructions?: string): Promise<HandoffDraft> {
    try {
      const generated = await this.generateGuarded(customInstructions);
      const draft = this.keepForReview(generated);
      this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: 'review', text: generated.document });
      return draft;
    } catch (err) {
      throw this.failure(err);
    }
  }

  /**
   * Review first, step 2: steps 7–9 with the (possibly edited) document. `keep`: the carry-over items
   * the user left ticked (all when absent).
   */
  async commit(document: string, keep?: readonly string[]): Promise<HandoffDone> {
    if (this.host.isStreaming() || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    const generated = this.pending;
    if (!generated || !this.stillWaits(generated)) throw new HandoffError('nothing', texts.noPendingHandoff);
    try {
      return this.switchTo(generated, document, keep && new Set(keep));
    } catch (err) {
      throw this.failure(err);
    }
  }

  /**
   * Review first: the document is put aside and the old session goes on as it was (the exchange already
   * stays out of the model's context); its file only says that the review ended.
   */
  discard(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending || !this.stillWaits(pending)) return;
    try {
      this.host.saveDraft(undefined);
    } catch {
      // A session that cannot be written shows no review after a reopen anyway: the draft is not the leaf.
    }
    // Every view that shows the review closes it.
    this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: 'discarded', text: '' });
  }

  /** Stops the handoff request at once (and one prepared in advance); handoff() then throws HandoffError 'cancelled'. */
  abort(): void {
    this.controller?.abort();
    this.dropPrepared();
  }

  /**
   * Prepare the handoff in advance: the request a handoff with no focus makes, sent now in the background,
   * with nothing saved or shown; its document waits for the next handoff of this branch. A failure is a
   * log line, never an error the user sees: the handoff then generates its document as usual.
   */
  prepare(): void {
    const host = this.host;
    if (this.controller || host.isStreaming() || countMessageEntries(host.branch(), 2) < 2) return;
    const leafId = host.leafId();
    const settings = this.handoffSettings();
    const current = this.preparation;
    if (current && current.leafId === leafId && current.settings === settings) return;
    this.dropPrepared();
    const controller = new AbortController();
    const done = this.generateDocument(controller.signal, undefined, (text, options) => host.requestOnly(text, options))
      .then((generated) => {
        // Only a whole document is kept; a cut-off one is left for a handoff to write (and offer for review).
        if (generated.cutOff) throw new HandoffError('failed', texts.handoffCutOff);
        return generated.leafId === leafId && !controller.signal.aborted ? generated : undefined;
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) log.warn(`Could not prepare the handoff of session ${host.sessionId}: ${(err as Error).message}`);
        return undefined;
      });
    this.preparation = { controller, leafId, settings, done };
  }

  /** The prepared handoff is stopped and forgotten: the session moved on (a message sent, a branch shown). */
  dropPrepared(): void {
    this.preparation?.controller.abort();
    this.preparation = undefined;
  }

  /**
   * A document waiting for review stays valid while the conversation has not moved on: no entry after
   * it but ones that change nothing of it. A new message (or another handoff) ends it.
   */
  private stillWaits(pending: Generated): boolean {
    return (this.conversationEnd()?.id ?? null) === pending.leafId;
  }

  /** The branch's last entry, before any that leave the conversation as it was. */
  private conversationEnd(): SessionEntry | undefined {
    let entry = this.host.leafEntry();
    while (entry && UNMOVED.has(entry.type)) entry = entry.parentId === null ? undefined : this.host.entry(entry.parentId);
    return entry;
  }

  /** The document waits for commit(), kept with the session so a reopen shows it again. */
  private keepForReview(generated: Generated): HandoffDraft {
    const { leafId: _leaf, ...stored } = generated;
    let leafId = this.conversationEnd()?.id ?? null;
    try {
      leafId = this.host.saveDraft(stored);
    } catch {
      // Not on disk (a read-only session): it still waits, until the app quits.
    }
    this.pending = { ...generated, leafId };
    return draftOf(this.pending);
  }

  /** Steps 2–3: refuse while busy or with fewer than 2 messages; hold the controller while generating. */
  private async generateGuarded(customInstructions: string | undefined): Promise<Generated> {
    if (this.host.isStreaming() || this.controller) throw new HandoffError('busy', texts.handoffBusy);
    if (countMessageEntries(this.host.branch(), 2) < 2) {
      throw new HandoffError('nothing', texts.nothingToHandOff);
    }
    this.pending = undefined;
    const controller = new AbortController();
    this.controller = controller;
    try {
      this.host.emit({ type: 'handoff_progress', sessionId: this.host.sessionId, phase: 'generating', text: '' });
      // Without one, the run starts at once, as before: nothing can slip in ahead of it.
      const waiting = this.preparedFor(customInstructions, controller.signal);
      const prepared = waiting && (await waiting);
      if (prepared) return prepared;
      // Cancelled while the prepared one was awaited: nothing was written, so there is nothing to record.
      if (controller.signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled, false);
      return await this.generateDocument(controller.signal, customInstructions, (text, options) => this.host.prompt(text, options));
    } finally {
      this.controller = undefined;
    }
  }

  /**
   * The document prepared in advance, when it stands for this handoff: no focus, the same branch and
   * handoff settings. One still being written is waited for (Cancel stops it); any other is dropped.
   * Undefined when there is none to wait for.
   */
  private preparedFor(customInstructions: string | undefined, signal: AbortSignal): Promise<Generated | undefined> | undefined {
    const preparation = this.preparation;
    this.preparation = undefined;
    if (!preparation) return undefined;
    if (customInstructions?.trim() || preparation.leafId !== this.host.leafId() || preparation.settings !== this.handoffSettings()) {
      preparation.controller.abort();
      return undefined;
    }
    return this.waitFor(preparation, signal);
  }

  private async waitFor(preparation: Preparation, signal: AbortSignal): Promise<Generated | undefined> {
    const cancel = () => preparation.controller.abort();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const generated = await preparation.done;
      // Prepared in advance: only for the very same leaf (a pin since changes what it carries).
      return generated && generated.leafId === this.host.leafId() ? generated : undefined;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** What the handoff's request depends on besides the branch: its model and instructions. */
  private handoffSettings(): string {
    const settings = this.host.settings();
    return JSON.stringify([settings.handoffModel.trim() || this.host.chatModel(), handoffInstructionsOf(settings)]);
  }

  /**
   * Steps 3–6: the prompt goes through the normal prompt() path (templates off), so the exchange is an
   * ordinary one saved in the old session; the document is the reply prompt() returns at agent_end.
   * `send` is that path, or (prepared in advance) the same request with nothing saved.
   */
  private async generateDocument(
    signal: AbortSignal,
    customInstructions: string | undefined,
    send: (text: string, options: RunOptions) => Promise<LoopResult>,
  ): Promise<Generated> {
    const host = this.host;
    const contextBefore = host.context().tokens;
    if (signal.aborted) throw new HandoffError('cancelled', texts.handoffCancelled);
    const model = host.settings().handoffModel.trim() || host.chatModel();
    const window = host.contextWindowFor(model);
    // Room for the document, but never so much of a small window that no transcript would fit.
    const maxTokens = Math.min(HANDOFF_MAX_TOKENS, host.modelInfo(model).maxOutputTokens, Math.floor(window / 4));
    const fit = TranscriptFit.forWindow(window, maxTokens, host.requestOverheadTokens());
    const instructions = handoffInstructionsOf(host.settings());
    const branch = host.branch();
    const previous = previousDocument(branch);
    const context = host.context().messages;
    const entryIds = host.contextEntryIds();
    // Read before the request, while nothing waits on it: the cost grows with the session, and the
    // switch after agent_end must not (docs/handoff.md).
    const items = extractCarryOver(branch, { todos: host.openTodos(), pinned: host.pinned() });
    let sources: Record<string, string> = {};
    let result;
    try {
      result = await send(buildHandoffPrompt(customInstructions, attachedFiles(context), { instructions, previous, tools: toolsUsed(context) }), {
        expandPromptTemplates: false,
        aside: { purpose: 'handoff' },
        model,
        maxTokens,
        signal,
        textFormat: handoffPreview(),
        // Sources: the messages go numbered, [#n], so the document can cite them.
        transformContext: (messages) => {
          const numbered = numberMessages(messages, context, entryIds);
          sources = numbered.sources;
          return fit.apply(numbered.messages, host.context().tokens);
        },
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
    if (stop === 'refusal') {
      const explanation = reply?.stopExplanation;
      const error = new HandoffError('failed', explanation ? texts.handoffRefusedBecause(explanation) : texts.handoffRefused);
      error.hint = texts.handoffRefusedHint;
      throw error;
    }
    const cutOff = stop === 'max_tokens' || stop === 'model_context_window_exceeded';
    if (!cutOff && stop !== 'end_turn' && stop !== 'stop_sequence') throw new HandoffError('failed', texts.unknownStopReason(stop));
    if (!document.trim()) throw new HandoffError('failed', cutOff ? texts.handoffCutOff : texts.emptyHandoffDocument);
    const changes = previous === undefined ? undefined : documentChanges(previous, document);
    return {
      leafId: host.leafId(),
      document,
      missingSections: findMissingSections(document, instructions.sections),
      trimmedMessages: fit.trimmed,
      ...(cutOff && { cutOff }),
      carryOver: checkCarryOver(document, items),
      // What the document cites and the pinned messages (their copies cite them): a long session's whole
      // map would be mostly unused, and it is kept with the draft.
      sources: { ...citedSources(document, sources), ...pinnedSources(sources, entryIds, host.pinned()) },
      unverified: unverifiedItems(document),
      ...(changes && { changes }),
      contextBefore,
    };
  }

  /**
   * Steps 7–9: the old session is flushed and says where it went; the child is created with the document
   * (and the open todos) as its only context. Synchronous on purpose: nothing can interleave, and the
   * cost does not depend on the old session's size (no re-read; the flush is one fsync and the new
   * session holds one or two entries). The old session's queues stay with it.
   */
  private switchTo(generated: Generated, text: string, keep?: ReadonlySet<string>): HandoffDone {
    if (!text.trim()) throw new HandoffError('failed', texts.emptyHandoffDocument);
    const host = this.host;
    const parentSession = host.sessionId;
    host.emit({ type: 'handoff_progress', sessionId: parentSession, phase: 'switching', text: '' });
    const carried = host.openTodos();
    const { sections } = handoffInstructionsOf(host.settings());
    const title = handoffTitle(text, host.title(), host.chainTitles(), sections);
    // The carry-over check again, on the text as it is now (the user may have added what was missing).
    const pinNumbers = numbersOfPins(generated.carryOver, generated.sources, host);
    const carryOver = checkCarryOver(text, generated.carryOver);
    const { document, carriedOver } = withCarryOver(text, carryOver, keep, (pin) => pinNumbers.get(pin));
    const sources = citedSources(document, generated.sources);
    const unverified = unverifiedItems(text);
    const id = randomUUID();
    const content = wrapHandoffDocument(document);
    const todosText = carried.length > 0 ? carriedTodosText(carried) : undefined;
    // The card shows the savings whenever the session is opened, so they are kept with the document.
    const contextAfter = seedTokens(todosText === undefined ? [content] : [content, todosText]);
    const details: HandoffDetails = {
      parentSession,
      contextBefore: generated.contextBefore,
      contextAfter,
      trimmedMessages: generated.trimmedMessages,
      carriedOver,
      sources,
      unverified,
    };
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
      missingSections: findMissingSections(document, sections),
      contextBefore: generated.contextBefore,
      contextAfter,
      trimmedMessages: generated.trimmedMessages,
      carriedOver,
      carryOver,
      sources,
      unverified,
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

function draftOf({ leafId: _leaf, contextBefore: _before, ...draft }: Generated): HandoffDraft {
  return draft;
}

/** Chains (SPEC §4.3): the document this session was itself handed off with, if it was. */
function previousDocument(branch: readonly SessionEntry[]): string | undefined {
  const seed = branch.find((entry) => entry.type === 'custom_message' && entry.customType === CustomType.handoff);
  return seed?.type === 'custom_message' ? unwrapHandoffDocument(seed.content) : undefined;
}

/** The numbers of the pinned messages (a few lookups, not a walk over a long session's map). */
function pinnedSources(sources: Readonly<Record<string, string>>, entryIds: readonly string[], pinned: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of pinned) {
    const n = String(entryIds.indexOf(id) + 1);
    if (sources[n] === id) out[n] = id;
  }
  return out;
}

/** Each pinned message's number among the sources, by its text, so the appended copy cites it. */
function numbersOfPins(items: readonly CarryOverItem[], sources: Readonly<Record<string, string>>, host: HandoffHost): Map<string, number> {
  const numbers = new Map<string, number>();
  if (!items.some((item) => item.kind === 'pin')) return numbers;
  const pinned = host.pinned();
  for (const [n, entryId] of Object.entries(sources)) {
    if (!pinned.has(entryId)) continue;
    const entry = host.entry(entryId);
    if (entry?.type !== 'message') continue;
    const text = entry.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
    numbers.set(text, Number(n));
  }
  return numbers;
}

/**
 * The new session's context in tokens: its custom messages, which the model sees as user messages,
 * counted by the context meter itself (each message estimated apart), so the card's figure is the one the
 * meter shows when the session opens.
 */
function seedTokens(contents: readonly string[]): number {
  const meter = new ContextMeter();
  meter.reset(contents.map((text) => ({ role: 'user', content: [{ type: 'text', text }] })));
  return meter.tokens;
}
