// Content blocks of other tools' messages as Baton blocks. pi and Claude Code name their blocks
// differently (`toolCall`/`arguments` against the API's `tool_use`/`input`), but the names never clash,
// so one converter reads both. Imported thinking has no signature Baton could vouch for: it is shown,
// and never sent back to the API (a block without a signature is left out of requests).
import type { ContentBlock, Usage } from '../../../shared/session';
import { isObject } from './jsonLines';

/** What an image in an imported message becomes: the session keeps text, the image stays in the source file. */
export const IMAGE_NOT_IMPORTED = '[image not imported]';

export function importedBlock(block: unknown): ContentBlock | undefined {
  if (!isObject(block)) return undefined;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? { type: 'text', text: block.text } : undefined;
    case 'image':
      return { type: 'text', text: IMAGE_NOT_IMPORTED };
    case 'thinking':
      return typeof block.thinking === 'string' ? { type: 'thinking', thinking: block.thinking, signature: '' } : undefined;
    case 'toolCall':
      return toolUse(block.id, block.name, block.arguments);
    case 'tool_use':
      return toolUse(block.id, block.name, block.input);
    case 'tool_result':
      return typeof block.tool_use_id === 'string'
        ? toolResult(block.tool_use_id, block.content, block.is_error === true)
        : undefined;
    default:
      return undefined; // redacted thinking, server tools' blocks: nothing Baton could show or send back
  }
}

/** A message's content, which both tools may also write as a plain string. */
export function importedBlocks(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  return content.map(importedBlock).filter((b): b is ContentBlock => b !== undefined);
}

/** A tool result's content as the text Baton keeps: a string as it is, text parts joined. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (!isObject(part)) return '';
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      return part.type === 'image' ? IMAGE_NOT_IMPORTED : '';
    })
    .filter(Boolean)
    .join('\n');
}

export function toolResult(toolUseId: string, content: unknown, isError: boolean): ContentBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content: resultText(content), ...(isError && { is_error: true }) };
}

function toolUse(id: unknown, name: unknown, input: unknown): ContentBlock | undefined {
  if (typeof id !== 'string' || typeof name !== 'string') return undefined;
  return { type: 'tool_use', id, name, input: input ?? {} };
}

/** Token counts in Baton's terms: `input_tokens` is the whole prompt, cached parts included. */
export function importedUsage(counts: { uncached: unknown; output: unknown; cacheRead: unknown; cacheWrite: unknown }): Usage | undefined {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  if (typeof counts.uncached !== 'number' || typeof counts.output !== 'number') return undefined;
  const cacheRead = n(counts.cacheRead);
  const cacheWrite = n(counts.cacheWrite);
  return {
    input_tokens: n(counts.uncached) + cacheRead + cacheWrite,
    output_tokens: n(counts.output),
    ...(cacheRead > 0 && { cache_read_input_tokens: cacheRead }),
    ...(cacheWrite > 0 && { cache_creation_input_tokens: cacheWrite }),
  };
}
