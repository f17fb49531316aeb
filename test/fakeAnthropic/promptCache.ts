// The Messages API's prompt caching, as far as billing sees it. A request's prompt is a sequence of blocks
// in the order tools → system → messages. A block carrying `cache_control` is a breakpoint: the prefix up
// to and including it is written to the cache (when it is at least `minTokens` long). A later request
// reads the longest remembered prefix that ends at one of its breakpoints or at a block boundary up to 20
// blocks before one. Usage then splits the prompt into what was read, what was written (from the read
// point to the last breakpoint) and the rest, billed as ordinary input. Entries live `ttlMs` after their
// last write or read, and belong to one model.
import { createHash } from 'node:crypto';
import { estimateTokensOfChars, promptChars } from './plan';

/** How far before a breakpoint the API looks for an earlier cached prefix. */
export const LOOKBACK_BLOCKS = 20;
/** More breakpoints than this in one request is a 400. */
export const MAX_BREAKPOINTS = 4;

export interface PromptCacheOptions {
  /** The shortest prefix a breakpoint caches, in tokens (default 1024, the API's minimum for most models). */
  minTokens?: number;
  /** How long an entry lives after its last write or read, in ms of fake-server time (default 5 minutes). */
  ttlMs?: number;
}

export interface CacheUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** One block of the prompt: the hash of the prefix ending with it, that prefix's length, and whether it is a breakpoint. */
interface Boundary {
  hash: string;
  chars: number;
  breakpoint: boolean;
}

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Why the API would refuse the request's cache_control markers, or null when it would not: too many of
 * them, or one on a block that cannot carry it (an empty text block, a thinking block).
 */
export function cacheControlProblem(body: unknown): string | null {
  if (!isObject(body)) return null;
  let count = 0;
  const visit = (block: unknown, where: string): string | null => {
    if (!isObject(block) || block.cache_control === undefined || block.cache_control === null) return null;
    count++;
    if (block.type === 'thinking' || block.type === 'redacted_thinking') return `${where}.${block.type}.cache_control: Extra inputs are not permitted`;
    if (block.type === 'text' && block.text === '') return `${where}.text: cache_control cannot be set for empty text blocks`;
    return null;
  };
  const problems: Array<string | null> = [];
  if (Array.isArray(body.tools)) body.tools.forEach((t, i) => problems.push(visit(t, `tools.${i}`)));
  if (Array.isArray(body.system)) body.system.forEach((b, i) => problems.push(visit(b, `system.${i}`)));
  if (Array.isArray(body.messages)) {
    body.messages.forEach((m, i) => {
      const content = isObject(m) ? m.content : undefined;
      if (Array.isArray(content)) content.forEach((b, k) => problems.push(visit(b, `messages.${i}.content.${k}`)));
    });
  }
  const first = problems.find((p) => p !== null);
  if (first) return first;
  return count > MAX_BREAKPOINTS ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.` : null;
}

/** The prompt's blocks in cache order, each with the prefix that ends with it. */
function boundariesOf(body: Json): Boundary[] {
  const units: Array<{ key: unknown; breakpoint: boolean }> = [];
  const add = (key: unknown, block: unknown) => {
    const breakpoint = isObject(block) && block.cache_control !== undefined && block.cache_control !== null;
    units.push({ key, breakpoint });
  };
  const bare = (block: unknown) => {
    if (!isObject(block)) return block;
    const { cache_control: _ignored, ...rest } = block;
    return rest;
  };
  if (Array.isArray(body.tools)) for (const tool of body.tools) add({ tool: bare(tool) }, tool);
  if (typeof body.system === 'string') add({ system: body.system }, undefined);
  else if (Array.isArray(body.system)) for (const block of body.system) add({ system: bare(block) }, block);
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (!isObject(message)) continue;
      const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? message.content : [];
      // The role and the message's first block are part of the key: the same blocks split into messages
      // differently are a different prompt.
      blocks.forEach((block, i) => add({ role: message.role, first: i === 0, block: bare(block) }, block));
    }
  }
  let hash = createHash('sha256').update(String(body.model)).digest('hex');
  let chars = 0;
  return units.map(({ key, breakpoint }) => {
    hash = createHash('sha256').update(hash).update(JSON.stringify(key)).digest('hex');
    chars += promptChars(key);
    return { hash, chars, breakpoint };
  });
}

const DEFAULTS: Required<PromptCacheOptions> = { minTokens: 1024, ttlMs: 5 * 60_000 };

export class FakePromptCache {
  private readonly expiries = new Map<string, number>();
  private readonly initial: Required<PromptCacheOptions>;
  private settings: Required<PromptCacheOptions>;

  constructor(
    private readonly now: () => number,
    options: PromptCacheOptions = {},
  ) {
    this.initial = { ...DEFAULTS, ...definedOf(options) };
    this.settings = this.initial;
  }

  configure(options: PromptCacheOptions): void {
    this.settings = { ...this.settings, ...definedOf(options) };
  }

  /** Forgets every entry and goes back to the settings the server started with. */
  clear(): void {
    this.expiries.clear();
    this.settings = this.initial;
  }

  /**
   * Reads and writes the cache for one request and returns how its input is billed; null when the request
   * has no breakpoint (no caching at all: the caller counts its input as before).
   */
  account(body: unknown): CacheUsage | null {
    if (!isObject(body)) return null;
    const boundaries = boundariesOf(body);
    const breakpoints = boundaries.flatMap((b, i) => (b.breakpoint ? [i] : []));
    if (breakpoints.length === 0) return null;
    const now = this.now();
    for (const [hash, expiry] of this.expiries) if (expiry <= now) this.expiries.delete(hash);
    const tokensAt = (i: number) => (i < 0 ? 0 : estimateTokensOfChars(boundaries[i]!.chars));

    let readAt = -1;
    for (const bp of breakpoints) {
      for (let i = bp; i >= Math.max(0, bp - LOOKBACK_BLOCKS) && i > readAt; i--) {
        if (this.expiries.has(boundaries[i]!.hash)) {
          readAt = i;
          break;
        }
      }
    }
    if (readAt >= 0) this.expiries.set(boundaries[readAt]!.hash, now + this.settings.ttlMs);

    let writtenTo = -1;
    for (const bp of breakpoints) {
      if (tokensAt(bp) < this.settings.minTokens) continue;
      this.expiries.set(boundaries[bp]!.hash, now + this.settings.ttlMs);
      writtenTo = bp;
    }
    const read = tokensAt(readAt);
    const written = writtenTo > readAt ? tokensAt(writtenTo) - read : 0;
    return {
      input_tokens: tokensAt(boundaries.length - 1) - read - written,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: written,
    };
  }
}

function definedOf(options: PromptCacheOptions): PromptCacheOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}
