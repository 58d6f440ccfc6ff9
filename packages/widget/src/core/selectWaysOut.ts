/**
 * The steps back from an empty list that the no-results panel offers (issue 14). Apart
 * from selectors.ts: only the no-results panel's chunk needs them.
 */
import { formatDistance } from './formatDistance';
import { selectItemsById } from './selectors';
import { MAX_WAYS_OUT } from './types';
import type { SearchState } from './types';

/** A step back from an empty list, as the no-results panel offers it. */
export interface WayOut {
  /** What it removes: a ticked item, the whole text, one word of the text, or the radius. */
  kind: 'item' | 'text' | 'word' | 'radius';
  /** The item's name, the word ('' for the text), or the wider radius ("250 km"). */
  name: string;
  /** Partners the search would find. */
  count: number;
  /** The search it runs (the global filter stays). */
  text: string;
  filterItemIds: number[];
  /** The wider radius it searches within (km), for a step that widens the radius. */
  radiusKm?: number;
}

/**
 * The steps back the no-results panel offers: at most MAX_WAYS_OUT, those that find
 * the most partners first (the server's order among equals), none that finds nothing.
 */
export function selectWaysOut(
  state: Pick<SearchState, 'facets' | 'filterGroups' | 'cards'>,
  locale = '',
): WayOut[] {
  if (state.cards.length > 0) return [];
  const items = selectItemsById(state.filterGroups);
  return (state.facets?.zeroResultSteps ?? [])
    .filter((step) => step.totalFound > 0)
    .sort((a, b) => b.totalFound - a.totalFound)
    .slice(0, MAX_WAYS_OUT)
    .map(({ remove, totalFound, text, filterItemIds, radiusKm }) => {
      const id = remove.filterItemId;
      if (radiusKm !== undefined) {
        const name = formatDistance(radiusKm, locale);
        return { kind: 'radius', name, count: totalFound, text, filterItemIds, radiusKm };
      }
      return {
        kind: id !== undefined ? 'item' : remove.word !== undefined ? 'word' : 'text',
        name: id !== undefined ? (items.get(id)?.name ?? String(id)) : (remove.word ?? ''),
        count: totalFound,
        text,
        filterItemIds,
      };
    });
}
