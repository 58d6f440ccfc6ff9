import { AND_COUNT_WASM } from './andCountModule';

/** A set as the counter reads it: its 32-bit words (a Bitset is one). */
export interface WordSet {
  readonly words: Uint32Array;
}

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
 * Room for sets kept in the module's memory between calls (`keep`): an index's item and
 * global filter sets, 12.5 KB each at 100k partners, so about 640 of them. When it is
 * full it is emptied and filled again; the base of a call goes after it.
 */
export const KEPT_BYTES = 8 << 20;

/** Where each kept set's copy starts in the module's memory, by its words. */
let kept = new WeakMap<Uint32Array, number>();
let keptTop = 0;

/** Grows the module's memory to hold `bytes` bytes. */
function reserve(memory: WebAssembly.Memory, bytes: number): void {
  if (memory.buffer.byteLength < bytes) {
    memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE_BYTES));
  }
}

/** The byte offset of a kept copy of `words` (padded to `span` words), copying it once. */
function keptOffset(memory: WebAssembly.Memory, words: Uint32Array, span: number): number {
  const known = kept.get(words);
  if (known !== undefined) return known;
  const bytes = span * 4;
  if (keptTop + bytes > KEPT_BYTES) {
    kept = new WeakMap();
    keptTop = 0;
  }
  const offset = keptTop;
  const view = new Uint32Array(memory.buffer, offset, span);
  view.set(words);
  if (span !== words.length) view[words.length] = 0;
  keptTop += bytes;
  kept.set(words, offset);
  return offset;
}

/**
 * How many members `base` shares with each of `sets` (all of one size): the counts of
 * an answer's filter items, one pass of 64-bit popcounts per set in WebAssembly. `base`
 * is copied into the module's memory, then each set next to it (a memcpy, far cheaper
 * than counting in JavaScript: server README, "Search semantics"). With `keep`, the sets stay
 * there for the next calls instead: only for sets that never change afterwards, as an
 * index's item and global filter sets (a set changed after it was kept would be counted
 * as it was).
 */
export function andCounts(
  base: WordSet,
  sets: readonly WordSet[],
  options: { keep?: boolean } = {},
): number[] {
  if (sets.length === 0) return [];
  const { memory, andCount } = getCounter();
  const words = base.words.length;
  // Whole 64-bit words: an odd count of 32-bit words gets a zero after it.
  const span = words + (words & 1);
  const bytes = span * 4;
  const keep = options.keep === true && bytes <= KEPT_BYTES;
  const baseAt = KEPT_BYTES;
  reserve(memory, baseAt + 2 * bytes);
  const view = new Uint32Array(memory.buffer, baseAt, 2 * span);
  view.set(base.words, 0);
  if (span !== words) {
    view[words] = 0;
    view[span + words] = 0;
  }
  // Pushed, not mapped: one array shape whether this runs optimized or not (answer/resolveSearch).
  const counts: number[] = [];
  for (const set of sets) {
    if (set.words.length !== words) {
      throw new Error(`sets of ${set.words.length} and ${words} words cannot be counted together`);
    }
    if (keep) counts.push(andCount(baseAt, keptOffset(memory, set.words, span), bytes));
    else {
      view.set(set.words, span);
      counts.push(andCount(baseAt, baseAt + bytes, bytes));
    }
  }
  return counts;
}
