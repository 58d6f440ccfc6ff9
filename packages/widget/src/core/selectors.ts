/** Values derived from SearchState: computed on read, never stored, so they cannot go stale. */
import { formatCount } from './formatCount';
import type { SearchState } from './types';

/** SPEC 5: Load More shows while the loaded count is above 0 and below totalFound. */
export function selectCanLoadMore(state: SearchState): boolean {
  return state.cards.length > 0 && state.cards.length < state.totalFound;
}

/** SPEC 4: the no-results panel shows when the list is empty and nothing is loading. */
export function selectShowNoResults(state: SearchState): boolean {
  return (
    state.phase === 'ready' && !state.loading && !state.loadingMore && state.cards.length === 0
  );
}

/** The skeleton shows until the filter definitions load, and while a first list is on its way. */
export function selectShowSkeleton(state: SearchState): boolean {
  return (
    state.phase === 'initializing' ||
    (state.phase === 'ready' && state.loading && state.cards.length === 0)
  );
}

/** 'Showing {loaded} of {total} partners' in the page's locale; '' while no card shows. */
export function selectCountText(state: SearchState, locale: string): string {
  // Not shown without cards: the first render skips the costly Intl.NumberFormat set-up.
  if (state.cards.length === 0) return '';
  return formatCount(state.cards.length, state.totalFound, locale);
}
