import type { LocatedSearchCriteria } from '@partners-network/contract';
import type { GeoPoint } from '../search/PartnerLocations';
import type { IndexQuery } from '../search/SearchIndex';
import type { AppliedCriteria } from '../store/PartnerStore';
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
  applied: AppliedCriteria;
  /** What the index is asked. */
  query: IndexQuery;
  /** A search near a point (issue 25): distances are to it. */
  near?: GeoPoint;
  /** Only partners with a location this close to the point. */
  radiusKm?: number;
  /**
   * The answer's order: by relevance (distance breaking ties when there is a point), or by
   * distance. With a point and no text, distance unless asked otherwise.
   */
  order: 'relevance' | 'distance';
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
  criteria: LocatedSearchCriteria,
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
  // Loops and pushes, not map(): an array map() makes is packed when the function runs in
  // the interpreter and holey once it is optimized, and each change of shape threw away the
  // optimized code of every function the array reached (resolveSearch, isBrowsing,
  // countItems: "wrong map"), compiled again during a new server's first new searches
  // (bench/README.md, first-ask14).
  const ticked: TickedGroup[] = [];
  const itemGroups: number[][] = [];
  let groupsKey = '';
  for (const [groupId, ids] of byGroup) {
    ids.sort((a, b) => a - b);
    ticked.push({ groupId, itemIds: ids });
    itemGroups.push(ids);
    groupsKey += groupsKey === '' ? ids.join(',') : `;${ids.join(',')}`;
  }
  const terms = searchTerms(criteria.text);
  const applied: AppliedCriteria = {
    globalFilter: filter.name,
    text: criteria.text,
    filterItemIds: appliedIds,
    offset: criteria.offset,
    resultsPerPage: criteria.resultsPerPage,
  };
  const search: ResolvedSearch = {
    locale: resolved,
    filter,
    ticked,
    text: criteria.text,
    terms,
    offset: criteria.offset,
    resultsPerPage: criteria.resultsPerPage,
    applied,
    query: { locale: resolved, globalFilterId: filter.id, itemGroups, terms },
    order: 'relevance',
    key: '',
  };
  const key = [filter.id, resolved, groupsKey, terms.join(' ')];
  const { near, radiusKm, sort } = criteria;
  if (near) {
    // The point, radius and order set field by field, not spread from objects of their own
    // (two spreads, three objects): resolving a search near a point, caches cold, took 2.0
    // µs more than the same text's, 1.6 so (bench/README.md near16). The wire echoes
    // `applied` in this order, as before: point, sort, radius.
    const order: ResolvedSearch['order'] =
      sort === 'relevance' || sort === 'distance'
        ? sort
        : terms.length > 0
          ? 'relevance'
          : 'distance';
    const point = { latitude: near.latitude, longitude: near.longitude };
    applied.near = near;
    applied.sort = order;
    search.near = point;
    search.order = order;
    if (radiusKm !== undefined) {
      applied.radiusKm = radiusKm;
      search.radiusKm = radiusKm;
    }
    key.push(`${point.latitude},${point.longitude},${radiusKm ?? ''},${order}`);
  } else key.push('');
  search.key = key.join('\u0000');
  return search;
}

/** A search without text, ticked items or a point: what every visitor asks first. */
export function isBrowsing(search: ResolvedSearch): boolean {
  return search.terms.length === 0 && search.ticked.length === 0 && !search.near;
}
