import type { Bitset } from './Bitset';
import { AND_COUNT_WASM } from './andCountModule';

/** WebAssembly pages are 64 KiB. */
const PAGE_BYTES = 65_536;

interface Counter {
  memory: WebAssembly.Memory;
  andCount: (a: number, b: number, bytes: number) => number;
}

let counter: Counter | undefined;

/** The andCount.wat module, compiled once per thread on first use (it is 116 bytes). */
function getCounter(): Counter {
  if (counter) return counter;
  const instance = new WebAssembly.Instance(
    new WebAssembly.Module(Buffer.from(AND_COUNT_WASM, 'base64')),
  );
  const { memory, andCount } = instance.exports;
  if (!(memory instanceof WebAssembly.Memory) || typeof andCount !== 'function') {
    throw new Error('andCount.wat exports no memory or no andCount');
  }
  counter = {
    memory,
    andCount: (a, b, bytes) => Number(andCount(a, b, bytes)),
  };
  return counter;
}

/**
 * How many members `base` shares with each of `sets` (all of one size): the counts of
 * an answer's filter items, one pass of 64-bit popcounts per set in WebAssembly. Each
 * set is copied next to `base` in the module's memory first; a copy is a memcpy, far
 * cheaper than counting in JavaScript (server README, "Counts").
 */
export function andCounts(base: Bitset, sets: readonly Bitset[]): number[] {
  if (sets.length === 0) return [];
  const { memory, andCount } = getCounter();
  const words = base.words.length;
  // Whole 64-bit words: an odd count of 32-bit words gets a zero after it.
  const span = words + (words & 1);
  const bytes = span * 4;
  if (memory.buffer.byteLength < 2 * bytes) {
    memory.grow(Math.ceil((2 * bytes - memory.buffer.byteLength) / PAGE_BYTES));
  }
  const view = new Uint32Array(memory.buffer, 0, 2 * span);
  view.set(base.words, 0);
  if (span !== words) {
    view[words] = 0;
    view[span + words] = 0;
  }
  return sets.map((set) => {
    if (set.words.length !== words) {
      throw new Error(`sets of ${set.size} and ${base.size} cannot be counted together`);
    }
    view.set(set.words, span);
    return andCount(0, bytes, bytes);
  });
}
