import type { FilterDefinitions, SearchResponse } from '@partners-network/contract';

/** Answers of an empty directory, for tests about mounting rather than results. */
export const EMPTY_FILTER_DEFINITIONS: FilterDefinitions = {
  globalFilters: [],
  defaultGlobalFilter: '',
  filterGroups: [],
};

export const EMPTY_SEARCH_RESPONSE: SearchResponse = {
  partners: [],
  totalFound: 0,
  error: false,
  filterGroups: [],
  searchPartnersCriteria: { filterItemIds: [] },
};
