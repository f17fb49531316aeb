// Prompt caching (SPEC §3): `cache_control` breakpoints on a request, so a long conversation is billed
// mostly at cache-read rates. The API caches the prefix tools → system → messages up to each breakpoint
// and, on a later request, reads the longest cached prefix ending at (or up to 20 blocks before) one of
// its breakpoints. So each request marks:
//   1. the last tool definition (the tools never change within a run),
//   2. the system prompt (sent as a text block to carry the marker),
//   3. the last block of the last message: this request writes the whole conversation,
//   4. the last block of the previous user turn: this request reads what the previous one wrote at 3,
//      however many blocks (tool calls and results) the turn since then added.
// That is the API's maximum of four. A thinking block cannot carry a marker, nor can an empty text block,
// and a block of a type Baton does not know (kept verbatim) is not risked; the marker then goes on the
// message's last block that can carry it.
import type Anthropic from '@anthropic-ai/sdk';

/** The API refuses a request with more breakpoints than this. */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

type CacheableParams = Pick<Anthropic.MessageCreateParams, 'messages' | 'system' | 'tools'>;

/** The same request with breakpoints placed; the input is not changed. */
export function withCacheBreakpoints<P extends CacheableParams>(params: P): P {
  const out: P = { ...params, messages: markMessages(params.messages) };
  if (params.system !== undefined) out.system = markSystem(params.system);
  if (params.tools?.length) out.tools = [...params.tools.slice(0, -1), { ...params.tools.at(-1)!, cache_control: EPHEMERAL }];
  return out;
}

function markSystem(system: string | Anthropic.TextBlockParam[]): string | Anthropic.TextBlockParam[] {
  if (typeof system === 'string') return system.trim() ? [{ type: 'text', text: system, cache_control: EPHEMERAL }] : system;
  return markLastEligible(system) ?? system;
}

function markMessages(messages: readonly Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  const out = [...messages];
  const last = out.length - 1;
  const turnStart = lastUserAtOrBefore(out, last);
  const previousTurn = lastUserAtOrBefore(out, turnStart - 1);
  for (const i of [previousTurn, last]) {
    const message = out[i];
    if (!message) continue;
    const content: Anthropic.ContentBlockParam[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const marked = markLastEligible(content);
    if (marked) out[i] = { ...message, content: marked } as Anthropic.MessageParam;
  }
  return out;
}

function lastUserAtOrBefore(messages: readonly Anthropic.MessageParam[], from: number): number {
  for (let i = from; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
}

/** A copy with the last block that may carry cache_control marked; null when none may. */
function markLastEligible<B extends Anthropic.ContentBlockParam>(blocks: readonly B[]): B[] | null {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    if (!canCarryMarker(block)) continue;
    const out = [...blocks];
    out[i] = { ...block, cache_control: EPHEMERAL };
    return out;
  }
  return null;
}

/** The block types the API takes cache_control on that Baton sends (thinking blocks take none). */
const MARKABLE = new Set(['text', 'image', 'document', 'search_result', 'tool_use', 'tool_result']);

function canCarryMarker(block: Anthropic.ContentBlockParam): boolean {
  if (!MARKABLE.has(block.type)) return false;
  return block.type !== 'text' || block.text.trim() !== '';
}
