// Sources (SPEC §4.3): the handoff request numbers the transcript's messages ([#n] at the start of each)
// so the model can cite them; the document's citations map back to the parent's entries, and a Progress
// item marked done with no citation is reported as unverified.
import type { AgentMessage, ContentBlock, ToolResultContent } from '../../../shared/session';
import { documentLines } from '../../../shared/handoffSections';

export const citation = (n: number | string): string => `[#${n}]`;

/**
 * The request's messages with the first `entryIds.length` of them (the session's context, which the
 * handoff's own prompt follows) numbered from 1, and the map n → entry id. Left as they are when they do
 * not line up with the entries (then nothing can be cited).
 */
export function numberMessages(
  messages: readonly AgentMessage[],
  context: readonly AgentMessage[],
  entryIds: readonly string[],
): { messages: readonly AgentMessage[]; sources: Record<string, string> } {
  const lined = context.length === entryIds.length && messages.length >= context.length && context.every((m, i) => messages[i]?.role === m.role);
  if (!lined) return { messages, sources: {} };
  const sources: Record<string, string> = {};
  entryIds.forEach((id, i) => (sources[String(i + 1)] = id));
  return { messages: messages.map((m, i) => (i < entryIds.length ? withMarker(m, citation(i + 1)) : m)), sources };
}

/** The marker on the message's first text (or tool result), else as a text block of its own. */
function withMarker(message: AgentMessage, marker: string): AgentMessage {
  const content: ContentBlock[] = [...message.content];
  const text = content.findIndex((b) => b.type === 'text');
  const block = content[text];
  if (block?.type === 'text') {
    content[text] = { ...block, text: `${marker} ${block.text}` };
    return { ...message, content };
  }
  const result = content.findIndex((b) => b.type === 'tool_result');
  const toolResult = content[result];
  if (toolResult?.type === 'tool_result') {
    content[result] = { ...toolResult, content: markedResult(toolResult.content, marker) };
    return { ...message, content };
  }
  // Thinking leads an assistant message, so the marker goes after it.
  const at = content.findIndex((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking');
  content.splice(at < 0 ? content.length : at, 0, { type: 'text', text: marker });
  return { ...message, content };
}

/** A tool result's content with the marker on its text first; its images stay blocks of their own. */
function markedResult(content: ToolResultContent, marker: string): ToolResultContent {
  if (typeof content === 'string') return `${marker} ${content}`;
  const [first, ...rest] = content;
  return first?.type === 'text' ? [{ ...first, text: `${marker} ${first.text}` }, ...rest] : [{ type: 'text', text: marker }, ...content];
}

/** The part of `sources` the document cites (a long session's map would be mostly unused). */
export function citedSources(document: string, sources: Readonly<Record<string, string>>): Record<string, string> {
  const cited: Record<string, string> = {};
  for (const match of document.matchAll(/\[#(\d+)\]/g)) {
    const n = match[1] as string;
    const id = sources[n];
    if (id !== undefined) cited[n] = id;
  }
  return cited;
}

/** Checklist items marked done (`- [x] …`) that cite no message, as written (outside code blocks). */
export function unverifiedItems(document: string): string[] {
  const out: string[] = [];
  for (const line of documentLines(document)) {
    if (line.fenced) continue;
    const item = /^\s*[-*+]\s+\[[xX]\]\s+(.*\S)\s*$/.exec(line.text)?.[1];
    if (item !== undefined && !/\[#\d+\]/.test(item)) out.push(item);
  }
  return out;
}
