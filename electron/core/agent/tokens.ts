// Rough token figures for the context meter. Good to ±30 %, which is all a meter needs; the exact count
// arrives with each reply's usage.
import type { AgentMessage, ContentBlock } from '../../../shared/session';

/** About four characters per token. */
export function estimateTokens(messages: readonly AgentMessage[], system = ''): number {
  let chars = system.length;
  for (const message of messages) {
    for (const block of message.content) {
      chars += blockChars(block);
    }
  }
  return Math.ceil(chars / 4);
}

function blockChars(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'tool_use':
      return block.name.length + (JSON.stringify(block.input) ?? '').length;
    case 'tool_result':
      return block.content.length;
    case 'thinking':
      return block.thinking.length;
    case 'redacted_thinking':
      return block.data.length;
    case 'raw':
      return JSON.stringify(block.block).length;
  }
}
