// What a code block needs to know while its reply streams: where the text streamed so far ends. A block
// that ends before that has its closing fence and will not change again, so it may be highlighted; the
// block still being written stays plain until something follows it (or the reply settles).
import { createContext, useContext } from 'react';

/** The streamed text's length without trailing whitespace; null for a settled message. */
export const StreamedLength = createContext<number | null>(null);

export function useIsSettled(endOffset: number | undefined): boolean {
  const streamed = useContext(StreamedLength);
  return streamed === null || (endOffset !== undefined && endOffset < streamed);
}
