import type { SearchCriteria } from '@partners-network/contract';
import type { IndexQuery } from '../search/SearchIndex';
import { searchTerms } from '../search/searchTerms';
import type { GlobalFilterInfo, SiteInfo } from '../site/SiteInfo';
import { resolveLocale } from '../store/resolveLocale';

/** A ticked group: any of its items (OR), and every ticked group (AND). */
export interface TickedGroup {
  groupId: number;
  /** Sorted. */
  itemIds: number[];
}

/** A visitor's criteria as one site applies them: the first step of every answer. */
export interface ResolvedSearch {
  /** The site's locale the answer is in (a locale it has, else its fallback). */
  locale: string;
  filter: GlobalFilterInfo;
  /** Groups in the order their first item was ticked (steps back go in that order). */
  ticked: TickedGroup[];
  /** The text as typed (answers echo it; steps back remove its words). */
  text: string;
  terms: string[];
  offset: number;
  resultsPerPage: number;
  /** The criteria as applied: the global filter's name, only its groups' item ids. */
  applied: SearchCriteria;
  /** What the index is asked. */
  query: IndexQuery;
  /** Everything the matching partners depend on (not the page): the key of its caches. */
  key: string;
}

/** The global filter a name means: exactly, else case-insensitively (saved searches), else the default. */
function filterNamed(site: SiteInfo, name: string): GlobalFilterInfo | undefined {
  return (
    site.byName.get(name) ??
    site.globalFilters.find((filter) => filter.name.toLowerCase() === name.toLowerCase()) ??
    site.defaultGlobalFilter
  );
}

/**
 * Resolves criteria against a site: its global filter (undefined when the site has none),
 * the ticked items that belong to that filter's groups, grouped by group id, and the terms.
 */
export function resolveSearch(
  site: SiteInfo,
  criteria: SearchCriteria,
  locale: string,
): ResolvedSearch | undefined {
  const filter = filterNamed(site, criteria.globalFilter);
  if (!filter) return undefined;
  const resolved = resolveLocale(locale, site.locales);
  const byGroup = new Map<number, number[]>();
  const appliedIds: number[] = [];
  for (const id of criteria.filterItemIds) {
    const groupId = filter.itemGroup.get(id);
    if (groupId === undefined || appliedIds.includes(id)) continue;
    appliedIds.push(id);
    const ids = byGroup.get(groupId) ?? [];
    ids.push(id);
    byGroup.set(groupId, ids);
  }
  const ticked = [...byGroup].map(([groupId, ids]) => ({
    groupId,
    itemIds: [...ids].sort((a, b) => a - b),
  }));
  const terms = searchTerms(criteria.text);
  const itemGroups = ticked.map((group) => group.itemIds);
  return {
    locale: resolved,
    filter,
    ticked,
    text: criteria.text,
    terms,
    offset: criteria.offset,
    resultsPerPage: criteria.resultsPerPage,
    applied: {
      globalFilter: filter.name,
      text: criteria.text,
      filterItemIds: appliedIds,
      offset: criteria.offset,
      resultsPerPage: criteria.resultsPerPage,
    },
    query: { locale: resolved, globalFilterId: filter.id, itemGroups, terms },
    key: [
      filter.id,
      resolved,
      itemGroups.map((ids) => ids.join(',')).join(';'),
      terms.join(' '),
    ].join('\u0000'),
  };
}

/** A search without text or ticked items: what every visitor asks first. */
export function isBrowsing(search: ResolvedSearch): boolean {
  return search.terms.length === 0 && search.ticked.length === 0;
}
