// Bytes handed between the core and the check thread are moved (their buffer changes hands) rather than
// copied, where that is safe: a buffer wholly theirs. A view of part of a buffer (a Buffer from Node's
// pool) is left to be copied, since moving it would take the rest of the buffer from whoever holds it.
export function movableBuffers(arrays: readonly Uint8Array[]): ArrayBuffer[] {
  return arrays.flatMap((array) => (array.buffer instanceof ArrayBuffer && array.byteOffset === 0 && array.byteLength === array.buffer.byteLength ? [array.buffer] : []));
}
