// Converting between Baton's AgentMessage and the Messages API's shapes. Outbound, the history is made
// into a request the API accepts even after aborted or failed turns; inbound, a (possibly partial)
// streamed message becomes an AgentMessage.
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentMessage, ContentBlock } from '../../../shared/session';
import { usageOf } from './usage';

interface Param {
  role: 'user' | 'assistant';
  content: Anthropic.ContentBlockParam[];
}

function toBlockParam(block: ContentBlock): Anthropic.ContentBlockParam | null {
  switch (block.type) {
    case 'text':
      // The API rejects empty and whitespace-only text blocks. Citations go back as they came.
      if (!block.text.trim()) return null;
      return block.citations?.length ? { type: 'text', text: block.text, citations: block.citations as unknown as Anthropic.TextCitationParam[] } : { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: isObject(block.input) ? block.input : {} };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        // An image's file name stays with Baton, as for an attachment.
        content: typeof block.content === 'string' ? block.content : block.content.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', source: { ...part.source } })),
        ...(block.is_error !== undefined && { is_error: block.is_error }),
      };
    case 'thinking':
      // Sent back unchanged; one without its signature (a stopped reply) would be refused.
      return block.signature ? { type: 'thinking', thinking: block.thinking, signature: block.signature } : null;
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'raw':
      return block.block as unknown as Anthropic.ContentBlockParam;
    // The file name stays with Baton; a PDF's goes along as its title, which the model can refer to.
    case 'image':
      return { type: 'image', source: { ...block.source } };
    case 'document':
      return { type: 'document', source: { ...block.source }, title: block.name };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idsOf(param: Param | undefined, type: 'tool_use' | 'tool_result'): Set<string> {
  const ids = new Set<string>();
  for (const b of param?.content ?? []) {
    if (type === 'tool_use' && b.type === 'tool_use') ids.add(b.id);
    if (type === 'tool_result' && b.type === 'tool_result') ids.add(b.tool_use_id);
  }
  return ids;
}

/** Same-role neighbours become one message; tool results go first in a user message, as the API requires. */
function mergeSameRole(params: Param[]): Param[] {
  const out: Param[] = [];
  for (const p of params) {
    const last = out.at(-1);
    if (last && last.role === p.role) last.content = [...last.content, ...p.content];
    else out.push({ role: p.role, content: [...p.content] });
  }
  for (const p of out) {
    if (p.role === 'user') {
      p.content = [...p.content.filter((b) => b.type === 'tool_result'), ...p.content.filter((b) => b.type !== 'tool_result')];
    }
  }
  return out;
}

/**
 * The history as API messages. Baton-only fields (aborted, errorMessage, usage, model, stopReason) are
 * dropped, and so are empty text blocks and the messages left empty. A tool_use is kept only when the
 * next message answers it with a tool_result, and a tool_result only when the message before asked for
 * it: a turn stopped between the two would otherwise make every later request fail with a 400.
 */
export function toApiMessages(messages: readonly AgentMessage[]): Anthropic.MessageParam[] {
  const converted = mergeSameRole(
    messages.map((m) => ({
      role: m.role,
      content: m.content.map(toBlockParam).filter((b): b is Anthropic.ContentBlockParam => b !== null),
    })),
  );
  const paired = converted.map((p, i): Param => {
    if (p.role === 'assistant') {
      const next = converted[i + 1];
      const answered = next?.role === 'user' ? idsOf(next, 'tool_result') : new Set<string>();
      return { ...p, content: p.content.filter((b) => b.type !== 'tool_use' || answered.has(b.id)) };
    }
    const prev = converted[i - 1];
    const asked = prev?.role === 'assistant' ? idsOf(prev, 'tool_use') : new Set<string>();
    return { ...p, content: p.content.filter((b) => b.type !== 'tool_result' || asked.has(b.tool_use_id)) };
  });
  const result = mergeSameRole(paired.filter((p) => p.content.length > 0));
  // A trailing assistant message is a prefill; the API refuses one that ends in whitespace.
  const last = result.at(-1);
  const lastBlock = last?.role === 'assistant' ? last.content.at(-1) : undefined;
  if (last && lastBlock?.type === 'text') {
    const trimmed = lastBlock.text.trimEnd();
    last.content = [...last.content.slice(0, -1), ...(trimmed ? [{ ...lastBlock, text: trimmed }] : [])];
    if (last.content.length === 0) result.pop();
  }
  return result;
}

/**
 * A streamed message (final or cut short) as an AgentMessage. `complete` lists the indexes of blocks
 * that got their content_block_stop: an unfinished tool call (its input is half a JSON document) or
 * thinking block (no signature yet) is dropped, unfinished text is kept. Empty text blocks are dropped.
 * Blocks of other types are kept verbatim.
 */
export function fromApiMessage(message: Anthropic.Message, complete: ReadonlySet<number>): AgentMessage {
  const content: ContentBlock[] = [];
  // A snapshot is as well-formed as the stream was: a message_start may come without content.
  const blocks = (message.content as Anthropic.ContentBlock[] | undefined) ?? [];
  blocks.forEach((block, index) => {
    const kept = blockOf(block as unknown as ApiBlock, complete.has(index));
    if (kept) content.push(kept);
  });
  // Absent from a stream whose message_start has none (the documentation's examples print none).
  const usage = message.usage as Anthropic.Usage | undefined;
  // A refusal may explain itself (`stop_details.explanation`); the recorded refusals say null.
  const explanation = (message as { stop_details?: { explanation?: unknown } | null }).stop_details?.explanation;
  return {
    role: 'assistant',
    content,
    model: message.model,
    stopReason: message.stop_reason,
    ...(usage && { usage: usageOf(usage) }),
    ...(typeof explanation === 'string' && explanation.trim() && { stopExplanation: explanation.trim() }),
  };
}

type ApiBlock = { type: string } & Record<string, unknown>;

function blockOf(block: ApiBlock, done: boolean): ContentBlock | undefined {
  switch (block.type) {
    case 'text': {
      if (typeof block.text !== 'string' || !block.text) return undefined;
      // The SDK gives `citations: null` to a text without sources: only real ones are kept.
      const citations = Array.isArray(block.citations) ? block.citations.filter(isObject) : [];
      return citations.length > 0 ? { type: 'text', text: block.text, citations } : { type: 'text', text: block.text };
    }
    case 'tool_use':
      return done && typeof block.id === 'string' && typeof block.name === 'string'
        ? { type: 'tool_use', id: block.id, name: block.name, input: block.input }
        : undefined;
    case 'thinking':
      return done && typeof block.thinking === 'string' && typeof block.signature === 'string'
        ? { type: 'thinking', thinking: block.thinking, signature: block.signature }
        : undefined;
    case 'redacted_thinking':
      return typeof block.data === 'string' ? { type: 'redacted_thinking', data: block.data } : undefined;
    default:
      return done ? { type: 'raw', block: { ...block } } : undefined;
  }
}
