import type { GlobalFilterCount, ZeroResultStep } from '@partners-network/contract';
import { andCounts } from '../search/andCounts';
import { Bitset } from '../search/Bitset';
import type { SearchIndex } from '../search/SearchIndex';
import { groupSet } from '../search/SearchIndex';
import type { GlobalFilterInfo } from '../site/SiteInfo';
import type { ResolvedSearch } from './resolveSearch';
import type { SearchPlace } from './zeroResultSteps';
import { zeroResultSteps } from './zeroResultSteps';

/** What an answer counts, which depends on its search only, not on its page. */
export interface FacetCounts {
  /** By the filter's groups, by item, in their order. */
  itemCounts: number[][];
  globalFilterCounts: GlobalFilterCount[];
  /** Only for an empty answer: each single step back and what it finds. */
  zeroResultSteps?: ZeroResultStep[];
}

/**
 * Counts from the index's bitsets: each filter item's disjunctive count (the answer if it
 * were the only item ticked in its group, every other group as ticked), each global
 * filter's count of partners matching the text, and for an empty answer the steps back.
 */
export function countFacets(
  index: SearchIndex,
  globalFilters: readonly GlobalFilterInfo[],
  search: ResolvedSearch,
  total: number,
  /** The partners a text's terms match (tuning laid in); null without terms. */
  matchText: (terms: readonly string[]) => Bitset | null,
  /** A search near a point: the partners inside its radius, and wider radii. */
  place: SearchPlace = { region: null },
): FacetCounts {
  const text = matchText(search.terms);
  // The partners the text and the radius let through; null: all of them.
  const scope = place.region && text ? text.and(place.region) : (text ?? place.region);
  // Loops and pushes, not map(): one array shape in the interpreter and optimized alike
  // (answer/resolveSearch).
  const filterSets: Bitset[] = [];
  for (const filter of globalFilters) filterSets.push(index.globalFilter(filter.id));
  let filterCounts: number[];
  if (scope) filterCounts = andCounts(scope, filterSets, { keep: true });
  else {
    filterCounts = [];
    for (const set of filterSets) filterCounts.push(set.count());
  }
  const globalFilterCounts: GlobalFilterCount[] = [];
  let at = 0;
  for (const filter of globalFilters) {
    globalFilterCounts.push({ name: filter.name, count: filterCounts[at] ?? 0 });
    at += 1;
  }
  const counts: FacetCounts = {
    itemCounts: countItems(index, search, scope),
    globalFilterCounts,
  };
  if (total === 0) {
    counts.zeroResultSteps = zeroResultSteps(index, search, text, matchText, place);
  }
  return counts;
}

/**
 * The two sets item counts narrow, count and drop (counting is synchronous): reused, not
 * made for every fresh answer (Bitset.and), for the size of the last index counted.
 */
let scratch: { base: Bitset; rest: Bitset } | undefined;

function scratchOf(size: number): { base: Bitset; rest: Bitset } {
  if (scratch?.base.size !== size) scratch = { base: new Bitset(size), rest: new Bitset(size) };
  return scratch;
}

function countItems(index: SearchIndex, search: ResolvedSearch, text: Bitset | null) {
  const { filter, ticked } = search;
  const { groups } = filter;
  // Partners of the filter and text: the base every count starts from. Without text it is
  // the index's own set, only read: a fresh answer copies a set only to narrow it.
  const filterSet = index.globalFilter(filter.id);
  const reused = scratchOf(index.size);
  const base = text ? filterSet.and(text, reused.base) : filterSet;
  // Read only: a group of one item is the item's own set.
  const tickedSets: Bitset[] = [];
  for (const group of ticked) tickedSets.push(groupSet(index, group.itemIds));
  // The ticked group each of the filter's groups is, or -1.
  const tickedOf: number[] = [];
  for (const group of groups) {
    let own = -1;
    for (let at = 0; at < ticked.length && own === -1; at += 1) {
      if (ticked[at]?.groupId === group.id) own = at;
    }
    tickedOf.push(own);
  }
  // Groups with the same ticked group count from the same partners (every other ticked
  // group applied): all groups but the ticked ones share one, so their items are counted
  // in one call instead of a copy and a call per group. Plain loops: this runs for every
  // fresh answer, and its arrays and closures were garbage of each. Pushes, not map(): one
  // array shape in the interpreter and optimized alike (answer/resolveSearch).
  const itemCounts: number[][] = [];
  for (let at = 0; at < groups.length; at += 1) itemCounts.push([]);
  for (let own = -1; own < ticked.length; own += 1) {
    const sets: Bitset[] = [];
    for (let at = 0; at < groups.length; at += 1) {
      if (tickedOf[at] !== own) continue;
      for (const item of groups[at]?.items ?? []) sets.push(index.item(item.id));
    }
    if (sets.length === 0) continue;
    let rest = base;
    for (let at = 0; at < tickedSets.length; at += 1) {
      const set = tickedSets[at];
      if (at === own || !set) continue;
      if (rest === base) rest = base.and(set, reused.rest);
      else rest.andInPlace(set);
    }
    // An index's sets never change: they stay in the counter's memory.
    const counts = andCounts(rest, sets, { keep: true });
    let next = 0;
    for (let at = 0; at < groups.length; at += 1) {
      if (tickedOf[at] !== own) continue;
      const length = groups[at]?.items.length ?? 0;
      itemCounts[at] = counts.slice(next, next + length);
      next += length;
    }
  }
  return itemCounts;
}
