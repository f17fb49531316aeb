// Reading a tool result's content where only text fits (the chat's result view, an export, an event).
import type { ToolResultContent } from './session';

/** The text of a tool result; an image stands as `[image: name]`. */
export function toolResultText(content: ToolResultContent): string {
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : `[image: ${block.name}]`)).join('\n');
}
