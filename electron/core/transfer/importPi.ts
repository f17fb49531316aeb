// pi / oh-my-pi session files (badlogic/pi-mono's coding agent, and its fork oh-my-pi), the format
// Baton's own is modelled on. Line 1 is pi's header (`type: "session"`, with `cwd`); version 1 files are
// a plain sequence of entries, version 2 and later a tree through `id`/`parentId`. Messages have pi's
// own shapes: `role: "toolResult"` messages, `toolCall` and `thinking` blocks, `stopReason: "toolUse"`.
import type { AgentMessage, ContentBlock } from '../../../shared/session';
import { EntryLinker } from './entryLinker';
import { importedBlocks, importedUsage, toolResult } from './importedContent';
import type { ImportedSession } from './importedSession';
import { isObject, type JsonLine, type JsonObject } from './jsonLines';

/** Entry types that only record settings or UI state: not taken over, and not worth a word. */
const BOOKKEEPING = new Set<unknown>(['model_change', 'thinking_level_change', 'label', 'custom', 'session_info']);

const STOP_REASONS: Record<string, string> = { stop: 'end_turn', length: 'max_tokens', toolUse: 'tool_use' };

export function importPi(lines: readonly JsonLine[]): ImportedSession {
  const linker = new EntryLinker();
  let title: string | undefined;
  let skippedLines = 0;
  for (const { value } of lines.slice(1)) {
    if (!isObject(value)) {
      skippedLines++;
      continue;
    }
    if (value.type === 'session_info' && typeof value.name === 'string' && value.name.trim()) title = value.name.trim();
    const message = value.type === 'message' ? piMessage(value.message) : undefined;
    if (message) {
      linker.add(message, value);
      continue;
    }
    linker.skipped(value.id, value.parentId);
    if (!BOOKKEEPING.has(value.type)) skippedLines++;
  }
  return { format: 'pi', ...(title !== undefined && { title }), entries: linker.entries, skippedLines };
}

function piMessage(m: unknown): AgentMessage | undefined {
  if (!isObject(m)) return undefined;
  switch (m.role) {
    case 'user': {
      const content = importedBlocks(m.content).filter((b) => b.type === 'text');
      return content.length > 0 ? { role: 'user', content } : undefined;
    }
    case 'assistant':
      return assistantMessage(m);
    case 'toolResult':
      return typeof m.toolCallId === 'string'
        ? { role: 'user', content: [toolResult(m.toolCallId, m.content, m.isError === true)] }
        : undefined;
    case 'bashExecution':
      // A command the user ran themselves; it reached the model as their message, unless excluded.
      return typeof m.command === 'string' && m.excludeFromContext !== true
        ? { role: 'user', content: [{ type: 'text', text: bashText(m.command, m.output) }] }
        : undefined;
    default:
      return undefined; // extension messages and summaries: pi's own machinery
  }
}

function assistantMessage(m: JsonObject): AgentMessage {
  const isReply = (b: ContentBlock) => b.type === 'text' || b.type === 'thinking' || b.type === 'tool_use';
  const message: AgentMessage = { role: 'assistant', content: importedBlocks(m.content).filter(isReply) };
  if (typeof m.model === 'string') message.model = m.model;
  const stop = typeof m.stopReason === 'string' ? m.stopReason : undefined;
  if (stop === 'aborted') message.aborted = true;
  else if (stop === 'error') message.errorMessage = typeof m.errorMessage === 'string' ? m.errorMessage : 'The reply failed';
  else if (stop !== undefined) message.stopReason = STOP_REASONS[stop] ?? stop;
  const usage = isObject(m.usage)
    ? importedUsage({ uncached: m.usage.input, output: m.usage.output, cacheRead: m.usage.cacheRead, cacheWrite: m.usage.cacheWrite })
    : undefined;
  if (usage) message.usage = usage;
  return message;
}

function bashText(command: string, output: unknown): string {
  if (typeof output !== 'string' || !output.trim()) return `Ran \`${command}\``;
  // Trailing line breaks counted off by hand: /\n+$/ tries again from each break of a run that is
  // followed by more text, so 150,000 of them took 20 s.
  let end = output.length;
  while (output[end - 1] === '\n') end--;
  return `Ran \`${command}\`\n\n\`\`\`\n${output.slice(0, end)}\n\`\`\``;
}
