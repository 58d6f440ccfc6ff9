import type { SearchIndex } from '../../search/SearchIndex';
import { searchTerms } from '../../search/searchTerms';
import type { GlobalFilterInfo } from '../../site/SiteInfo';
import type { FacetCounts } from '../countFacets';
import { countFacets } from '../countFacets';
import type { ResolvedSearch } from '../resolveSearch';

/** A search as the index tests write it: groups of item ids (group at i has id i + 1). */
export interface CountedSearch {
  globalFilterId: number;
  /** The site's global filters, counted by the text. */
  globalFilters: readonly { id: number; name: string }[];
  /** The filter's groups' item ids. */
  groups: readonly (readonly number[])[];
  /** Ticked items, by group. */
  itemGroups: readonly (readonly number[])[];
  text: string;
  total: number;
  /** en-US when not given. */
  locale?: string;
}

function filterInfo(id: number, name: string, groups: CountedSearch['groups']): GlobalFilterInfo {
  return {
    id,
    name,
    partnerCount: 0,
    labels: new Map(),
    groups: groups.map((ids, at) => ({
      id: at + 1,
      key: `g${at}`,
      position: at,
      showAsCategory: true,
      names: new Map(),
      items: ids.map((item, position) => ({ id: item, position, names: new Map() })),
    })),
    itemGroup: new Map(groups.flatMap((ids, at) => ids.map((item) => [item, at + 1] as const))),
  };
}

/** countFacets for a search given as id lists: what a site's answer would count. */
export function countsFor(index: SearchIndex, counted: CountedSearch): FacetCounts {
  const globalFilters = counted.globalFilters.map(({ id, name }) =>
    filterInfo(id, name, counted.groups),
  );
  const filter =
    globalFilters.find((one) => one.id === counted.globalFilterId) ??
    filterInfo(counted.globalFilterId, 'filter', counted.groups);
  const terms = searchTerms(counted.text);
  const locale = counted.locale ?? 'en-US';
  const ticked = counted.itemGroups.map((ids) => ({
    groupId: filter.itemGroup.get(ids[0] ?? -1) ?? 0,
    itemIds: [...ids].sort((a, b) => a - b),
  }));
  const search: ResolvedSearch = {
    locale,
    filter,
    ticked,
    text: counted.text,
    terms,
    offset: 0,
    resultsPerPage: 10,
    applied: {
      globalFilter: filter.name,
      text: counted.text,
      filterItemIds: ticked.flatMap((group) => group.itemIds),
      offset: 0,
      resultsPerPage: 10,
    },
    query: { locale, globalFilterId: filter.id, itemGroups: counted.itemGroups, terms },
    key: '',
    order: 'relevance',
  };
  return countFacets(
    index,
    globalFilters,
    search,
    counted.total,
    (terms) => index.textMatch(locale, terms)?.all ?? null,
  );
}
