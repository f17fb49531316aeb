// How full the context is, kept up to date as messages arrive so reading it is O(1) (the status line reads
// it often, handoff reads it on a 100,000-message session). The last reply's reported usage is the
// measured part; messages after it are estimated.
import type { AgentMessage } from '../../../shared/session';
import { estimateTokens } from './tokens';

export class ContextMeter {
  private measured = 0;
  private estimatedSince = 0;

  get tokens(): number {
    return this.measured + this.estimatedSince;
  }

  /** Recomputes from a whole context: reads back only to the newest message with usage. */
  reset(messages: readonly AgentMessage[]): void {
    this.measured = 0;
    this.estimatedSince = 0;
    let i = messages.length - 1;
    while (i >= 0 && !hasUsage(messages[i])) i--;
    const from = i >= 0 ? i : 0;
    for (let k = from; k < messages.length; k++) this.add(messages[k] as AgentMessage);
  }

  add(message: AgentMessage): void {
    if (hasUsage(message) && message.usage) {
      this.measured = message.usage.input_tokens + message.usage.output_tokens;
      this.estimatedSince = 0;
    } else {
      this.estimatedSince += estimateTokens([message]);
    }
  }
}

function hasUsage(message: AgentMessage | undefined): boolean {
  return message?.role === 'assistant' && message.usage !== undefined && message.usage.input_tokens > 0;
}
