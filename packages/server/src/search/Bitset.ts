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

  has(value: number): boolean {
    return (((this.words[value >>> 5] ?? 0) >>> (value & 31)) & 1) === 1;
  }

  /** A new set: this one and the other. */
  and(other: Bitset): Bitset {
    const result = new Bitset(this.size);
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

  /** A copy of this set. */
  clone(): Bitset {
    const result = new Bitset(this.size);
    result.words.set(this.words);
    return result;
  }

  /** How many members this set and the other share, without building their intersection. */
  andCount(other: Bitset): number {
    let total = 0;
    const { words } = this;
    for (let index = 0; index < words.length; index += 1) {
      total += popCount((words[index] ?? 0) & (other.words[index] ?? 0));
    }
    return total;
  }

  /**
   * The indices of its non-zero words. Counting many sets against a sparse one (an
   * answer of a few hundred partners among 100k) then reads only those words.
   */
  nonZeroWords(): Int32Array {
    const { words } = this;
    let found = 0;
    for (let index = 0; index < words.length; index += 1) if (words[index] !== 0) found += 1;
    const result = new Int32Array(found);
    let next = 0;
    for (let index = 0; index < words.length; index += 1) {
      if (words[index] !== 0) {
        result[next] = index;
        next += 1;
      }
    }
    return result;
  }

  /** `andCount`, reading only the words listed (every other word of this set is zero). */
  andCountIn(other: Bitset, nonZero: Int32Array): number {
    let total = 0;
    const { words } = this;
    for (let at = 0; at < nonZero.length; at += 1) {
      const index = nonZero[at] ?? 0;
      total += popCount((words[index] ?? 0) & (other.words[index] ?? 0));
    }
    return total;
  }

  count(): number {
    let total = 0;
    for (const word of this.words) {
      total += popCount(word);
    }
    return total;
  }

  /** The members in increasing order. */
  toArray(): Int32Array {
    const result = new Int32Array(this.count());
    let next = 0;
    const { words } = this;
    for (let index = 0; index < words.length; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0) {
        const lowest = word & -word;
        result[next] = index * 32 + (31 - Math.clz32(lowest));
        next += 1;
        word ^= lowest;
      }
    }
    return result;
  }
}

/** Population count of a 32-bit word (SWAR). */
function popCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
