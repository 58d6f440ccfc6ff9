/**
 * The URL as a subscriber of the controller (the way InstantSearch's router sits apart
 * from its state): each answer writes the saved search of the list shown into the hash
 * once it is painted, so Back and reload show it again; an empty route becomes '#/search'
 * with the first answer (or once a failed start settled).
 */
import { MAX_RESULTS_PER_PAGE } from '@partners-network/contract';
import type { LocatedSearchCriteria } from '@partners-network/contract';
import { afterPaint } from './afterPaint';
import { redirectEmptyRoute, writeSavedSearchToLocation } from './locationParams';
import { logWarning } from './log';
import type { TextCode } from './logTexts';
import type { SearchModel } from './searchReducer';
import { selectRequestCriteria } from './searchReducer';
import { LOAD_MORE_STEP } from './types';
import type { SavedSearch, SearchState } from './types';

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

/** The same for a state whose list ends at `loadedUntil`. */
export function toSavedSearch(
  state: Pick<SearchState, 'selectedGlobalFilter' | 'selectedItemIds' | 'text'>,
  loadedUntil: number,
): SavedSearch {
  return toSavedSearchOf({
    globalFilter: state.selectedGlobalFilter ?? '',
    filterItemIds: state.selectedItemIds,
    text: state.text,
    offset: 0,
    resultsPerPage: loadedUntil,
  });
}

function write(change: () => void): void {
  try {
    change();
  } catch (error) {
    // Browsers limit replaceState calls (Safari: 100 per 30 s); the page still works.
    logWarning([8 satisfies TextCode<'urlNotUpdated'>], error);
  }
}

export interface ModelSource {
  getModel(): SearchModel;
  subscribe(listener: () => void): () => void;
}

/** Returns the unsubscribe. */
export function connectUrl(source: ModelSource, win: Window): () => void {
  let shown: unknown = source.getModel().shown;
  // An empty route becomes '#/search' once the first search has settled and is painted, not
  // in the start's task: a replaceState there (10 to 20 ms at 4x CPU, the first one more)
  // made that task long and delayed the first cards (bench/README.md). An answer's saved
  // search writes the route in the same replaceState; a failed start writes it alone.
  // A search that failed after a list was shown (the server went away, the error panel
  // replaces the page) writes its own criteria, keyed by its message, so that a reload
  // tries the visitor's text again rather than the list before it.
  return source.subscribe(() => {
    const model = source.getModel();
    const { shown: next, started, request, errorMessage } = model;
    const key = errorMessage || next;
    // A new answer shown: its saved search; a start settled without one: the route alone.
    if (next ? key === shown : !started || request) return;
    shown = key;
    // Once the answer is painted: in the answer's task it ran before React rendered the cards.
    afterPaint(() =>
      write(() =>
        next
          ? writeSavedSearchToLocation(
              toSavedSearchOf(
                errorMessage ? selectRequestCriteria(model, 'replace') : next.criteria,
              ),
              win,
            )
          : redirectEmptyRoute(win),
      ),
    );
  });
}
