import type { KeptCache } from '../cache/KeptCache';
import { Bitset } from './Bitset';
import type { MatchedWords } from './MatchedWords';
import type { TermSet } from './TermSet';

/** What a search asks of one site's index. */
export interface IndexQuery {
  locale: string;
  globalFilterId: number;
  /** Filter item ids by group: any item of a group (OR), every group (AND). */
  itemGroups: readonly (readonly number[])[];
  /** Every term must match; the last one may begin a longer word. */
  terms: readonly string[];
}

/** An answer's first partners, in answer order, and how many it holds. */
export interface FoundOrdinals {
  ordinals: Int32Array;
  /** Each one's rank (higher first); null when all rank alike (no text). */
  scores: Uint16Array | null;
  total: number;
  /**
   * With `wholeRank: 'set'`, from an index that gives it so: every partner of the rank that
   * crosses `limit` when it runs past it (`ordinals` then stop at `limit`). Its editorial
   * order is its ordinals' order.
   */
  crossingRank?: Bitset;
}

/** How much of an answer `findFirst` reads, beyond its first `limit`. */
export interface FindOptions {
  /** Only these partners (a radius around a point): the total counts them alone. */
  within?: Bitset;
  /**
   * Past `limit`, the rest of the rank that crosses it: a search near a point orders each
   * rank by distance, so it needs the whole of the last one it shows. `'set'`: as a set
   * (`crossingRank`) where the index can, rather than listed in order: a broad text's rank
   * holds thousands of partners, and listing them was most of what ordering it by distance
   * cost (bench/README.md, "Near a city after the full run of 19:16").
   */
  wholeRank?: boolean | 'set';
}

/** The partners each term of a text matches (the last one as a prefix), and all of them. */
export interface TextMatch {
  /** Distinct terms, in the order typed. */
  terms: readonly string[];
  byTerm: readonly Bitset[];
  all: Bitset;
}

/**
 * What searches and their counts read of a site, whether one whole index (SiteIndex) or
 * recent changes laid over one (LayeredIndex). Sets are of partner ordinals; the sets
 * it returns are read-only.
 */
export interface SearchIndex {
  /** Ordinals run from 0 to size - 1 (some of them may belong to no partner). */
  readonly size: number;
  /** Partners of a global filter (empty for an unknown one). */
  globalFilter(id: number): Bitset;
  /** Partners of a filter item (empty for an unknown one). */
  item(id: number): Bitset;
  /** Partners having any of the items. */
  anyOf(itemIds: readonly number[]): Bitset;
  /** Partners of a global filter that have every group's ticked items (any of a group). */
  filtered(globalFilterId: number, itemGroups: readonly (readonly number[])[]): Bitset;
  /** The partners a text's terms match in a locale; null without terms (all match). */
  textMatch(locale: string, terms: readonly string[]): TextMatch | null;
  /** The words of the index a text's terms match (what highlights mark); null without terms. */
  matchedWords(locale: string, terms: readonly string[]): MatchedWords | null;
  /** Its caches of term sets, for `/metrics`. */
  readonly termSetCaches: readonly KeptCache<TermSet>[];
  /** Ordinals of the matching partners in answer order: best rank, then editorial order. */
  find(query: IndexQuery): Int32Array;
  /** The first `limit` of them (a page, or the first pages kept) and how many there are. */
  findFirst(query: IndexQuery, limit: number, options?: FindOptions): FoundOrdinals;
}

/** anyOf for any index: the union of the items' sets. */
export function anyOfItems(index: SearchIndex, itemIds: readonly number[]): Bitset {
  const anyOf = new Bitset(index.size);
  for (const itemId of itemIds) anyOf.orInPlace(index.item(itemId));
  return anyOf;
}

/**
 * The partners having any of a group's items: a group of one item is that item's own set
 * (read-only), with no union made for it.
 */
export function groupSet(index: SearchIndex, itemIds: readonly number[]): Bitset {
  const only = itemIds.length === 1 ? itemIds[0] : undefined;
  return only === undefined ? index.anyOf(itemIds) : index.item(only);
}

/**
 * filtered for any index: the global filter's set, and each group's union; a new set, or
 * written into `into` (a set of the index's size the caller reuses: Bitset.and).
 */
export function filteredBy(
  index: SearchIndex,
  globalFilterId: number,
  itemGroups: readonly (readonly number[])[],
  into?: Bitset,
): Bitset {
  const candidates = index.globalFilter(globalFilterId).clone(into);
  for (const group of itemGroups) candidates.andInPlace(groupSet(index, group));
  return candidates;
}
