import { searchTerms } from './searchTerms';

/** Where a term occurs in a document, as bits of a posting's field mask. */
export const TITLE = 1;
export const CATEGORIES = 2;
export const SUMMARY = 4;
/** A posting is ordinal * 8 + field mask, so one Int32Array holds both. */
const FIELD_BITS = 3;
const FIELD_MASK = 7;

function lowerBound(terms: readonly string[], value: string): number {
  let low = 0;
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
  constructor(
    /** Every distinct term, sorted. */
    readonly terms: readonly string[],
    /** Postings of terms[i] are postings[offsets[i]] up to postings[offsets[i + 1]]. */
    readonly offsets: Int32Array,
    /** ordinal * 8 + field mask, by term, each term's in increasing ordinal. */
    readonly postings: Int32Array,
  ) {}

  /** Ors into masks[ordinal] the fields where the term (or a word it begins) occurs. */
  markFields(term: string, prefix: boolean, masks: Uint8Array): void {
    const first = lowerBound(this.terms, term);
    const end = prefix
      ? lowerBound(this.terms, `${term}\uffff`)
      : this.terms[first] === term
        ? first + 1
        : first;
    const { postings } = this;
    const stop = this.offsets[end] ?? 0;
    for (let index = this.offsets[first] ?? 0; index < stop; index += 1) {
      const posting = postings[index] ?? 0;
      const ordinal = posting >>> FIELD_BITS;
      masks[ordinal] = (masks[ordinal] ?? 0) | (posting & FIELD_MASK);
    }
  }
}

/** Collects documents in any order, then lays the index out once. */
export class TextIndexBuilder {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  /**
   * Postings of each term, in typed arrays grown by doubling: numbers in JavaScript
   * arrays would take twice the memory while a large directory is indexed.
   */
  readonly #lists: Int32Array[] = [];
  readonly #lengths: number[] = [];
  /** Fields of each term of the document being added, reused. */
  readonly #documentTerms = new Map<number, number>();

  add(ordinal: number, title: string, categories: string, summary: string): void {
    const fields = this.#documentTerms;
    fields.clear();
    this.#collect(title, TITLE);
    this.#collect(categories, CATEGORIES);
    this.#collect(summary, SUMMARY);
    for (const [termId, mask] of fields) this.#push(termId, ordinal * 8 + mask);
  }

  #collect(text: string, field: number): void {
    for (const term of searchTerms(text)) {
      let id = this.#termIds.get(term);
      if (id === undefined) {
        id = this.#terms.length;
        this.#terms.push(term);
        this.#termIds.set(term, id);
        this.#lists.push(new Int32Array(4));
        this.#lengths.push(0);
      }
      this.#documentTerms.set(id, (this.#documentTerms.get(id) ?? 0) | field);
    }
  }

  #push(termId: number, posting: number): void {
    let list = this.#lists[termId] ?? new Int32Array(4);
    const length = this.#lengths[termId] ?? 0;
    if (length === list.length) {
      const grown = new Int32Array(length * 2);
      grown.set(list);
      list = grown;
      this.#lists[termId] = list;
    }
    list[length] = posting;
    this.#lengths[termId] = length + 1;
  }

  build(): TextIndex {
    const unsorted = this.#terms;
    const order = Array.from(unsorted.keys()).sort((a, b) => {
      const left = unsorted[a] ?? '';
      const right = unsorted[b] ?? '';
      return left < right ? -1 : left > right ? 1 : 0;
    });
    const offsets = new Int32Array(order.length + 1);
    order.forEach((termId, index) => {
      offsets[index + 1] = (offsets[index] ?? 0) + (this.#lengths[termId] ?? 0);
    });
    const postings = new Int32Array(offsets[order.length] ?? 0);
    order.forEach((termId, index) => {
      const list = this.#lists[termId];
      if (!list) return;
      const at = offsets[index] ?? 0;
      postings.set(list.subarray(0, this.#lengths[termId] ?? 0), at);
      // Ordinal * 8 + mask: numeric order is ordinal order.
      postings.subarray(at, offsets[index + 1] ?? at).sort();
      this.#lists[termId] = new Int32Array(0);
    });
    return new TextIndex(
      order.map((termId) => unsorted[termId] ?? ''),
      offsets,
      postings,
    );
  }
}
