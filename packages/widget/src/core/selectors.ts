/** Values derived from the model or SearchState: computed on read, never stored, so they cannot go stale. */
import type { FilterGroup } from '@partners-network/contract';
import type { SearchModel } from './searchReducer';
import type { PagePhase, SearchState } from './types';

/** SPEC 'Shared UI state': the error phase exactly when there is a message. */
export function selectPhase(model: SearchModel): PagePhase {
  return model.errorMessage !== '' ? 'error' : model.started ? 'ready' : 'initializing';
}

/** The public state (SearchController.getState) of a model. */
export function selectSearchState(model: SearchModel): SearchState {
  // What the model keeps for itself; the rest is the public state's own fields.
  const { started, request, refreshGroups, restoreUntil, shown, ...stored } = model;
  const hasError = stored.errorMessage !== '';
  return {
    ...stored,
    phase: selectPhase(model),
    loading: request === 'replace',
    loadingMore: request === 'append',
    // What the last Load More added, until a new list is on its way or an error shows.
    lastAddedCount: request === 'replace' || hasError ? 0 : (shown?.addedCount ?? 0),
    hasError,
  };
}

/** SPEC 5: Load More shows while the loaded count is above 0 and below totalFound. */
export function selectCanLoadMore(state: Pick<SearchState, 'cards' | 'totalFound'>): boolean {
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

/**
 * What the live region speaks about: the list shown and the search it answers. It
 * follows settled answers only (the model's `shown`), so typing or ticking a box says
 * nothing until the answer is in. Words are the UI's (ui/resultsAnnouncement.ts, from the
 * page's message catalogue).
 */
export interface AnnouncementFacts {
  /** Cards shown (0: the list is empty). */
  loaded: number;
  /** totalFound of the answer. */
  total: number;
  addedCount: number;
  globalFilterLabel: string;
  itemNames: string[];
  text: string;
}

/** null until an answer has settled (the live region says nothing yet). */
export function selectAnnouncementFacts(model: SearchModel): AnnouncementFacts | null {
  const { shown } = model;
  if (shown === null || model.errorMessage !== '') return null;
  const items = selectItemsById(model.filterGroups);
  const { globalFilter, filterItemIds, text } = shown.criteria;
  return {
    loaded: model.cards.length,
    total: model.totalFound,
    addedCount: shown.addedCount,
    globalFilterLabel:
      model.globalFilters.find((filter) => filter.name === globalFilter)?.label ?? '',
    itemNames: filterItemIds.flatMap((id) => items.get(id)?.name ?? []),
    text,
  };
}

/** Every filter item of the groups by id. */
export function selectItemsById<Item extends ChipItem>(
  groups: readonly { filterItems: readonly Item[] }[],
): Map<number, Item> {
  const items = new Map<number, Item>();
  for (const group of groups) {
    for (const item of group.filterItems) items.set(item.id, item);
  }
  return items;
}

export interface ChipItem {
  id: number;
  name: string;
}

/**
 * The ticked items as chips (in the order they were ticked), and the items the chip
 * input may add; `available` is undefined while there are no filter items at all.
 */
export function selectChips(
  groups: readonly FilterGroup[],
  selectedItemIds: readonly number[],
): { chips: ChipItem[]; available: ChipItem[] | undefined } {
  const itemsById = selectItemsById(groups);
  const selected = new Set(selectedItemIds);
  return {
    chips: selectedItemIds.flatMap((id) => itemsById.get(id) ?? []),
    available:
      itemsById.size > 0
        ? [...itemsById.values()].filter((item) => !selected.has(item.id))
        : undefined,
  };
}
