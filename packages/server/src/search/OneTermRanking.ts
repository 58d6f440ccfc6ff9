import { Bitset } from './Bitset';
import type { TermRun } from './TextIndex';
import { FIELD_BITS, FIELD_MASK } from './TextIndex';
import { EXACT_IN_TITLE, EXACT_TITLE, QUALITY_SHIFT, VALUES, WEIGHTS, termScore } from './scores';

/** A one-term search's first partners in order, their ranks, its total (RankedOrdinals). */
export interface OneTermRanked {
  ordinals: Int32Array;
  scores: Uint16Array;
  total: number;
  crossingRank?: Bitset;
}

/**
 * The ranking of a search of one term, the most common search with text, by levels: the
 * partners the term matches are laid in a set per value (quality and field, 16 of them),
 * so the ranks are the levels themselves, best first, each narrowed to the candidates and
 * counted a word at a time, and only the first page's partners are read one by one.
 *
 * The general ranking (SiteIndex's, for several terms) writes each matched partner's value
 * into an array, keeping the best of its matches (a compare per posting, about 12 ns at
 * 100k partners where setting a bit is about 5), then scores every candidate one by one: a
 * broad prefix at 100k is 100k postings and 70k candidates, about 2 ms of a fresh answer
 * (bench/README.md, rank25). A posting here sets one bit in its value's level (about 8 ns),
 * and the ranks cost a few operations per word of 32 partners.
 *
 * Scratch of one index, for one search at a time (searches are synchronous): `lay` the
 * term's runs, then `rank`, which leaves the levels empty for the next search.
 */
export class OneTermRanking {
  readonly #words: number;
  /** A set's words per value, the levels one after the other: all zero between searches. */
  readonly #levels: Uint32Array;
  /** The values laid, as bits (1 << value). */
  #laid = 0;

  constructor(readonly size: number) {
    this.#words = Math.ceil(size / 32);
    this.#levels = new Uint32Array(VALUES * this.#words);
  }

  /** Lays each partner a term's runs match in the level of that match's value. */
  lay(postings: Int32Array, runs: readonly TermRun[]): void {
    const levels = this.#levels;
    const words = this.#words;
    let laid = this.#laid;
    for (const run of runs) {
      const quality = run.quality << QUALITY_SHIFT;
      for (let index = run.start; index < run.stop; index += 1) {
        const posting = postings[index] ?? 0;
        const ordinal = posting >>> FIELD_BITS;
        const value = quality | (WEIGHTS[posting & FIELD_MASK] ?? 0);
        const at = value * words + (ordinal >>> 5);
        levels[at] = (levels[at] ?? 0) | (1 << (ordinal & 31));
        laid |= 1 << value;
      }
    }
    this.#laid = laid;
  }

  /** Every partner laid, added to a set's words (the term's set, made with its levels). */
  addLaidTo(set: Uint32Array): void {
    const levels = this.#levels;
    const words = this.#words;
    for (let value = 0; value < VALUES; value += 1) {
      if ((this.#laid & (1 << value)) === 0) continue;
      const from = value * words;
      for (let index = 0; index < words; index += 1) {
        set[index] = (set[index] ?? 0) | (levels[from + index] ?? 0);
      }
    }
  }

  /**
   * The laid partners among `candidates`, best rank first, editorial order within (as
   * SiteIndex's ranking of one term: the same ordinals, ranks, total and crossing rank);
   * empties the levels. `typed`: the hash of the typed terms, which a partner's whole title
   * matching puts first (EXACT_TITLE).
   */
  rank(
    candidates: Bitset,
    titleHashes: Int32Array,
    typed: number,
    limit: number,
    wholeRank: boolean | 'set',
  ): OneTermRanked {
    try {
      const { words: among } = candidates;
      const { counts, total } = this.#narrow(among);
      // The ranks in order: a value's level is one rank, but an exact title match of the
      // term splits in two, those whose whole title is what was typed first.
      const titled = this.#countTitled(among, titleHashes, typed, counts[EXACT_IN_TITLE] ?? 0);
      const ranks: Rank[] = [];
      for (let value = VALUES - 1; value >= 0; value -= 1) {
        const count = counts[value] ?? 0;
        if (count === 0) continue;
        const score = termScore(value);
        if (value === EXACT_IN_TITLE && titled > 0) {
          ranks.push({ value, score: score + EXACT_TITLE, count: titled, only: TITLED });
          if (count > titled) ranks.push({ value, score, count: count - titled, only: UNTITLED });
        } else ranks.push({ value, score, count, only: ALL });
      }
      // The first `kept` places, and the rank that crosses the limit (as SiteIndex's ranking).
      let kept = Math.min(limit, total);
      let place = 0;
      let crossing: Rank | undefined;
      for (const rank of ranks) {
        if (place < kept && place + rank.count > kept) {
          if (wholeRank === 'set') crossing = rank;
          else if (wholeRank) kept = place + rank.count;
        }
        place += rank.count;
      }
      const found: OneTermRanked = { ...this.#list(ranks, kept, among, titleHashes, typed), total };
      if (crossing) found.crossingRank = this.#setOf(crossing, among, titleHashes, typed);
      return found;
    } finally {
      this.#clear();
    }
  }

  /**
   * Each level narrowed to the candidates whose best value it is, and counted, a word of 32
   * partners at a time, all levels together: a word without candidates is passed over (its
   * levels are read through the candidates after this), so a narrow search costs a load a
   * word, not one per word and level.
   */
  #narrow(among: Uint32Array): { counts: Int32Array; total: number } {
    const levels = this.#levels;
    const words = this.#words;
    // The values laid, best first.
    const laid: number[] = [];
    for (let value = VALUES - 1; value >= 0; value -= 1) {
      if ((this.#laid & (1 << value)) !== 0) laid.push(value);
    }
    const counts = new Int32Array(VALUES);
    let total = 0;
    for (let index = 0; index < words; index += 1) {
      const candidate = among[index] ?? 0;
      if (candidate === 0) continue;
      let above = 0;
      for (const value of laid) {
        const at = value * words + index;
        const level = levels[at] ?? 0;
        const mine = level & candidate & ~above;
        above |= level;
        levels[at] = mine;
        if (mine !== 0) {
          const count = popcount(mine);
          counts[value] = (counts[value] ?? 0) + count;
          total += count;
        }
      }
    }
    return { counts, total };
  }

  /** The first `kept` partners of the ranks in order, each with its rank's score. */
  #list(
    ranks: readonly Rank[],
    kept: number,
    among: Uint32Array,
    titleHashes: Int32Array,
    typed: number,
  ): { ordinals: Int32Array; scores: Uint16Array } {
    const levels = this.#levels;
    const words = this.#words;
    const ordinals = new Int32Array(kept);
    const scores = new Uint16Array(kept);
    let placed = 0;
    for (const rank of ranks) {
      if (placed >= kept) break;
      const from = rank.value * words;
      for (let index = 0; index < words && placed < kept; index += 1) {
        let word = (levels[from + index] ?? 0) & (among[index] ?? 0);
        while (word !== 0 && placed < kept) {
          const lowest = word & -word;
          word ^= lowest;
          const ordinal = (index << 5) | (31 - Math.clz32(lowest));
          if (rank.only !== ALL && (titleHashes[ordinal] === typed) !== (rank.only === TITLED)) {
            continue;
          }
          ordinals[placed] = ordinal;
          scores[placed] = rank.score;
          placed += 1;
        }
      }
    }
    return { ordinals, scores };
  }

  /** How many of the exact title matches have the typed terms as their whole title. */
  #countTitled(among: Uint32Array, titleHashes: Int32Array, typed: number, exact: number): number {
    if (exact === 0) return 0;
    const from = EXACT_IN_TITLE * this.#words;
    let titled = 0;
    for (let index = 0; index < this.#words; index += 1) {
      let word = (this.#levels[from + index] ?? 0) & (among[index] ?? 0);
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        if (titleHashes[(index << 5) | (31 - Math.clz32(lowest))] === typed) titled += 1;
      }
    }
    return titled;
  }

  /** A rank's partners as a new set. */
  #setOf(rank: Rank, among: Uint32Array, titleHashes: Int32Array, typed: number): Bitset {
    const set = new Bitset(this.size);
    const from = rank.value * this.#words;
    for (let index = 0; index < this.#words; index += 1) {
      let word = (this.#levels[from + index] ?? 0) & (among[index] ?? 0);
      if (rank.only === ALL) {
        set.words[index] = word;
        continue;
      }
      let kept = 0;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const ordinal = (index << 5) | (31 - Math.clz32(lowest));
        if ((titleHashes[ordinal] === typed) === (rank.only === TITLED)) kept |= lowest;
      }
      set.words[index] = kept;
    }
    return set;
  }

  #clear(): void {
    for (let value = 0; value < VALUES; value += 1) {
      if ((this.#laid & (1 << value)) === 0) continue;
      this.#levels.fill(0, value * this.#words, (value + 1) * this.#words);
    }
    this.#laid = 0;
  }
}

/** Which partners of a level a rank holds: all, or only those titled (or not) as typed. */
const ALL = 0;
const TITLED = 1;
const UNTITLED = 2;

interface Rank {
  value: number;
  score: number;
  count: number;
  only: typeof ALL | typeof TITLED | typeof UNTITLED;
}

function popcount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
