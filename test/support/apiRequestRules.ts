// The rules the Messages API holds a request's `messages` to, as one check: a request that breaks any
// of them is refused with a 400 (and, since the history is resent, so is every later one). Returns what
// is wrong, in words; an empty list means the API would take it.
import { expect } from 'vitest';

type Block = { type: string } & Record<string, unknown>;
interface Message {
  role: string;
  content: string | Block[];
}

const THINKING = new Set(['thinking', 'redacted_thinking']);
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** The API's limits on files (vision and PDF guides, errors page): 5 MB of base64 per image, 100 images and PDFs and 32 MB per request. */
const IMAGE_BASE64_MAX = 5 * 1024 * 1024;
const MEDIA_MAX = 100;
const REQUEST_MAX = 32 * 1024 * 1024;

export function apiRequestViolations(body: unknown): string[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return ['messages is missing or empty'];
  const problems: string[] = [];
  const list = messages as Message[];
  if (list[0]?.role !== 'user') problems.push('the first message is not a user message');
  const toolUseIds = new Set<string>();
  list.forEach((message, i) => {
    const at = `messages[${i}]`;
    if (message.role !== 'user' && message.role !== 'assistant') problems.push(`${at}: role ${message.role}`);
    if (i > 0 && list[i - 1]?.role === message.role) problems.push(`${at}: two ${message.role} messages in a row`);
    if (typeof message.content === 'string') {
      if (!message.content.trim()) problems.push(`${at}: empty text`);
      return;
    }
    if (!Array.isArray(message.content) || message.content.length === 0) {
      problems.push(`${at}: no content`);
      return;
    }
    message.content.forEach((block, j) => problems.push(...blockViolations(block, `${at}.content[${j}]`, message.role)));
    if (message.role === 'assistant') {
      problems.push(...thinkingOrder(message.content, at));
      for (const block of message.content) {
        if (block.type !== 'tool_use') continue;
        if (toolUseIds.has(String(block.id))) problems.push(`${at}: tool_use id ${String(block.id)} used twice`);
        toolUseIds.add(String(block.id));
      }
    }
    problems.push(...toolPairing(list, i));
  });
  const isMedia = (b: Block) => b.type === 'image' || (b.type === 'document' && (b.source as { type?: unknown } | undefined)?.type !== 'text');
  const media = list.flatMap((m) => (Array.isArray(m.content) ? m.content.filter(isMedia) : []));
  if (media.length > MEDIA_MAX) problems.push(`${media.length} images and PDFs in one request`);
  const bytes = Buffer.byteLength(JSON.stringify(body));
  if (bytes > REQUEST_MAX) problems.push(`the request is ${bytes} bytes`);
  const last = list.at(-1);
  const lastBlock = last?.role === 'assistant' && Array.isArray(last.content) ? last.content.at(-1) : undefined;
  if (lastBlock?.type === 'text' && /\s$/.test(String(lastBlock.text))) {
    problems.push('the final assistant message (a prefill) ends with whitespace');
  }
  return problems;
}

function blockViolations(block: Block, at: string, role: string): string[] {
  const problems: string[] = [];
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string' || !block.text.trim()) problems.push(`${at}: empty text block`);
      break;
    case 'thinking':
      if (role !== 'assistant') problems.push(`${at}: thinking in a ${role} message`);
      if (typeof block.thinking !== 'string') problems.push(`${at}: thinking without its text`);
      if (typeof block.signature !== 'string' || !block.signature) problems.push(`${at}: thinking without a signature`);
      break;
    case 'redacted_thinking':
      if (role !== 'assistant') problems.push(`${at}: redacted_thinking in a ${role} message`);
      if (typeof block.data !== 'string' || !block.data) problems.push(`${at}: redacted_thinking without data`);
      break;
    case 'tool_use':
      if (role !== 'assistant') problems.push(`${at}: tool_use in a ${role} message`);
      if (typeof block.input !== 'object' || block.input === null || Array.isArray(block.input)) problems.push(`${at}: tool_use input is not an object`);
      break;
    case 'tool_result':
      if (role !== 'user') problems.push(`${at}: tool_result in a ${role} message`);
      if (Array.isArray(block.content)) {
        (block.content as Block[]).forEach((part, k) => {
          if (part.type !== 'text' && part.type !== 'image') problems.push(`${at}.content[${k}]: ${part.type} in a tool_result`);
          problems.push(...blockViolations(part, `${at}.content[${k}]`, role));
        });
      }
      break;
    case 'image':
    case 'document': {
      if (role !== 'user') problems.push(`${at}: ${block.type} in a ${role} message`);
      const source = block.source as { type?: unknown; media_type?: unknown; data?: unknown } | undefined;
      // A plain-text document: the text itself, as the API's document block takes it.
      if (block.type === 'document' && source?.type === 'text') {
        if (source.media_type !== 'text/plain' || typeof source.data !== 'string') problems.push(`${at}: text document source is not plain text`);
        if ('name' in block) problems.push(`${at}: document carries a name field`);
        break;
      }
      const types = block.type === 'image' ? IMAGE_TYPES : new Set(['application/pdf']);
      if (source?.type !== 'base64' || !types.has(String(source.media_type))) problems.push(`${at}: ${block.type} source is not base64 of a type the API takes`);
      if (typeof source?.data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(source.data)) problems.push(`${at}: ${block.type} data is not base64`);
      else if (block.type === 'image' && source.data.length > IMAGE_BASE64_MAX) problems.push(`${at}: image exceeds 5 MB`);
      if ('name' in block) problems.push(`${at}: ${block.type} carries a name field`);
      break;
    }
  }
  const empty = block.type === 'text' && (typeof block.text !== 'string' || !block.text.trim());
  if ('cache_control' in block && (THINKING.has(block.type) || empty)) problems.push(`${at}: cache_control on a ${block.type} block`);
  return problems;
}

/** Thinking comes first: an assistant message with thinking in it starts with a thinking block. */
function thinkingOrder(content: Block[], at: string): string[] {
  const hasThinking = content.some((block) => THINKING.has(block.type));
  return hasThinking && !THINKING.has(content[0]?.type ?? '') ? [`${at}: thinking blocks are not first`] : [];
}

/**
 * Every tool_use is answered by a tool_result in the very next (user) message, where the results come
 * before anything else; every tool_result answers a tool_use of the message just before.
 */
function toolPairing(messages: Message[], i: number): string[] {
  const message = messages[i];
  if (!message || typeof message.content === 'string') return [];
  const at = `messages[${i}]`;
  const problems: string[] = [];
  if (message.role === 'assistant') {
    const next = messages[i + 1];
    const answered = new Set(blocksOf(next, 'tool_result').map((b) => String(b.tool_use_id)));
    for (const use of blocksOf(message, 'tool_use')) {
      if (!answered.has(String(use.id))) problems.push(`${at}: tool_use ${String(use.id)} is not answered in the next message`);
    }
  } else {
    const asked = new Set(blocksOf(messages[i - 1], 'tool_use').map((b) => String(b.id)));
    for (const result of blocksOf(message, 'tool_result')) {
      if (!asked.has(String(result.tool_use_id))) problems.push(`${at}: tool_result ${String(result.tool_use_id)} answers no tool_use of the message before`);
    }
    const firstOther = message.content.findIndex((b) => b.type !== 'tool_result');
    if (firstOther >= 0 && message.content.slice(firstOther).some((b) => b.type === 'tool_result')) {
      problems.push(`${at}: tool_result blocks do not come first`);
    }
  }
  return problems;
}

function blocksOf(message: Message | undefined, type: string): Block[] {
  return message && Array.isArray(message.content) ? message.content.filter((b) => b.type === type) : [];
}

/** The thinking blocks a request sends back, in order, as they were sent. */
export function thinkingBlocksSent(body: unknown): Block[] {
  const messages = ((body as { messages?: Message[] } | null)?.messages ?? []) as Message[];
  return messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b) => THINKING.has(b.type)) : []));
}

/** Asserts that every recorded request is one the Messages API accepts, naming the one that is not. */
export function expectValidRequests(requests: ReadonlyArray<{ seq: number; body: unknown }>): void {
  for (const request of requests) expect(apiRequestViolations(request.body), `request ${request.seq}`).toEqual([]);
}
