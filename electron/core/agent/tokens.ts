// Rough token figures for the context meter. Good to ±30 %, which is all a meter needs; the exact count
// arrives with each reply's usage.
import type { AgentMessage } from '../../../shared/session';

/** About four characters per token. */
export function estimateTokens(messages: readonly AgentMessage[], system = ''): number {
  let chars = system.length;
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'text') chars += block.text.length;
      else if (block.type === 'tool_use') chars += block.name.length + (JSON.stringify(block.input) ?? '').length;
      else chars += block.content.length;
    }
  }
  return Math.ceil(chars / 4);
}

const DEFAULT_CONTEXT_WINDOW = 200_000;

/** The model's context window in tokens. Every current Claude model has 200k by default. */
export function contextWindowFor(_model: string): number {
  return DEFAULT_CONTEXT_WINDOW;
}
