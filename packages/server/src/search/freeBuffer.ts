/**
 * Lets a typed array's memory go now rather than at the next full garbage collection. A
 * large build's working arrays (an index's streams, a card chunk replaced by its exact
 * copy) have lived long enough to be in the old generation, whose buffers go only when a
 * mark-compact runs: at 100k partners one did not run before the build's end, and 36 MB of
 * streams let go were still held beside the postings laid out from them. Moving the
 * buffer detaches every view of it (they read as empty) into a new buffer that nothing
 * refers to, in the young generation: the next scavenge, milliseconds away, frees it.
 * (Node 21 has ArrayBuffer.prototype.transfer; Node 20 does not.)
 */
export function freeBuffer(view: ArrayBufferView): void {
  const { buffer } = view;
  if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) {
    structuredClone(buffer, { transfer: [buffer] });
  }
}
