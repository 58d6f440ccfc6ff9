import { andCounts } from './andCounts';

/** A fixed-size set of small integers (partner ordinals), 32 to a word. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    /** Its words when they come from elsewhere (an index sent by a worker thread). */
    words?: Uint32Array,
  ) {
    const length = Math.ceil(size / 32);
    if (words && words.length !== length) {
      throw new Error(`a set of ${size} needs ${length} words, not ${words.length}`);
    }
    this.words = words ?? new Uint32Array(length);
  }

  add(value: number): void {
    const index = value >>> 5;
    this.words[index] = (this.words[index] ?? 0) | (1 << (value & 31));
  }

  delete(value: number): void {
    const index = value >>> 5;
    this.words[index] = (this.words[index] ?? 0) & ~(1 << (value & 31));
  }

  has(value: number): boolean {
    return (((this.words[value >>> 5] ?? 0) >>> (value & 31)) & 1) === 1;
  }

  /**
   * This one and the other: a new set, or written into `into` (a set of this size a caller
   * narrows and drops within one call: a fresh answer's sets of 12.5 KB at 100k partners,
   * each a new buffer outside the heap, were most of what it allocated there).
   */
  and(other: Bitset, into: Bitset = new Bitset(this.size)): Bitset {
    const result = into;
    const { words } = result;
    for (let index = 0; index < words.length; index += 1) {
      words[index] = (this.words[index] ?? 0) & (other.words[index] ?? 0);
    }
    return result;
  }

  /** Adds every member of the other set to this one. */
  orInPlace(other: Bitset): void {
    const { words } = this;
    for (let index = 0; index < words.length; index += 1) {
      words[index] = (words[index] ?? 0) | (other.words[index] ?? 0);
    }
  }

  /** Keeps only the members the other set has too. */
  andInPlace(other: Bitset): void {
    const { words } = this;
    for (let index = 0; index < words.length; index += 1) {
      words[index] = (words[index] ?? 0) & (other.words[index] ?? 0);
    }
  }

  /** A new set of every value below `size` this one lacks. */
  not(): Bitset {
    const result = new Bitset(this.size);
    const { words } = result;
    for (let index = 0; index < words.length; index += 1) {
      words[index] = ~(this.words[index] ?? 0);
    }
    // Past the last value nothing belongs: the last word keeps only its own bits.
    const tail = this.size & 31;
    const last = words.length - 1;
    if (tail !== 0 && last >= 0) words[last] = (words[last] ?? 0) & ((1 << tail) - 1);
    return result;
  }

  /** A copy of this set: a new one, or written into `into` (see `and`). */
  clone(into: Bitset = new Bitset(this.size)): Bitset {
    into.words.set(this.words);
    return into;
  }

  /** How many members this set and the other share, without building their intersection. */
  andCount(other: Bitset): number {
    if (this.words.length <= COUNT_IN_JS_AT_MOST) return countWords(this.words, other.words);
    return andCounts(this, [other])[0] ?? 0;
  }

  count(): number {
    if (this.words.length <= COUNT_IN_JS_AT_MOST) return countWords(this.words, this.words);
    return andCounts(this, [this])[0] ?? 0;
  }

  /** The members in increasing order. */
  toArray(): Int32Array {
    const result = new Int32Array(this.count());
    this.membersInto(result);
    return result;
  }

  /**
   * Writes the members in increasing order into `target` until it is full (an answer's
   * first page needs its first members only) and returns how many it wrote.
   */
  membersInto(target: Int32Array): number {
    let next = 0;
    const { words } = this;
    for (let index = 0; index < words.length && next < target.length; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0 && next < target.length) {
        const lowest = word & -word;
        target[next] = index * 32 + (31 - Math.clz32(lowest));
        next += 1;
        word ^= lowest;
      }
    }
    return next;
  }
}

/**
 * Words up to which a count is a loop here rather than a call into andCounts' WebAssembly:
 * a call copies both sets into the module's memory through a view made per call, about
 * 0.4 µs, more than counting a set of 1k partners (32 words) word by word
 * (bench/README.md near14).
 */
const COUNT_IN_JS_AT_MOST = 64;

/** The members two sets' words share (a set with itself: its members), by popcounts. */
function countWords(words: Uint32Array, other: Uint32Array): number {
  let count = 0;
  for (let index = 0; index < words.length; index += 1) {
    let word = (words[index] ?? 0) & (other[index] ?? 0);
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}
