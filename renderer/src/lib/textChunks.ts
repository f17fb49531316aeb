// A long text in pieces of at most `size` UTF-16 units, never splitting a surrogate pair, so each piece
// is well-formed text on its own.

export function textChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate stays with its pair
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}
