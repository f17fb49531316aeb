// Claude Code session files (`~/.claude/projects/<project>/<session>.jsonl`): one line per event, linked
// by `uuid`/`parentUuid`. `user` and `assistant` lines carry an API-shaped `message`; `summary`, `system`,
// snapshots and progress lines are Claude Code's own bookkeeping. Claude Code writes one API reply as
// several lines, one per content block, all with the reply's message id: they become one message again,
// and tool results written one per line become one user turn, as the API wants them.
import type { AgentMessage, ContentBlock, MessageEntry } from '../../../shared/session';
import { shortenTitle, userText } from '../session/title';
import { EntryLinker, type SourceLink } from './entryLinker';
import { importedBlocks, importedUsage } from './importedContent';
import type { ImportedSession } from './importedSession';
import { isObject, type JsonLine, type JsonObject } from './jsonLines';

const BOOKKEEPING = new Set<unknown>(['summary', 'custom-title', 'system', 'file-history-snapshot', 'queue-operation', 'progress']);

/** A conversation line: how a Claude Code file is told from other JSON Lines. */
export function isClaudeCodeLine(value: unknown): value is JsonObject & { message: JsonObject } {
  return (
    isObject(value) &&
    (value.type === 'user' || value.type === 'assistant') &&
    isObject(value.message) &&
    (typeof value.sessionId === 'string' || typeof value.uuid === 'string')
  );
}

export function importClaudeCode(lines: readonly JsonLine[]): ImportedSession {
  // Subagents' lines (sidechains) belong to their own transcripts; a subagent's file is all sidechain.
  const mainThreadOnly = lines.some(({ value }) => isClaudeCodeLine(value) && value.isSidechain !== true);
  const linker = new EntryLinker();
  /** The API message id of each assistant entry, to gather a reply's lines. */
  const replyIds = new Map<string, string>();
  let summary: string | undefined;
  let customTitle: string | undefined;
  let firstPrompt: string | undefined;
  let skippedLines = 0;

  for (const { value } of lines) {
    if (!isObject(value)) {
      skippedLines++;
      continue;
    }
    if (value.type === 'summary' && typeof value.summary === 'string') summary ??= value.summary;
    if (value.type === 'custom-title' && typeof value.customTitle === 'string') customTitle = value.customTitle;
    const source: SourceLink = { id: value.uuid, parentId: value.parentUuid ?? value.logicalParentUuid, timestamp: value.timestamp };
    const conversation = isClaudeCodeLine(value) && !(mainThreadOnly && value.isSidechain === true) ? value.message : undefined;
    const message = conversation && claudeMessage(conversation);
    if (!conversation || !message) {
      linker.skipped(source.id, source.parentId);
      if (!BOOKKEEPING.has(value.type)) skippedLines++;
      continue;
    }
    const replyId = typeof conversation.id === 'string' ? conversation.id : undefined;
    const into = mergeTarget(linker, source, message, replyId ? (id) => replyIds.get(id) === replyId : () => false);
    if (into) {
      into.message.content.push(...message.content);
      if (message.stopReason !== undefined) into.message.stopReason = message.stopReason;
      if (message.usage) into.message.usage = message.usage;
      linker.mergedInto(source.id, into);
    } else {
      const entry = linker.add(message, source);
      if (replyId) replyIds.set(entry.id, replyId);
    }
    if (firstPrompt === undefined && value.isMeta !== true) firstPrompt = userText(message);
  }
  const title = customTitle ?? summary ?? (firstPrompt && shortenTitle(firstPrompt));
  return { format: 'claude-code', ...(title && { title }), entries: linker.entries, skippedLines };
}

/** The entry a line continues: the newest one, when the line is its child and of the same reply or turn. */
function mergeTarget(
  linker: EntryLinker,
  source: SourceLink,
  message: AgentMessage,
  sameReply: (entryId: string) => boolean,
): MessageEntry | undefined {
  const last = linker.last();
  if (!last || (source.parentId != null && linker.resolve(source.parentId) !== last.id)) return undefined;
  if (message.role === 'assistant') return last.message.role === 'assistant' && sameReply(last.id) ? last : undefined;
  return isToolResults(message.content) && last.message.role === 'user' && isToolResults(last.message.content) ? last : undefined;
}

function isToolResults(content: readonly ContentBlock[]): boolean {
  return content.length > 0 && content.every((b) => b.type === 'tool_result');
}

function claudeMessage(m: JsonObject): AgentMessage | undefined {
  if (m.role === 'user') {
    const content = importedBlocks(m.content).filter((b) => b.type === 'text' || b.type === 'tool_result');
    return content.length > 0 ? { role: 'user', content } : undefined;
  }
  if (m.role !== 'assistant') return undefined;
  const content = importedBlocks(m.content).filter((b) => b.type === 'text' || b.type === 'thinking' || b.type === 'tool_use');
  if (content.length === 0) return undefined;
  const message: AgentMessage = { role: 'assistant', content };
  // "<synthetic>" marks a message Claude Code wrote itself (an API error, a notice), not a model's reply.
  if (typeof m.model === 'string' && m.model !== '<synthetic>') message.model = m.model;
  if (typeof m.stop_reason === 'string') message.stopReason = m.stop_reason;
  const usage = isObject(m.usage)
    ? importedUsage({
        uncached: m.usage.input_tokens,
        output: m.usage.output_tokens,
        cacheRead: m.usage.cache_read_input_tokens,
        cacheWrite: m.usage.cache_creation_input_tokens,
      })
    : undefined;
  if (usage) message.usage = usage;
  return message;
}
