// "Too long to summarise" (SPEC §4.2): a handoff request must fit the handoff model's window, so the
// oldest messages are left out, and the model is told so. Estimates run ±30 %: when the API still says
// "too long", the budget halves and the request goes again.
import type { AgentMessage } from '../../../shared/session';
import { ProviderError } from '../agent/providerErrors';
import { estimateTokens } from '../agent/tokens';

/** Share of the window a handoff request may fill. */
const FIT_SHARE = 0.8;
/** Extra attempts, each with half the budget, when the model says the transcript is too long. */
const FIT_RETRIES = 3;

export interface Trimmed {
  messages: AgentMessage[];
  /** How many of the oldest messages were left out. */
  trimmed: number;
}

/** One handoff request's cut of the transcript: `budget` is in estimated tokens. */
export class TranscriptFit {
  /** How many of the oldest messages the last request left out. */
  trimmed = 0;
  private lastSentTokens = 0;
  /** The model refused once: from now on measure by estimate, not by the meter. */
  private shrunk = false;

  private constructor(private budget: number) {}

  /** The room a window leaves for the transcript after the reply's budget and the system prompt and tools. */
  static forWindow(window: number, maxTokens: number, overheadTokens: number): TranscriptFit {
    return new TranscriptFit(Math.max(1, Math.floor(window * FIT_SHARE) - maxTokens - overheadTokens));
  }

  /** The transcript cut to the budget. `meterTokens` answers the common case without a scan. */
  apply(messages: readonly AgentMessage[], meterTokens: number): readonly AgentMessage[] {
    if (!this.shrunk && meterTokens <= this.budget) return messages;
    const cut = trimToFit(messages, this.budget);
    this.trimmed = cut.trimmed;
    this.lastSentTokens = estimateTokens(cut.messages);
    return cut.messages;
  }

  /** After a failed request: true (and a smaller budget) when the API said the transcript is too long or too large. */
  shrinkAfter(error: unknown, attempt: number, sentTokens: number): boolean {
    if (attempt >= FIT_RETRIES || !(error instanceof ProviderError) || (error.kind !== 'too_long' && error.kind !== 'too_large')) return false;
    const sent = this.trimmed > 0 ? this.lastSentTokens : sentTokens;
    this.budget = Math.floor(Math.min(this.budget, sent) / 2);
    this.shrunk = true;
    return true;
  }
}

/**
 * Leaves out the oldest messages until the estimate fits `budgetTokens`. The last message (the handoff
 * prompt) is always kept. When anything was left out, a note in front tells the model so. The cut never
 * falls between a tool call and its result: a result whose call is left out goes with it.
 */
export function trimToFit(messages: readonly AgentMessage[], budgetTokens: number): Trimmed {
  let total = 0;
  let start = messages.length;
  while (start > 0) {
    const cost = estimateTokens([messages[start - 1] as AgentMessage]);
    if (start < messages.length && total + cost > budgetTokens) break;
    total += cost;
    start--;
  }
  if (start === 0) return { messages: [...messages], trimmed: 0 };
  while (start < messages.length - 1 && answersCalls(messages[start] as AgentMessage)) start++;
  return { messages: [trimNote(start), ...messages.slice(start)], trimmed: start };
}

export function trimNote(count: number): AgentMessage {
  const text =
    `[The ${count} oldest message${count === 1 ? '' : 's'} of this session were left out here: ` +
    "the whole transcript does not fit the model's context window. Mention in the handoff document " +
    'that the earliest part of the session was not available to you.]';
  return { role: 'user', content: [{ type: 'text', text }] };
}


/** A user message that carries tool results: it belongs with the calls before it. */
function answersCalls(message: AgentMessage): boolean {
  return message.role === 'user' && message.content.some((block) => block.type === 'tool_result');
}
