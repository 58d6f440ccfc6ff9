/** Test data and an MSW server standing in for the partners API. */
import type {
  FilterDefinitions,
  Partner,
  SearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import type { PortalContext } from '../types';

export const portal: PortalContext = {
  apiBaseUrl: '',
  companyId: '20097',
  scopeGroupId: '20121',
  languageId: 'fr-FR',
  backButtonUrl: '/home',
  background: null,
  authToken: 'liferay-token',
};

export const definitions: FilterDefinitions = {
  globalFilters: [
    { name: 'all', label: 'All partners' },
    { name: 'technology', label: 'Technology' },
    { name: 'services', label: 'Services' },
  ],
  defaultGlobalFilter: 'technology',
  filterGroups: [{ name: 'Country', filterItems: [{ id: 1, name: 'France' }] }],
};

export const FILTER_GROUPS_URL = '*/o/preferred-partners/v1/20097/20121/filter-groups';
export const SEARCH_URL = '*/o/preferred-partners/v1/20097/20121/search';

export function partner(n: number): Partner {
  return {
    image: { url: `/images/${n}.png` },
    categories: [{ name: 'Cloud' }],
    title: `Partner ${n}`,
    summary: `Summary ${n}`,
    url: `https://partners.example/p/${n}`,
  };
}

/** A directory of `total` partners answering criteria the way the real API would. */
export function searchAnswer(criteria: SearchCriteria, total = 35): SearchResponse {
  const end = Math.min(total, criteria.offset + criteria.resultsPerPage);
  const partners: Partner[] = [];
  for (let n = criteria.offset; n < end; n++) partners.push(partner(n));
  return {
    partners,
    totalFound: total,
    error: false,
    filterGroups: [
      { name: `Groups of ${criteria.globalFilter}`, filterItems: [{ id: 7, name: 'Seven' }] },
    ],
    searchPartnersCriteria: { ...criteria },
  };
}

export const filterGroupsHandler = (body: JsonBodyType = definitions) =>
  http.get(FILTER_GROUPS_URL, () => HttpResponse.json(body));
