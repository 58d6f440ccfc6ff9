import { freeBuffer } from './freeBuffer';
import { searchTerms } from './searchTerms';
import { EXACT, PREFIX, typoBudget, typoQuality } from './typoBudget';

/** Where a term occurs in a document, as bits of a posting's field mask. */
export const TITLE = 1;
export const CATEGORIES = 2;
export const SUMMARY = 4;
/** A posting is ordinal * 8 + field mask, so one Int32Array holds both. */
export const FIELD_BITS = 3;
export const FIELD_MASK = 7;

/** Terms of the index a search term matches, as runs of neighbouring terms. */
export interface TermRun {
  /** The run's terms: terms[first] up to terms[end]. */
  first: number;
  end: number;
  /** Postings of the run: postings[start] up to postings[stop]. */
  start: number;
  stop: number;
  /** EXACT, PREFIX, ONE_TYPO or TWO_TYPOS (typoBudget.ts). */
  quality: number;
  /**
   * How many units of each of its terms the search term matched: the beginning a prefix
   * matched (as typed, or within the typo budget), or WHOLE_TERM. Highlights mark that
   * much of a word (search/MatchedWords).
   */
  matched: number;
}

/** TermRun.matched of a run whose terms matched whole. */
export const WHOLE_TERM = -1;

export function lowerBound(terms: readonly string[], value: string, from = 0): number {
  let low = from;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] ?? '') < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words of one locale's documents: terms sorted as strings, and their postings laid
 * out in that order in one array. The terms starting with a prefix are neighbours, so
 * their postings are one slice: a prefix costs one pass over that slice, however many
 * words it covers.
 */
export class TextIndex {
  /** How many units each term shares with the one before it (capped at 255). */
  readonly shared: Uint8Array;
  /** For each term, the next one that shares less with its predecessor (or the end). */
  readonly nextShorter: Int32Array;
  /** Each term's letterMaskOf, when made with the terms: lets the typo walk pass terms by. */
  readonly letters: Uint32Array | undefined;

  constructor(
    /** Every distinct term, sorted. */
    readonly terms: readonly string[],
    /** Postings of terms[i] are postings[offsets[i]] up to postings[offsets[i + 1]]. */
    readonly offsets: Int32Array,
    /** ordinal * 8 + field mask, by term, each term's in increasing ordinal. */
    readonly postings: Int32Array,
    /** Both skip arrays when they were made with the terms (`skipsOf`); else made here. */
    skips: TermSkips = skipsOf(terms),
  ) {
    this.shared = skips.shared;
    this.nextShorter = skips.nextShorter;
    this.letters = skips.letters;
  }

  /**
   * The first term after `index` that does not begin with the first `depth` units of
   * terms[index]: a few jumps along nextShorter, where a binary search with a new string
   * took a third of a typo search (the walk below skips hundreds of beginnings).
   */
  beyond(index: number, depth: number): number {
    const { shared, nextShorter } = this;
    let next = index + 1;
    // Terms from `next` up to nextShorter[next] share at least shared[next] units with
    // their predecessors, so with terms[index] too while that is at least `depth`.
    while (next < this.terms.length && (shared[next] ?? 0) >= depth) {
      next = nextShorter[next] ?? this.terms.length;
    }
    return next;
  }

  /**
   * Every term a search term matches, with how well: itself, the words it begins (when it
   * is the last term, a prefix), and the terms within its typo budget by optimal string
   * alignment distance (a letter inserted, deleted, replaced, or two neighbours swapped);
   * the last term also matches words whose beginning is within the budget (`clud` and
   * `cloux` find "cloud"). The sorted terms are walked as a trie: a term reuses the
   * distance rows of the beginning it shares with the previous one, and a beginning
   * whose row is all over the budget skips every term under it (a binary search).
   */
  expand(term: string, prefix: boolean): TermRun[] {
    const runs = new TermRuns(this.offsets);
    const { terms } = this;
    const exact = lowerBound(terms, term);
    const hasExact = terms[exact] === term;
    if (hasExact) runs.add(exact, exact + 1, EXACT);
    if (prefix) {
      const end = lowerBound(terms, `${term}\uffff`, exact);
      runs.add(hasExact ? exact + 1 : exact, end, PREFIX, term.length);
    }
    const budget = typoBudget(term);
    if (budget > 0) this.#walkTypos(new DistanceRows(term, budget), prefix, runs);
    return runs.sorted();
  }

  /**
   * Adds the terms within the typo budget: the sorted terms walked as a trie, each term
   * reusing the rows of the beginning it shares with the one before, and a beginning all
   * over the budget skipping every term under it.
   */
  #walkTypos(rows: DistanceRows, prefix: boolean, runs: TermRuns): void {
    const { terms, letters } = this;
    const { maxDepth, budget } = rows;
    const wanted = letterMaskOf(rows.term);
    const shortest = rows.term.length - budget;
    let computed = 0;
    let previous = '';
    let index = 0;
    while (index < terms.length) {
      // A term lacking more of the search term's letters than the budget, or shorter than
      // the search term less its budget, is over it (beginnings included): passed by
      // without a row, and the first test reads no string. Of the 27k keys of a gazetteer
      // letter a long typed name visits a third or fewer (letters: Gazetteer); a partner
      // index's walk took a fourteenth of the time (letters: TextIndexBuilder).
      if (letters) {
        while (index < terms.length && moreThan(budget, wanted & ~(letters[index] ?? 0))) {
          index += 1;
        }
        if (index === terms.length) break;
      }
      const word = terms[index] ?? '';
      if (letters && word.length < shortest) {
        index += 1;
        continue;
      }
      let depth = 0;
      const shared = Math.min(computed, word.length, previous.length);
      while (depth < shared && word.charCodeAt(depth) === previous.charCodeAt(depth)) depth += 1;
      const end = Math.min(word.length, maxDepth);
      const prunedAt = rows.fill(word, depth, end);
      previous = word;
      if (prunedAt >= 0 || word.length > maxDepth) {
        // Every term under this beginning shares its fate: in prefix mode the best
        // beginning so far, else no match (longer words are over the budget).
        const depthOfFate = prunedAt >= 0 ? prunedAt : maxDepth;
        computed = depthOfFate;
        const skipTo = this.beyond(index, depthOfFate);
        const fateDepth = prunedAt >= 0 ? prunedAt - 1 : maxDepth;
        const distance = rows.bestDistance(fateDepth);
        if (prefix && distance > 0 && distance <= budget) {
          runs.add(index, skipTo, typoQuality(distance), rows.bestLength(fateDepth));
        }
        index = skipTo;
        continue;
      }
      computed = end;
      const distance = prefix ? rows.bestDistance(end) : rows.distance(end);
      if (distance > 0 && distance <= budget) {
        // A prefix match marks the beginning that matched, unless it is the whole word.
        const length = prefix ? rows.bestLength(end) : WHOLE_TERM;
        runs.add(
          index,
          index + 1,
          typoQuality(distance),
          length === word.length ? WHOLE_TERM : length,
        );
      }
      index += 1;
    }
  }

  /** Where a term is in the sorted terms, or -1. */
  indexOf(term: string): number {
    const at = lowerBound(this.terms, term);
    return this.terms[at] === term ? at : -1;
  }
}

/** The runs a term expands to, neighbouring runs of the same match joined. */
class TermRuns {
  readonly #offsets: Int32Array;
  readonly #runs: TermRun[] = [];

  constructor(offsets: Int32Array) {
    this.#offsets = offsets;
  }

  add(first: number, end: number, quality: number, matched = WHOLE_TERM): void {
    if (first >= end) return;
    const start = this.#offsets[first] ?? 0;
    const stop = this.#offsets[end] ?? 0;
    const last = this.#runs.at(-1);
    if (last && last.quality === quality && last.matched === matched && last.end === first) {
      last.end = end;
      last.stop = stop;
    } else if (stop > start) this.#runs.push({ first, end, start, stop, quality, matched });
  }

  /**
   * In term order: the exact and prefix runs came first, and a word's run is then a binary
   * search away. A copy at their count: a term's runs are kept with its set (SiteIndex's
   * term sets), and the array pushes grew holds room for 16 or more.
   */
  sorted(): TermRun[] {
    return this.#runs.sort((a, b) => a.first - b.first).slice();
  }
}

/**
 * The optimal string alignment distances (insert, delete, replace, swap of neighbours) of
 * a search term to the beginnings of one path of the sorted terms, one row per depth.
 */
class DistanceRows {
  /** Beginnings longer than the term plus its budget are over the budget. */
  readonly maxDepth: number;
  readonly #term: string;
  readonly #width: number;
  readonly #rows: Int32Array;
  /** Smallest distance of the term to a beginning of the path, by depth (prefix). */
  readonly #bestDistance: Int32Array;
  /** The longest beginning at that distance, by depth: what a highlight marks. */
  readonly #bestLength: Int32Array;

  constructor(
    readonly term: string,
    readonly budget: number,
  ) {
    const m = term.length;
    this.#term = term;
    this.#width = m + 1;
    this.maxDepth = m + budget;
    this.#rows = new Int32Array((this.maxDepth + 1) * this.#width);
    for (let j = 0; j <= m; j += 1) this.#rows[j] = j;
    this.#bestDistance = new Int32Array(this.maxDepth + 1);
    this.#bestDistance[0] = m;
    this.#bestLength = new Int32Array(this.maxDepth + 1);
  }

  /**
   * Fills the rows of `word`'s beginnings from depth `from` + 1 to `to` (the rows up to
   * `from` are those of the beginning it shares with the word before); the depth of the
   * first row all over the budget, or -1.
   */
  fill(word: string, from: number, to: number): number {
    const term = this.#term;
    const rows = this.#rows;
    const width = this.#width;
    const m = term.length;
    const over = this.budget + 1;
    for (let i = from + 1; i <= to; i += 1) {
      const row = i * width;
      rows[row] = i;
      let rowMin = i;
      const letter = word.charCodeAt(i - 1);
      // Only the band |i - j| <= budget can be within the budget (a distance is at least
      // the difference of the lengths): cells beside it are written as just over it, which
      // decides every match, prune and best length alike (Ukkonen's cut-off).
      const low = Math.max(1, i - this.budget);
      const high = Math.min(m, i + this.budget);
      if (low > 1) rows[row + low - 1] = over;
      if (high < m) {
        rows[row + high + 1] = over;
        rows[row + m] = over;
      }
      for (let j = low; j <= high; j += 1) {
        const cost = letter === term.charCodeAt(j - 1) ? 0 : 1;
        let value = Math.min(
          (rows[row - width + j] ?? 0) + 1,
          (rows[row + j - 1] ?? 0) + 1,
          (rows[row - width + j - 1] ?? 0) + cost,
        );
        if (
          i > 1 &&
          j > 1 &&
          letter === term.charCodeAt(j - 2) &&
          word.charCodeAt(i - 2) === term.charCodeAt(j - 1)
        ) {
          value = Math.min(value, (rows[row - 2 * width + j - 2] ?? 0) + 1);
        }
        rows[row + j] = value;
        if (value < rowMin) rowMin = value;
      }
      const atDepth = rows[row + m] ?? m;
      const before = this.#bestDistance[i - 1] ?? m;
      this.#bestDistance[i] = Math.min(before, atDepth);
      this.#bestLength[i] = atDepth <= before ? i : (this.#bestLength[i - 1] ?? 0);
      if (rowMin > this.budget) return i;
    }
    return -1;
  }

  /** The term's distance to the beginning of this depth. */
  distance(depth: number): number {
    return this.#rows[depth * this.#width + this.#term.length] ?? this.#term.length;
  }

  /** The smallest distance of the term to a beginning up to this depth. */
  bestDistance(depth: number): number {
    return this.#bestDistance[depth] ?? this.#term.length;
  }

  /** The longest beginning up to this depth at the smallest distance. */
  bestLength(depth: number): number {
    return this.#bestLength[depth] ?? WHOLE_TERM;
  }
}

/** The arrays that let TextIndex.expand skip every term under a beginning in a few steps. */
export interface TermSkips {
  shared: Uint8Array;
  nextShorter: Int32Array;
  /** Optional: each term's letterMaskOf (lettersOf), for a typo walk over many long terms. */
  letters?: Uint32Array;
}

/**
 * The letters a term holds, as bits: a to z one each, any other unit on one of the six
 * bits left (units sharing a bit only make the test weaker, never wrong). A beginning
 * within the budget of a search term holds all but at most `budget` of the search term's
 * letters (an edit brings one letter at most, a swap none), and a term holds its
 * beginnings' letters: a term lacking more is over the budget.
 */
export function letterMaskOf(term: string): number {
  let mask = 0;
  for (let index = 0; index < term.length; index += 1) {
    const unit = term.charCodeAt(index);
    mask |= unit >= 0x61 && unit <= 0x7a ? 1 << (unit - 0x61) : 1 << (26 + (unit % 6));
  }
  return mask >>> 0;
}

/** Each term's letterMaskOf. */
export function lettersOf(terms: readonly string[]): Uint32Array {
  const letters = new Uint32Array(terms.length);
  for (let index = 0; index < terms.length; index += 1) {
    letters[index] = letterMaskOf(terms[index] ?? '');
  }
  return letters;
}

/** The rows of the last term beginningDistance was asked for: a name's several names reuse them. */
let lastRows: DistanceRows | undefined;

/**
 * What expand's typo walk finds for one word: the smallest distance of `term` to a
 * beginning of `word` (up to the term's length plus the budget), or more than `budget`
 * when none is within it. The same rows and cut-offs as the walk, without an index.
 */
export function beginningDistance(term: string, word: string, budget: number): number {
  if (lastRows?.term !== term || lastRows.budget !== budget) {
    lastRows = new DistanceRows(term, budget);
  }
  const rows = lastRows;
  const end = Math.min(word.length, rows.maxDepth);
  const prunedAt = rows.fill(word, 0, end);
  return rows.bestDistance(prunedAt >= 0 ? prunedAt - 1 : end);
}

/**
 * Whether no beginning of `word` can be within `budget` of `term`, by its length and
 * letters alone (the typo walk's test, for a word outside an index).
 */
export function overBudget(term: string, word: string, budget: number): boolean {
  return (
    word.length < term.length - budget || moreThan(budget, letterMaskOf(term) & ~letterMaskOf(word))
  );
}

/** Whether more than `count` bits are set: that many lowest ones cleared, any left. */
function moreThan(count: number, bits: number): boolean {
  let rest = bits;
  for (let cleared = 0; cleared < count && rest !== 0; cleared += 1) rest &= rest - 1;
  return rest !== 0;
}

/** Made once per index (a worker thread makes them with the terms and sends them along). */
export function skipsOf(terms: readonly string[]): TermSkips {
  const count = terms.length;
  const shared = new Uint8Array(count);
  for (let index = 1; index < count; index += 1) {
    const before = terms[index - 1] ?? '';
    const term = terms[index] ?? '';
    const most = Math.min(before.length, term.length, 255);
    let length = 0;
    while (length < most && before.charCodeAt(length) === term.charCodeAt(length)) length += 1;
    shared[index] = length;
  }
  // The next smaller value of each, with a stack of those still waiting for theirs.
  const nextShorter = new Int32Array(count).fill(count);
  const waiting = new Int32Array(count);
  let top = 0;
  for (let index = 0; index < count; index += 1) {
    const length = shared[index] ?? 0;
    while (top > 0 && (shared[waiting[top - 1] ?? 0] ?? 0) > length) {
      top -= 1;
      nextShorter[waiting[top] ?? 0] = index;
    }
    waiting[top] = index;
    top += 1;
  }
  return { shared, nextShorter };
}

/** Chunks of at most 1 MB: a locale's stream at 100k partners takes a few. */
const CHUNK_BITS = 20;

/**
 * A list of 32-bit integers in chunks of bytes, each integer in as few bytes as it needs
 * (7 bits a byte, the sign folded into the lowest bit): an index's terms are numbered as
 * they are first seen, so most entries of a stream take 1 or 2 bytes rather than 4. At
 * 100k partners the three locales' streams, held side by side until the pages end, took
 * 36 MB as 32-bit integers, about 20 MB so. Growing copies nothing and leaves no garbage
 * (arrays grown by doubling left three times the index's size in garbage while 100k
 * partners were indexed), and clear() keeps the chunks for the next locale. A small
 * index (the few partners of a change) takes small chunks: a large one cost milliseconds
 * to clear for each change.
 */
export class ChunkedInts {
  readonly #chunks: Uint8Array[] = [];
  readonly #bits: number;
  readonly #size: number;
  #bytes = 0;
  /** How many integers it holds. */
  length = 0;

  /** @param expected about how many integers the list will hold */
  constructor(expected = 1 << CHUNK_BITS) {
    this.#bits = Math.min(CHUNK_BITS, Math.max(12, Math.ceil(Math.log2(2 * expected + 1))));
    this.#size = 1 << this.#bits;
  }

  push(value: number): void {
    let rest = value >= 0 ? value * 2 : -value * 2 - 1;
    while (rest >= 0x80) {
      this.#pushByte((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.#pushByte(rest);
    this.length += 1;
  }

  #pushByte(byte: number): void {
    const index = this.#bytes >>> this.#bits;
    let chunk = this.#chunks[index];
    if (!chunk) {
      chunk = new Uint8Array(this.#size);
      this.#chunks.push(chunk);
    }
    chunk[this.#bytes & (this.#size - 1)] = byte;
    this.#bytes += 1;
  }

  forEach(visit: (value: number) => void): void {
    let rest = 0;
    let scale = 1;
    for (let start = 0; start < this.#bytes; start += this.#size) {
      const chunk = this.#chunks[start >>> this.#bits];
      if (!chunk) return;
      const end = Math.min(this.#size, this.#bytes - start);
      for (let index = 0; index < end; index += 1) {
        const byte = chunk[index] ?? 0;
        rest += (byte & 0x7f) * scale;
        if (byte < 0x80) {
          visit(rest % 2 === 0 ? rest / 2 : -(rest + 1) / 2);
          rest = 0;
          scale = 1;
        } else {
          scale *= 0x80;
        }
      }
    }
  }

  clear(): void {
    this.length = 0;
    this.#bytes = 0;
  }

  /** Empties the list and lets its memory go now (clear keeps it for the next use). */
  release(): void {
    this.clear();
    for (const chunk of this.#chunks) freeBuffer(chunk);
    this.#chunks.length = 0;
  }
}

/**
 * Collects documents in any order, then lays the index out once. Documents go into a
 * stream first (a partner marker, then term id * 8 + fields for each of its terms) with
 * a count per term, so the postings array is allocated once at its exact size.
 */
export class TextIndexBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #counts: number[] = [];
  readonly #stream: ChunkedInts;
  /** Fields of each term of the document being added, reused. */
  readonly #documentTerms = new Map<number, number>();

  constructor(stream: ChunkedInts = new ChunkedInts()) {
    this.#stream = stream;
    stream.clear();
  }

  add(ordinal: number, title: string, categories: string, summary: string): void {
    const fields = this.#documentTerms;
    fields.clear();
    this.#collect(title, TITLE);
    this.#collect(categories, CATEGORIES);
    this.#collect(summary, SUMMARY);
    // A partner marker is negative: -(ordinal + 1).
    this.#stream.push(-ordinal - 1);
    for (const [termId, mask] of fields) {
      this.#stream.push(termId * 8 + mask);
      this.#counts[termId] = (this.#counts[termId] ?? 0) + 1;
    }
  }

  #collect(text: string, field: number): void {
    for (const term of searchTerms(text)) {
      let id = this.#termIds.get(term);
      if (id === undefined) {
        id = this.#terms.length;
        this.#terms.push(term);
        this.#termIds.set(term, id);
      }
      this.#documentTerms.set(id, (this.#documentTerms.get(id) ?? 0) | field);
    }
  }

  build(): TextIndex {
    const unsorted = this.#terms;
    const order = Array.from(unsorted.keys()).sort((a, b) => {
      const left = unsorted[a] ?? '';
      const right = unsorted[b] ?? '';
      return left < right ? -1 : left > right ? 1 : 0;
    });
    const offsets = new Int32Array(order.length + 1);
    const cursor = new Int32Array(unsorted.length);
    order.forEach((termId, index) => {
      const start = offsets[index] ?? 0;
      cursor[termId] = start;
      offsets[index + 1] = start + (this.#counts[termId] ?? 0);
    });
    const postings = new Int32Array(offsets[order.length] ?? 0);
    let ordinal = 0;
    this.#stream.forEach((value) => {
      if (value < 0) {
        ordinal = -value - 1;
        return;
      }
      const termId = value >>> FIELD_BITS;
      const at = cursor[termId] ?? 0;
      postings[at] = ordinal * 8 + (value & FIELD_MASK);
      cursor[termId] = at + 1;
    });
    this.#stream.clear();
    // Documents may come in any order; ordinal * 8 + fields sorts by ordinal.
    for (let index = 0; index < order.length; index += 1) {
      postings.subarray(offsets[index] ?? 0, offsets[index + 1] ?? 0).sort();
    }
    const terms = order.map((termId) => unsorted[termId] ?? '');
    // With the letters: the typo walk of a search's new term passes most terms by without
    // a distance row (bench/README.md, store20: about 0.1 ms to 0.015 an expansion at 10k).
    return new TextIndex(terms, offsets, postings, {
      ...skipsOf(terms),
      letters: lettersOf(terms),
    });
  }
}
