import type { GlobalFilterCount, ZeroResultStep } from '@partners-network/contract';
import { andCounts } from '../search/andCounts';
import type { Bitset } from '../search/Bitset';
import type { SearchIndex } from '../search/SearchIndex';
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
  const filterSets = globalFilters.map((filter) => index.globalFilter(filter.id));
  const filterCounts = scope
    ? andCounts(scope, filterSets, { keep: true })
    : filterSets.map((set) => set.count());
  const counts: FacetCounts = {
    itemCounts: countItems(index, search, scope),
    globalFilterCounts: globalFilters.map((filter, at) => ({
      name: filter.name,
      count: filterCounts[at] ?? 0,
    })),
  };
  if (total === 0) {
    counts.zeroResultSteps = zeroResultSteps(index, search, text, matchText, place);
  }
  return counts;
}

function countItems(index: SearchIndex, search: ResolvedSearch, text: Bitset | null) {
  const { filter, ticked } = search;
  // Partners of the filter and text: the base every count starts from. Without text it is
  // the index's own set, only read: a fresh answer copies a set only to narrow it.
  const filterSet = index.globalFilter(filter.id);
  const base = text ? filterSet.and(text) : filterSet;
  const tickedSets = ticked.map((group) => index.anyOf(group.itemIds));
  // The ticked group each of the filter's groups is, or -1.
  const tickedOf = filter.groups.map((group) =>
    ticked.findIndex((tickedGroup) => tickedGroup.groupId === group.id),
  );
  // Groups with the same ticked group count from the same partners (every other ticked
  // group applied): all groups but the ticked ones share one, so their items are counted
  // in one call instead of a copy and a call per group.
  const itemCounts: number[][] = filter.groups.map(() => []);
  for (const own of new Set(tickedOf)) {
    let rest = base;
    tickedSets.forEach((set, at) => {
      if (at === own) return;
      if (rest === base) rest = base.and(set);
      else rest.andInPlace(set);
    });
    const groups = filter.groups.flatMap((group, at) =>
      tickedOf[at] === own ? [{ at, items: group.items }] : [],
    );
    const counts = andCounts(
      rest,
      groups.flatMap(({ items }) => items.map((item) => index.item(item.id))),
      // An index's sets never change: they stay in the counter's memory.
      { keep: true },
    );
    let next = 0;
    for (const { at, items } of groups) {
      itemCounts[at] = counts.slice(next, next + items.length);
      next += items.length;
    }
  }
  return itemCounts;
}
