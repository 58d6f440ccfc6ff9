import { describe, expect, it } from 'vitest';
import { freeBuffer } from '../freeBuffer';
import { ChunkedInts } from '../TextIndex';

describe('freeBuffer', () => {
  it('detaches the buffer: every view of it reads as empty', () => {
    const ints = new Int32Array([1, 2, 3]);
    const view = new Uint8Array(ints.buffer, 4, 4);
    freeBuffer(ints);
    expect(ints.length).toBe(0);
    expect(view.length).toBe(0);
    // An empty or already freed buffer is left as it is.
    expect(() => freeBuffer(ints)).not.toThrow();
  });

  it('lets a released ChunkedInts be filled again', () => {
    const list = new ChunkedInts(10);
    for (let value = 0; value < 5000; value += 1) list.push(value);
    list.release();
    expect(list.length).toBe(0);
    list.push(7);
    const seen: number[] = [];
    list.forEach((value) => seen.push(value));
    expect(seen).toEqual([7]);
  });
});
