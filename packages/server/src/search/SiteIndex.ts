import type { CacheKind, KeptCache } from '../cache/KeptCache';
import { Bitset } from './Bitset';
import { MatchedWords } from './MatchedWords';
import type { TermSet } from './TermSet';
import { TermSetCache, termSetsKind } from './TermSet';
import type { TermRun } from './TextIndex';
import {
  ChunkedInts,
  FIELD_BITS,
  FIELD_MASK,
  TextIndex,
  TextIndexBuilder,
  lettersOf,
} from './TextIndex';
import { searchTerms } from './searchTerms';
import { OneTermRanking } from './OneTermRanking';
import {
  EXACT_IN_TITLE,
  EXACT_TITLE,
  QUALITY_FACTOR,
  QUALITY_SHIFT,
  WEIGHTS,
  termScore,
} from './scores';
import type { FindOptions, FoundOrdinals, IndexQuery, SearchIndex, TextMatch } from './SearchIndex';
import { anyOfItems, filteredBy } from './SearchIndex';

export type { IndexQuery, TextMatch } from './SearchIndex';

/** An answer's first partners in order, each with its rank, so two answers can be merged. */
export interface RankedOrdinals {
  ordinals: Int32Array;
  /** The rank of each of them (higher first); null when all rank alike (no text). */
  scores: Uint16Array | null;
  /** How many partners the whole answer holds (`ordinals` may list only the first). */
  total: number;
  /** With `wholeRank: 'set'`: the rank that crosses the limit, whole (see FoundOrdinals). */
  crossingRank?: Bitset;
}

interface LocaleIndex {
  text: TextIndex;
  /** The document (card) id of each partner ordinal in this locale; 0 for none. */
  documentIds: Int32Array;
  /** A hash of each partner's title as terms: who is named exactly what was typed. */
  titleHashes: Int32Array;
}

const MAX_TERMS = 75;
/** The highest rank: an exact title of 75 terms, each an exact title match. */
const MAX_SCORE = EXACT_TITLE + MAX_TERMS * (3 * QUALITY_FACTOR + 3);

/** FNV-1a of a string's UTF-16 units: a title's terms joined by spaces. */
export function hashTerms(terms: readonly string[]): number {
  let hash = 0x811c9dc5;
  const text = terms.join(' ');
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash | 0;
}

/**
 * A SiteIndex as strings and typed arrays, so a worker thread that built it can move it
 * to the thread that searches it: the arrays' buffers are transferred, not copied.
 */
export interface SiteIndexParts {
  size: number;
  /** (global filter id, its set's words) */
  filters: [number, Uint32Array][];
  /** (filter item id, its set's words) */
  items: [number, Uint32Array][];
  locales: {
    locale: string;
    terms: readonly string[];
    offsets: Int32Array;
    postings: Int32Array;
    shared: Uint8Array;
    nextShorter: Int32Array;
    /** Each term's letters (TextIndex.letters), made with the terms. */
    letters: Uint32Array;
    documentIds: Int32Array;
    titleHashes: Int32Array;
  }[];
}

/** The buffers of an index's parts, each once (two views may share one). */
export function buffersOf(parts: SiteIndexParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBufferLike>();
  for (const [, words] of [...parts.filters, ...parts.items]) buffers.add(words.buffer);
  for (const locale of parts.locales) {
    for (const array of [
      locale.offsets,
      locale.postings,
      locale.shared,
      locale.nextShorter,
      locale.letters,
      locale.documentIds,
      locale.titleHashes,
    ]) {
      buffers.add(array.buffer);
    }
  }
  return [...buffers].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}

/**
 * One site's partners in memory for search: partners are numbered 0..size-1 in
 * editorial order (position, then id), global filters and filter items are bitsets
 * of those numbers, and each locale has its text index. A search is then a few word
 * operations plus one pass over the postings of its terms, with no database round trip.
 */
export class SiteIndex implements SearchIndex {
  readonly #filters: ReadonlyMap<number, Bitset>;
  readonly #items: ReadonlyMap<number, Bitset>;
  readonly #locales: ReadonlyMap<string, LocaleIndex>;
  /** Scratch of a search (searches are synchronous): a value per ordinal per term. */
  readonly #values: Uint8Array[] = [];
  readonly #scores: Uint16Array;
  /** Scratch of a search: its candidates as a set, narrowed by filters, radius and terms. */
  readonly #candidates: Bitset;
  /** Scratch of a ranking: how many partners have each score, then where each score starts. */
  #starts: Int32Array | undefined;
  /** Scratch of a search of one term: its ranking by levels. */
  #oneTerm: OneTermRanking | undefined;
  readonly #empty: Bitset;
  /** Each term's partners and the words it matched, by locale and term. */
  readonly termSets: TermSetCache;

  constructor(
    readonly size: number,
    filters: ReadonlyMap<number, Bitset>,
    items: ReadonlyMap<number, Bitset>,
    locales: ReadonlyMap<string, LocaleIndex>,
    /** The kind its term-set cache counts its lookups in (a service's, for /metrics). */
    termSets: CacheKind<TermSet> = termSetsKind(),
  ) {
    this.#filters = filters;
    this.#items = items;
    this.#locales = locales;
    this.#scores = new Uint16Array(size);
    this.#candidates = new Bitset(size);
    this.#empty = new Bitset(size);
    this.termSets = new TermSetCache(termSets);
  }

  /** This index as parts another thread can rebuild it from (`SiteIndex.fromParts`). */
  toParts(): SiteIndexParts {
    return {
      size: this.size,
      filters: [...this.#filters].map(([id, set]) => [id, set.words]),
      items: [...this.#items].map(([id, set]) => [id, set.words]),
      locales: [...this.#locales].map(([locale, { text, documentIds, titleHashes }]) => ({
        locale,
        terms: text.terms,
        offsets: text.offsets,
        postings: text.postings,
        shared: text.shared,
        nextShorter: text.nextShorter,
        letters: text.letters ?? lettersOf(text.terms),
        documentIds,
        titleHashes,
      })),
    };
  }

  static fromParts(parts: SiteIndexParts, termSets?: CacheKind<TermSet>): SiteIndex {
    const sets = (entries: [number, Uint32Array][]) =>
      new Map(entries.map(([id, words]) => [id, new Bitset(parts.size, words)]));
    return new SiteIndex(
      parts.size,
      sets(parts.filters),
      sets(parts.items),
      new Map(
        parts.locales.map((locale) => [
          locale.locale,
          {
            text: new TextIndex(locale.terms, locale.offsets, locale.postings, {
              shared: locale.shared,
              nextShorter: locale.nextShorter,
              letters: locale.letters,
            }),
            documentIds: locale.documentIds,
            titleHashes: locale.titleHashes,
          },
        ]),
      ),
      termSets,
    );
  }

  /** Partners of a global filter (empty for an unknown one). Read-only. */
  globalFilter(id: number): Bitset {
    return this.#filters.get(id) ?? this.#empty;
  }

  /** Partners of a filter item (empty for an unknown one). Read-only. */
  item(id: number): Bitset {
    return this.#items.get(id) ?? this.#empty;
  }

  /** Partners of a global filter that have every group's ticked items (any of a group). */
  filtered(globalFilterId: number, itemGroups: readonly (readonly number[])[]): Bitset {
    return filteredBy(this, globalFilterId, itemGroups);
  }

  /** Partners having any of the items. */
  anyOf(itemIds: readonly number[]): Bitset {
    return anyOfItems(this, itemIds);
  }

  /** The partners a text's terms match in a locale; null without terms (all match). */
  textMatch(locale: string, terms: readonly string[]): TextMatch | null {
    const distinct = [...new Set(terms)].slice(0, MAX_TERMS);
    if (distinct.length === 0) return null;
    const text = this.#locales.get(locale)?.text;
    const last = terms.at(-1);
    // Pushed, not mapped: one array shape in the interpreter and optimized alike (a shape
    // change threw this function's optimized code away: answer/resolveSearch).
    const byTerm: Bitset[] = [];
    for (const term of distinct) {
      byTerm.push(text ? this.#termSet(locale, text, term, term === last).set : this.#empty);
    }
    // One term: its kept set itself (sets returned are read-only), not a copy per answer.
    const all = byTerm.length === 1 && byTerm[0] ? byTerm[0] : intersect(byTerm, this.size);
    return { terms: distinct, byTerm, all };
  }

  matchedWords(locale: string, terms: readonly string[]): MatchedWords | null {
    const distinct = [...new Set(terms)].slice(0, MAX_TERMS);
    if (distinct.length === 0) return null;
    const text = this.#locales.get(locale)?.text;
    if (!text) return new MatchedWords([]);
    const last = terms.at(-1);
    return new MatchedWords(
      distinct.map((term) => this.#termSet(locale, text, term, term === last).expanded),
    );
  }

  get termSetCaches(): readonly KeptCache<TermSet>[] {
    return [this.termSets];
  }

  /** Ordinals of the matching partners in answer order (see documentIds). */
  find(query: IndexQuery): Int32Array {
    return this.findRanked(query).ordinals;
  }

  findFirst(query: IndexQuery, limit: number, options?: FindOptions): FoundOrdinals {
    return this.findRanked(query, limit, options);
  }

  /**
   * The first `limit` partners of the answer with their ranks, and its total. `within`:
   * the partners that count (a LayeredIndex masks out the changed ones, a radius the far).
   */
  findRanked(query: IndexQuery, limit = Infinity, options: FindOptions = {}): RankedOrdinals {
    const locale = this.#locales.get(query.locale);
    if (!locale) return { ordinals: new Int32Array(0), scores: null, total: 0 };
    // Narrowed, read into the ordinals below and dropped: one set of the index, reused.
    const candidates = filteredBy(this, query.globalFilterId, query.itemGroups, this.#candidates);
    if (options.within) candidates.andInPlace(options.within);
    const distinct = [...new Set(query.terms)].slice(0, MAX_TERMS);
    if (distinct.length === 0) {
      // Editorial order: the first members are the answer's first partners (all of one
      // rank, so a whole rank is all of them).
      const total = candidates.count();
      const ordinals = new Int32Array(Math.min(total, options.wholeRank ? Infinity : limit));
      candidates.membersInto(ordinals);
      return { ordinals, scores: null, total };
    }
    const last = query.terms.at(-1);
    const [only] = distinct;
    if (distinct.length === 1 && only !== undefined) {
      // One term, the most searches with text: ranked by levels (OneTermRanking).
      this.#oneTerm ??= new OneTermRanking(this.size);
      candidates.andInPlace(
        this.#termSet(query.locale, locale.text, only, only === last, this.#oneTerm).set,
      );
      return this.#oneTerm.rank(
        candidates,
        locale.titleHashes,
        hashTerms(query.terms),
        limit,
        options.wholeRank ?? false,
      );
    }
    // Several terms. A term made now has its values written in the pass that makes its set.
    // A kept term's are read once the candidates are narrowed by every term's set, for them
    // alone: a bit test per posting, and a value written for a candidate only, where every
    // partner the term matches took a compare and a write (a search of two kept terms about
    // a tenth faster at 100k; bench/README.md, rank26).
    while (this.#values.length < distinct.length) this.#values.push(new Uint8Array(this.size));
    const kept: (readonly TermRun[] | undefined)[] = [];
    for (let at = 0; at < distinct.length; at += 1) {
      const term = distinct[at] ?? '';
      const values = this.#values[at] ?? new Uint8Array(this.size);
      values.fill(0);
      const prefix = term === last;
      const keptSet = this.termSets.find(query.locale, term, prefix);
      candidates.andInPlace(
        (keptSet ?? this.#makeTermSet(query.locale, locale.text, term, prefix, values)).set,
      );
      kept.push(keptSet?.expanded.runs);
    }
    for (let at = 0; at < kept.length; at += 1) {
      const runs = kept[at];
      const values = this.#values[at];
      if (runs && values) candidateValuesOf(locale.text.postings, runs, candidates.words, values);
    }
    return this.#rank(
      locale,
      candidates,
      distinct.length,
      hashTerms(query.terms),
      limit,
      options.wholeRank ?? false,
    );
  }

  /** Document (card) ids of ordinals in a locale, e.g. of one page of an answer. */
  documentIds(locale: string, ordinals: ArrayLike<number>): number[] {
    const ids = this.#locales.get(locale)?.documentIds;
    return Array.from(ordinals, (ordinal) => ids?.[ordinal] ?? 0);
  }

  /**
   * The partners a term matches and the runs it expanded to, from the cache when kept; with
   * `levels`, its partners laid by value too (a search of one term).
   */
  #termSet(
    locale: string,
    text: TextIndex,
    term: string,
    prefix: boolean,
    levels?: OneTermRanking,
  ): TermSet {
    const cached = this.termSets.find(locale, term, prefix);
    if (cached) {
      // Ranking reads each partner's value from the runs the term expanded to: a kept term
      // skips its expansion (the typo walk) and a new set of every partner.
      levels?.lay(text.postings, cached.expanded.runs);
      return cached;
    }
    return this.#makeTermSet(locale, text, term, prefix, null, levels);
  }

  /**
   * A term's set made and kept: its expansion (the typo walk) and one pass over its postings,
   * which with `values` writes each partner's value too (quality * 4 + field weight, the
   * best of its matches), with `levels` lays them by value.
   */
  #makeTermSet(
    locale: string,
    text: TextIndex,
    term: string,
    prefix: boolean,
    values: Uint8Array | null,
    levels?: OneTermRanking,
  ): TermSet {
    const found = new Bitset(this.size);
    const { words } = found;
    const { postings } = text;
    const runs = text.expand(term, prefix);
    if (levels) {
      // One pass over the postings, into the levels; the set is their union, a word at a time.
      levels.lay(postings, runs);
      levels.addLaidTo(words);
      const termSet = { set: found, expanded: { text, runs } };
      this.termSets.keep(locale, term, prefix, termSet);
      return termSet;
    }
    // One pass over the postings for both: a broad prefix at 100k has 50k of them.
    for (const run of runs) {
      const quality = run.quality << QUALITY_SHIFT;
      for (let index = run.start; index < run.stop; index += 1) {
        const posting = postings[index] ?? 0;
        const ordinal = posting >>> FIELD_BITS;
        words[ordinal >>> 5] = (words[ordinal >>> 5] ?? 0) | (1 << (ordinal & 31));
        if (values) keepBest(values, ordinal, quality | (WEIGHTS[posting & FIELD_MASK] ?? 0));
      }
    }
    const termSet = { set: found, expanded: { text, runs } };
    this.termSets.keep(locale, term, prefix, termSet);
    return termSet;
  }

  /**
   * Best rank first, editorial order within (the candidates read in increasing order): a
   * counting sort that writes only the first `limit`. Every candidate is scored (the
   * total and the first page need them all), but a broad search of 70k partners at 100k
   * writes out the first hundred instead of all of them (with `wholeRank`, the rest of the
   * rank that crosses the hundredth too, listed or as a set).
   */
  #rank(
    locale: LocaleIndex,
    candidates: Bitset,
    termCount: number,
    typed: number,
    limit: number,
    wholeRank: boolean | 'set',
  ): RankedOrdinals {
    const scores = this.#scores;
    const values = this.#values.slice(0, termCount);
    const { titleHashes } = locale;
    const { words } = candidates;
    // How many partners have each score: all zero between searches.
    this.#starts ??= new Int32Array(MAX_SCORE + 1);
    const starts = this.#starts;
    let best = 0;
    let total = 0;
    // The candidates' words read here in order, not listed first into an array of ordinals:
    // a broad search at 100k has tens of thousands of them (bench/README.md, first-ask10).
    for (let index = 0; index < words.length; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const ordinal = (index << 5) | (31 - Math.clz32(lowest));
        let score = 0;
        let allExactInTitle = true;
        // An indexed loop: V8 runs it a fifth faster than for...of over 70k partners.
        for (let term = 0; term < values.length; term += 1) {
          const value = values[term]?.[ordinal] ?? 0;
          score += termScore(value);
          if (value !== EXACT_IN_TITLE) allExactInTitle = false;
        }
        if (allExactInTitle && titleHashes[ordinal] === typed) score += EXACT_TITLE;
        scores[ordinal] = score;
        starts[score] = (starts[score] ?? 0) + 1;
        if (score > best) best = score;
        total += 1;
      }
    }
    // Each score's first place, the highest score first.
    let kept = Math.min(limit, total);
    let place = 0;
    let crossing = -1;
    for (let score = best; score >= 0; score -= 1) {
      const count = starts[score] ?? 0;
      starts[score] = place;
      if (place < kept && place + count > kept) {
        if (wholeRank === 'set') crossing = score;
        else if (wholeRank) kept = place + count;
      }
      place += count;
    }
    const ranked = new Int32Array(kept);
    const rankedScores = new Uint16Array(kept);
    // Once the first `kept` places are filled the rest cannot enter: a broad search fills
    // its best scores' places among its first partners and stops there.
    let placed = 0;
    for (let index = 0; index < words.length && placed < kept; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0 && placed < kept) {
        const lowest = word & -word;
        word ^= lowest;
        const ordinal = (index << 5) | (31 - Math.clz32(lowest));
        const score = scores[ordinal] ?? 0;
        const to = starts[score] ?? 0;
        if (to < kept) {
          ranked[to] = ordinal;
          rankedScores[to] = score;
          placed += 1;
        }
        starts[score] = to + 1;
      }
    }
    starts.fill(0, 0, best + 1);
    const found: RankedOrdinals = { ordinals: ranked, scores: rankedScores, total };
    if (crossing >= 0) found.crossingRank = rankOf(candidates, scores, crossing);
    return found;
  }
}

/** The candidates whose score (by ordinal) is `score`, as a new set. */
function rankOf(candidates: Bitset, scores: Uint16Array, score: number): Bitset {
  const rank = new Bitset(candidates.size);
  const from = candidates.words;
  const { words } = rank;
  for (let index = 0; index < from.length; index += 1) {
    let word = from[index] ?? 0;
    let kept = 0;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      if (scores[(index << 5) | (31 - Math.clz32(lowest))] === score) kept |= lowest;
    }
    words[index] = kept;
  }
  return rank;
}

/**
 * Each candidate's value for a term (quality * 4 + field weight, the best of its matches),
 * from the runs the term expanded to; partners not among the candidates are passed over:
 * a bit read per posting where a value kept was a write (bench/README.md, rank26).
 */
function candidateValuesOf(
  postings: Int32Array,
  runs: readonly TermRun[],
  candidates: Uint32Array,
  values: Uint8Array,
): void {
  for (const run of runs) {
    const quality = run.quality << QUALITY_SHIFT;
    for (let index = run.start; index < run.stop; index += 1) {
      const posting = postings[index] ?? 0;
      const ordinal = posting >>> FIELD_BITS;
      if ((((candidates[ordinal >>> 5] ?? 0) >>> (ordinal & 31)) & 1) === 0) continue;
      keepBest(values, ordinal, quality | (WEIGHTS[posting & FIELD_MASK] ?? 0));
    }
  }
}

/** A partner's value for a term: the best of its matches. */
function keepBest(values: Uint8Array, ordinal: number, value: number): void {
  if (value > (values[ordinal] ?? 0)) values[ordinal] = value;
}

function intersect(sets: readonly Bitset[], size: number): Bitset {
  const first = sets[0];
  const all = first ? first.clone() : new Bitset(size);
  // By index, not a rest pattern (`[first, ...others]`): no copy of the array per search.
  for (let at = 1; at < sets.length; at += 1) {
    const set = sets[at];
    if (set) all.andInPlace(set);
  }
  return all;
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
  readonly #stream: ChunkedInts;
  #streamInUse = false;
  /** Locales begun and not yet ended. */
  #open = 0;

  constructor(readonly size: number) {
    // About 64 words (and markers) per partner and locale.
    this.#stream = new ChunkedInts(size * 64);
  }

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
    const adding = this.beginLocale(locale);
    for (const document of documents) adding.add(document);
    adding.end();
  }

  /**
   * The same, for documents that arrive in batches (a worker thread receives them):
   * none of them needs to be kept until the locale ends.
   */
  beginLocale(locale: string): { add(document: IndexedDocument): void; end(): void } {
    // Locales indexed side by side (pages of partners come with every locale) each need
    // a working stream; one after the other they share one.
    const stream = this.#streamInUse ? new ChunkedInts(this.size * 64) : this.#stream;
    this.#streamInUse = true;
    this.#open += 1;
    const text = new TextIndexBuilder(stream);
    const documentIds = new Int32Array(this.size);
    const titleHashes = new Int32Array(this.size);
    return {
      add: (document) => {
        documentIds[document.ordinal] = document.documentId;
        titleHashes[document.ordinal] = hashTerms(searchTerms(document.title));
        text.add(document.ordinal, document.title, document.categories, document.summary);
      },
      end: () => {
        this.#locales.set(locale, { text: text.build(), documentIds, titleHashes });
        this.#open -= 1;
        if (stream === this.#stream) this.#streamInUse = false;
        // Locales indexed side by side end one after the other: each stream goes as its
        // locale ends, before the next one's postings are laid out (at 100k partners three
        // streams of about 12 MB were held until the whole build ended). Only the shared
        // stream of locales indexed one after the other is kept, for the next one.
        if (stream !== this.#stream || this.#open > 0) stream.release();
      },
    };
  }

  build(termSets?: CacheKind<TermSet>): SiteIndex {
    // No locale comes after this: the working stream kept for the next one goes too.
    this.#stream.release();
    return new SiteIndex(this.size, this.#filters, this.#items, this.#locales, termSets);
  }
}
