// Code blocks are syntax-highlighted (SPEC §5) with a maintained highlighter loaded lazily: nothing of it
// is in the main bundle, and a language's grammar arrives with its first block. Results are kept, so a
// block highlighted once is not highlighted again when its row re-renders or scrolls back into view.
import type { ReactNode } from 'react';
import { grammarFor } from './grammars';

/** Past this a block stays plain: highlighting it would hold up the page for longer than a frame or two. */
const MAX_CHARS = 30_000;
/** Highlighted blocks kept; the oldest go first. */
const CACHE_SIZE = 300;

const cache = new Map<string, ReactNode>();
let highlighter: Promise<typeof import('./highlighter')> | undefined;

export function cacheKey(language: string | undefined, code: string): string | undefined {
  const grammar = language ? grammarFor(language) : undefined;
  return grammar && code.length <= MAX_CHARS ? `${grammar}\n${code}` : undefined;
}

export function cachedHighlight(key: string): ReactNode | undefined {
  return cache.get(key);
}

/** Highlights the block a key stands for (see cacheKey); undefined if the highlighter failed to load. */
export async function highlightCode(key: string): Promise<ReactNode | undefined> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const at = key.indexOf('\n');
  try {
    highlighter ??= import('./highlighter');
    const node = await (await highlighter).highlight(key.slice(0, at), key.slice(at + 1));
    cache.set(key, node);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return node;
  } catch {
    highlighter = undefined; // a chunk that failed to load (a server restart) is tried again next time
    return undefined;
  }
}
