/**
 * The address writer's part that only a visitor's action needs, a chunk (bench/README.md,
 * url16): the saved search of a list, as the `search` parameter holds it. A first visit
 * writes only the route (locationParams.ts `writeRoute`, in the page script); connectUrl.ts
 * asks for this chunk at the visitor's first intent (a focus or pointer press in the page,
 * beside the chips' chunk) or, at the latest, with the first write, which waits for it.
 */
import { MAX_RESULTS_PER_PAGE } from '@partners-network/contract';
import type { LocatedSearchCriteria } from '@partners-network/contract';
import { LOAD_MORE_STEP } from './types';
import type { SavedSearch } from './types';

/** Base64 of the saved search's UTF-8 JSON (SPEC 2); savedSearch.ts reads it. */
export function encodeSavedSearch(saved: SavedSearch): string {
  const json = JSON.stringify({
    globalFilter: saved.globalFilter,
    filterItemIds: saved.filterItemIds,
    text: saved.text,
    offset: saved.offset,
    resultsPerPage: saved.resultsPerPage,
    near: saved.near,
    radiusKm: saved.radiusKm,
    sort: saved.sort,
  });
  let binary = '';
  for (const byte of new TextEncoder().encode(json)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The saved search that gives back the list these criteria's answer completed: the
 * last page's offset and size, so that restoring (one request of offset +
 * resultsPerPage) shows as many cards.
 */
export function toSavedSearchOf(criteria: LocatedSearchCriteria): SavedSearch {
  const loadedUntil = criteria.offset + criteria.resultsPerPage;
  const offset = Math.max(0, loadedUntil - LOAD_MORE_STEP);
  return {
    ...criteria,
    offset,
    resultsPerPage: Math.max(1, Math.min(MAX_RESULTS_PER_PAGE, loadedUntil - offset)),
  };
}

/** The `search` parameter that gives back the list these criteria's answer completed. */
export function searchParamOf(criteria: LocatedSearchCriteria): string {
  return encodeSavedSearch(toSavedSearchOf(criteria));
}
