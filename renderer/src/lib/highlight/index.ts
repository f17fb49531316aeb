// Code blocks are syntax-highlighted (SPEC §5) with a maintained highlighter loaded lazily (see
// lib/lazyRender.ts): a language's grammar arrives with its first block.
import type { ReactNode } from 'react';
import { lazyRender } from '../lazyRender';
import { grammarFor } from './grammars';

/** Past this a block stays plain: highlighting it would hold up the page for longer than a frame or two. */
const MAX_CHARS = 30_000;

/** What a block's key stands for: its grammar, a newline, its code. */
export function cacheKey(language: string | undefined, code: string): string | undefined {
  const grammar = language ? grammarFor(language) : undefined;
  return grammar && code.length <= MAX_CHARS ? `${grammar}\n${code}` : undefined;
}

/** Highlighted blocks as React elements, the 300 latest kept. */
export const highlighting = lazyRender<typeof import('./highlighter'), ReactNode>(
  () => import('./highlighter'),
  (chunk, key) => {
    const at = key.indexOf('\n');
    return chunk.highlight(key.slice(0, at), key.slice(at + 1));
  },
  300,
);
