/**
 * The visitor's actions on the search (text, global filter, items, location, a way out
 * of zero results): a chunk of the page script, because a first visit runs none of them
 * before an interaction (issue 24's byte budget). createSearchController asks for it on
 * the first action, SearchPage on the first intent (a pointer or key down, a focus in
 * the page) so it is usually in before the action; an action that comes first waits for
 * it and then runs, in order.
 */
import { findSearchTextProblem } from '@partners-network/contract';
import type { RequestKind, SearchAction, SearchModel } from './searchReducer';
import { SEARCH_DEBOUNCE_MS } from './types';
import type { SearchController } from './types';

/** What the actions need of the controller that loaded them. */
export interface ControllerCore {
  /** The change and the request it starts, as one update (createSearchController). */
  search(kind: RequestKind, ...change: SearchAction[]): Promise<void>;
  getModel(): SearchModel;
  isDisposed(): boolean;
}

export type VisitorActions = Pick<
  SearchController,
  'submitText' | 'selectGlobalFilter' | 'toggleFilterItem' | 'resetAll' | 'searchInstead' | 'locate'
> & { cancelDebounce(): void };

export function createVisitorActions({
  search,
  getModel,
  isDisposed,
}: ControllerCore): VisitorActions {
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;

  function cancelDebounce(): void {
    clearTimeout(debounceTimer);
    debounceTimer = undefined;
  }

  return {
    cancelDebounce,
    submitText(text) {
      if (isDisposed()) return;
      const trimmed = text.trim();
      if (findSearchTextProblem(trimmed) !== null) return;
      cancelDebounce();
      // Several submits inside the window make one search: the last one wins.
      debounceTimer = setTimeout(() => {
        debounceTimer = undefined;
        void search('replace', { type: 'text', text: trimmed });
      }, SEARCH_DEBOUNCE_MS);
    },
    selectGlobalFilter(name) {
      const model = getModel();
      if (name === model.selectedGlobalFilter && model.started) return;
      void search('replace', { type: 'globalFilter', name });
    },
    toggleFilterItem(id) {
      void search('replace', { type: 'toggle', id });
    },
    resetAll() {
      cancelDebounce();
      void search('replace', { type: 'reset' });
    },
    searchInstead(text, filterItemIds, radiusKm) {
      cancelDebounce();
      const wider: SearchAction[] = radiusKm
        ? [{ type: 'located', located: { ...getModel().located, radiusKm } }]
        : [];
      void search(
        'replace',
        { type: 'reset' },
        { type: 'text', text },
        ...filterItemIds.map((id): SearchAction => ({ type: 'toggle', id })),
        ...wider,
      );
    },
    locate(located) {
      void search('replace', { type: 'located', located });
    },
  };
}
