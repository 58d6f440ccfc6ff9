import { Bitset } from './Bitset';
import type { TextIndex } from './TextIndex';
import { ChunkedInts, TextIndexBuilder } from './TextIndex';

/** What a search asks of one site's index. */
export interface IndexQuery {
  locale: string;
  globalFilterId: number;
  /** Filter item ids by group: any item of a group (OR), every group (AND). */
  itemGroups: readonly (readonly number[])[];
  /** Every term must match; the last one may begin a longer word. */
  terms: readonly string[];
}

interface LocaleIndex {
  text: TextIndex;
  /** The document (card) id of each partner ordinal in this locale; 0 for none. */
  documentIds: Int32Array;
}

/**
 * A term's weight by the best field it occurs in (field mask 0 to 7): title 3,
 * categories 2, summary 1. A partner's rank is the sum over the terms, and equal ranks
 * keep the editorial order: better than bm25 for names people type, and it costs one
 * pass over the matches instead of a float sort.
 */
const WEIGHTS = Uint16Array.from([0, 3, 2, 3, 1, 3, 2, 3]);

/**
 * One site's partners in memory for search: partners are numbered 0..size-1 in
 * editorial order (position, then id), global filters and filter items are bitsets
 * of those numbers, and each locale has its text index. A search is then a few word
 * operations plus one pass over the postings of its terms, with no database round trip.
 */
export class SiteIndex {
  readonly #filters: ReadonlyMap<number, Bitset>;
  readonly #items: ReadonlyMap<number, Bitset>;
  readonly #locales: ReadonlyMap<string, LocaleIndex>;
  /** Scratch of a search (searches are synchronous): fields per ordinal, rank per ordinal. */
  readonly #masks: Uint8Array;
  readonly #scores: Uint16Array;
  readonly #empty: Bitset;

  constructor(
    readonly size: number,
    filters: ReadonlyMap<number, Bitset>,
    items: ReadonlyMap<number, Bitset>,
    locales: ReadonlyMap<string, LocaleIndex>,
  ) {
    this.#filters = filters;
    this.#items = items;
    this.#locales = locales;
    this.#masks = new Uint8Array(size);
    this.#scores = new Uint16Array(size);
    this.#empty = new Bitset(size);
  }

  /** Ordinals of the matching partners in answer order (see documentIds). */
  find(query: IndexQuery): Int32Array {
    const locale = this.#locales.get(query.locale);
    if (!locale) return new Int32Array(0);
    let candidates = this.#filters.get(query.globalFilterId) ?? this.#empty;
    for (const group of query.itemGroups) {
      const anyOf = new Bitset(this.size);
      for (const itemId of group) {
        const item = this.#items.get(itemId);
        if (item) anyOf.orInPlace(item);
      }
      candidates = candidates.and(anyOf);
    }
    const [first, ...others] = [...new Set(query.terms)];
    if (first === undefined) return candidates.toArray();
    return this.#rank(locale.text, candidates, first, others, query.terms.at(-1));
  }

  /** Document (card) ids of ordinals in a locale, e.g. of one page of an answer. */
  documentIds(locale: string, ordinals: ArrayLike<number>): number[] {
    const ids = this.#locales.get(locale)?.documentIds;
    return Array.from(ordinals, (ordinal) => ids?.[ordinal] ?? 0);
  }

  /** Keeps the candidates every term matches, best rank first, editorial order within. */
  #rank(
    text: TextIndex,
    candidates: Bitset,
    first: string,
    others: readonly string[],
    prefix: string | undefined,
  ): Int32Array {
    const masks = this.#masks;
    const scores = this.#scores;
    masks.fill(0);
    let ordinals: Int32Array;
    if (text.postingCount(first, first === prefix) < candidates.count()) {
      // A rarer word: a pass over its postings.
      const found = new Bitset(this.size);
      text.markCandidates(first, first === prefix, candidates, masks, found);
      ordinals = found.toArray();
    } else {
      // A common word or a short prefix: a plain pass over its postings, then over the
      // candidates, is cheaper than a membership test per posting.
      text.markFields(first, first === prefix, masks);
      ordinals = candidates.toArray().filter((ordinal) => masks[ordinal] !== 0);
    }
    let alive = ordinals.length;
    let best = 0;
    for (let index = 0; index < alive; index += 1) {
      const ordinal = ordinals[index] ?? 0;
      const score = WEIGHTS[masks[ordinal] ?? 0] ?? 0;
      scores[ordinal] = score;
      if (score > best) best = score;
    }
    for (const term of others) {
      if (alive === 0) break;
      masks.fill(0);
      text.markFields(term, term === prefix, masks);
      let kept = 0;
      for (let index = 0; index < alive; index += 1) {
        const ordinal = ordinals[index] ?? 0;
        const mask = masks[ordinal] ?? 0;
        if (mask === 0) continue;
        const score = (scores[ordinal] ?? 0) + (WEIGHTS[mask] ?? 0);
        scores[ordinal] = score;
        if (score > best) best = score;
        ordinals[kept] = ordinal;
        kept += 1;
      }
      alive = kept;
    }
    // Counting sort by score, highest first; stable, so editorial order holds within.
    const starts = new Int32Array(best + 2);
    for (let index = 0; index < alive; index += 1) {
      const slot = best - (scores[ordinals[index] ?? 0] ?? 0) + 1;
      starts[slot] = (starts[slot] ?? 0) + 1;
    }
    for (let slot = 1; slot < starts.length; slot += 1) {
      starts[slot] = (starts[slot] ?? 0) + (starts[slot - 1] ?? 0);
    }
    const ranked = new Int32Array(alive);
    for (let index = 0; index < alive; index += 1) {
      const ordinal = ordinals[index] ?? 0;
      const slot = best - (scores[ordinal] ?? 0);
      const at = starts[slot] ?? 0;
      ranked[at] = ordinal;
      starts[slot] = at + 1;
    }
    return ranked;
  }
}

/** A partner's texts in one locale, as its card shows them. */
export interface IndexedDocument {
  ordinal: number;
  documentId: number;
  title: string;
  categories: string;
  summary: string;
}

/** Takes a site's partners, memberships and documents, then builds its SiteIndex once. */
export class SiteIndexBuilder {
  readonly #filters = new Map<number, Bitset>();
  readonly #items = new Map<number, Bitset>();
  readonly #locales = new Map<string, LocaleIndex>();
  /** Working memory of a locale's text index, reused by the next locale. */
  readonly #stream = new ChunkedInts();

  constructor(readonly size: number) {}

  #set(sets: Map<number, Bitset>, id: number): Bitset {
    let set = sets.get(id);
    if (!set) {
      set = new Bitset(this.size);
      sets.set(id, set);
    }
    return set;
  }

  addToGlobalFilter(globalFilterId: number, ordinal: number): void {
    this.#set(this.#filters, globalFilterId).add(ordinal);
  }

  addToItem(itemId: number, ordinal: number): void {
    this.#set(this.#items, itemId).add(ordinal);
  }

  /**
   * Indexes one locale's documents, in any order. One locale at a time,
   * so only one locale's working memory is alive while a large directory is indexed.
   */
  addLocale(locale: string, documents: Iterable<IndexedDocument>): void {
    const text = new TextIndexBuilder(this.#stream);
    const documentIds = new Int32Array(this.size);
    for (const document of documents) {
      documentIds[document.ordinal] = document.documentId;
      text.add(document.ordinal, document.title, document.categories, document.summary);
    }
    this.#locales.set(locale, { text: text.build(), documentIds });
  }

  build(): SiteIndex {
    return new SiteIndex(this.size, this.#filters, this.#items, this.#locales);
  }
}
