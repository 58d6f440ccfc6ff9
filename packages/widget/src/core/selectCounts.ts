/**
 * The counts of the answer shown, as the filter panel looks them up (issue 14). Apart
 * from selectors.ts: only the page's filter panel needs them (SearchPage.tsx memoises them
 * per answer).
 */
import type { FilterItem } from '@partners-network/contract';
import { selectItemsById } from './selectors';
import type { AnswerFacets } from './types';

/**
 * Each filter item of the answer shown, by id, with its count (issue 14: how many
 * partners the list would hold with that item the only one ticked in its group). Empty
 * before the first answer; items without `count` come from a server that sends none.
 */
export function selectItemCounts(facets: AnswerFacets | null): Map<number, FilterItem> {
  return selectItemsById(facets?.filterGroups ?? []);
}

/** Each global filter's count of partners matching the text, by name. */
export function selectGlobalFilterCounts(
  facets: AnswerFacets | null,
): Map<string, { count: number }> {
  return new Map(facets?.globalFilterCounts?.map((filter) => [filter.name, filter]));
}
