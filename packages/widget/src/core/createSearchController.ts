/**
 * The search page's behaviour (SPEC 4) without React: the effects around one pure
 * reducer. Actions of the visitor become typed actions (searchReducer.ts); this module
 * adds what a reducer cannot do: the debounce, the requests (the latest one only,
 * latestRequest.ts), turning answers into cards, the console, and the URL as a
 * subscriber (connectUrl.ts). getState() is the model seen through selectSearchState.
 */
import { findSearchTextProblem } from '@partners-network/contract';
import type {
  FilterDefinitions,
  LocatedSearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { connectUrl } from './connectUrl';
import type { formatDistance as FormatDistance } from './formatDistance';
import type { ModelSource } from './connectUrl';
import { createApiClient } from './createApiClient';
import type { ApiClient } from './createApiClient';
import { createLatestRequest } from './latestRequest';
import { describeError, logError } from './log';
import type { LogText, TextCode } from './logTexts';
import {
  createInitialModel,
  pickInitialGlobalFilter,
  searchReducer,
  selectRequestCriteria,
} from './searchReducer';
import type { RequestKind, SearchAction, SearchModel } from './searchReducer';
import { selectCanLoadMore, selectSearchState } from './selectors';
import { toPartnerCard } from './toPartnerCard';
import { SEARCH_DEBOUNCE_MS } from './types';
import type {
  LocationParams,
  PartnerCard,
  PortalContext,
  SearchController,
  SearchState,
} from './types';

export { pickInitialGlobalFilter } from './searchReducer';

export interface SearchControllerOptions {
  portal: PortalContext;
  location: LocationParams;
  /** Defaults to createApiClient({ portal, fetch, win }). */
  api?: ApiClient;
  fetch?: typeof fetch;
  /**
   * This instance owns the page URL: it redirects an empty route to '#/search' and, from
   * the visitor's first action on, keeps the `search` parameter up to date so the list
   * survives Back and reload (connectUrl.ts).
   * Default true; false for tests and for a second widget on the same page.
   */
  syncUrl?: boolean;
  /**
   * The filter definitions when they were already asked for: start() awaits this
   * instead of asking again.
   */
  filterDefinitions?: Promise<FilterDefinitions>;
  /**
   * start() also sends the first search at once, beside the filter definitions request,
   * with the global filter the URL names (none: the server takes the site's default),
   * instead of one round trip later. Its answer is shown once the definitions are in
   * (SPEC 4: skeleton until then), when the global filter they pick is the one the server
   * applied; otherwise the first search is asked again with it. mount() sets it.
   */
  searchEarly?: boolean;
  win?: Window;
}

/** The same list asked for (text, items, page, point), whatever the global filter. */
function sameList(a: LocatedSearchCriteria, b: LocatedSearchCriteria): boolean {
  return JSON.stringify({ ...a, globalFilter: 0 }) === JSON.stringify({ ...b, globalFilter: 0 });
}

export function createInitialState(location: LocationParams): SearchState {
  return selectSearchState(createInitialModel(location));
}

/** The controller, and the model behind its state for the React adapter's selectors. */
export type SearchControllerWithModel = SearchController & ModelSource;

export function createSearchController(
  options: SearchControllerOptions,
): SearchControllerWithModel {
  const { portal, location, syncUrl = true, win = window } = options;
  const api = options.api ?? createApiClient({ portal, fetch: options.fetch, win });
  const listeners = new Set<() => void>();
  const latest = createLatestRequest();
  let model = createInitialModel(location);
  /** The model the listeners were last told of: what getModel() and getState() give. */
  let shown = model;
  // getState() gives the same object until the shown model changes (useSyncExternalStore).
  let view: SearchState | null = null;
  let disposed = false;
  let startPromise: Promise<void> | null = null;
  let startAbort: AbortController | null = null;
  /** The first search sent with the definitions request (searchEarly), until it is used. */
  let early: { criteria: LocatedSearchCriteria; answer: Promise<SearchResponse> } | null = null;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  /** A visitor's action came (anything but the start): from then on the URL gets the list. */
  let acted = false;
  /** Searches begun: a failure shows only while its search is the last one begun. */
  let searches = 0;

  /** Several actions make one change: no listener sees a state half-way through them. */
  function dispatch(...actions: SearchAction[]): void {
    if (disposed) return;
    const next = actions.reduce(searchReducer, model);
    if (next === model) return;
    model = next;
    // The start is kept from the listeners when the early first search goes with it: they
    // are told of it with the next change, the answer's (or a failure's), so the page
    // renders the definitions and the first cards once, in one frame, where it rendered the
    // definitions, often a frame, then the cards (bench/README.md, firstcard14). A render
    // meanwhile (the skeleton's effects) still reads the shown model.
    if (early && next.started) return;
    shown = model;
    view = null;
    // (A listener removed by an earlier one in this round is not called: none does that.)
    listeners.forEach((listener) => listener());
  }

  const getModel = (): SearchModel => shown;

  /**
   * The failure's words are the console line's and the error state's message: they are a
   * chunk (logTexts.ts), so the error shows once they are in, unless a newer search began
   * meanwhile.
   */
  async function fail(begun: number, text: LogText, ...cause: unknown[]): Promise<void> {
    const message = await logError(text, ...cause);
    if (begun === searches) dispatch({ type: 'fail', message });
  }

  /**
   * The visitor's change and the request it starts are one update, so no listener sees
   * a list that is empty and idle. Before start() has settled, the change is kept for
   * the first search.
   */
  async function search(kind: RequestKind, ...change: SearchAction[]): Promise<void> {
    if (change[0]?.type !== 'start') acted = true;
    // (The change may be the start itself.)
    if (!change.reduce(searchReducer, model).started) return dispatch(...change);
    dispatch(...change, { type: 'request', kind });
    if (disposed) return;
    const mine = ++searches;
    const criteria = selectRequestCriteria(model, kind);
    // Only a search near a point shows distances: their format is a chunk, asked for beside
    // the search (a first visit has no point and never loads it).
    const distances = criteria.near && import('./formatDistance').catch(() => undefined);
    let answered: [SearchResponse, { formatDistance: typeof FormatDistance } | undefined] | null;
    try {
      answered = await latest.run((signal) => Promise.all([answerOf(criteria, signal), distances]));
    } catch (error) {
      if (disposed) return;
      return fail(mine, [34 satisfies TextCode<'searchFailed'>, describeError(error)], error);
    }
    // A newer search (or dispose) took over while this one was on its way.
    if (answered === null || disposed) return;
    const [response, distance] = answered;
    if (response.error) return fail(mine, [35 satisfies TextCode<'searchErrorFlag'>]);
    let cards: PartnerCard[];
    try {
      const base = win.document.baseURI;
      cards = response.partners.map((partner, index) =>
        toPartnerCard(
          partner,
          criteria.offset + index,
          location.extraParams,
          base,
          response.answerId,
          distance && ((km) => distance.formatDistance(km, portal.languageId)),
        ),
      );
    } catch (error) {
      return fail(mine, [36 satisfies TextCode<'answerNotShown'>], error);
    }
    dispatch({ type: 'answer', kind, criteria, response, cards });
  }

  /**
   * The answer to `criteria`: the early first search's when it asked the same (the
   * global filter as the server applied it), else a request of its own.
   */
  async function answerOf(
    criteria: LocatedSearchCriteria,
    signal: AbortSignal,
  ): Promise<SearchResponse> {
    const taken = early;
    early = null;
    if (taken && sameList(taken.criteria, criteria)) {
      const sameFilter = (name: string) =>
        name.toLowerCase() === criteria.globalFilter.toLowerCase();
      try {
        const answer = await taken.answer;
        if (sameFilter(answer.searchPartnersCriteria.globalFilter ?? '')) return answer;
      } catch (error) {
        // It failed asking what this search asks: that is this search failing.
        if (sameFilter(taken.criteria.globalFilter)) throw error;
      }
    }
    return api.searchPartners(criteria, signal);
  }

  async function initialize(): Promise<void> {
    startAbort = new AbortController();
    const asked = options.filterDefinitions ?? api.fetchFilterDefinitions(startAbort.signal);
    if (options.searchEarly) {
      const criteria = {
        ...selectRequestCriteria(model, 'replace'),
        // A global filter chosen before start() wins, as for the first search itself.
        globalFilter: model.selectedGlobalFilter ?? pickInitialGlobalFilter(null, location) ?? '',
      };
      const answer = api.searchPartners(criteria, startAbort.signal);
      // Used (or dropped) by the first search; never an unhandled rejection meanwhile.
      answer.catch(() => undefined);
      early = { criteria, answer };
    }
    // After the requests: writing the address (replaceState) is not what the first cards wait for.
    if (syncUrl) connectUrl(controller, win, () => acted);
    let definitions: FilterDefinitions | null = null;
    try {
      definitions = await asked;
    } catch (error) {
      if (disposed) return;
      // SPEC 8: a start-up failure is for the console only; the page goes on with
      // what it has (the first search's answer brings the filter groups).
      void logError([37 satisfies TextCode<'definitionsNotLoaded'>], error);
    }
    if (disposed) return;
    await search('replace', { type: 'start', definitions, location });
  }

  function cancelDebounce(): void {
    clearTimeout(debounceTimer);
    debounceTimer = undefined;
  }

  const controller: SearchControllerWithModel = {
    getState() {
      return (view ??= selectSearchState(shown));
    },
    getModel,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      if (disposed) return Promise.resolve();
      // Start-up failures are for the console only (SPEC 8), never an unhandled rejection.
      startPromise ??= initialize().catch((error: unknown) => {
        void logError([38 satisfies TextCode<'pageNotStarted'>], error);
      });
      return startPromise;
    },
    submitText(text) {
      if (disposed) return;
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
      if (name === model.selectedGlobalFilter && model.started) return;
      void search('replace', { type: 'globalFilter', name });
    },
    toggleFilterItem(id) {
      void search('replace', { type: 'toggle', id });
    },
    loadMore() {
      // Never two appends, and never an append racing a new list.
      if (!model.started || model.errorMessage || model.request !== null) return;
      if (selectCanLoadMore(model)) void search('append');
    },
    openCard(index) {
      const answerId = model.cards[index]?.answerId;
      if (answerId) api.sendClick?.(answerId, index + 1);
    },
    resetAll() {
      cancelDebounce();
      void search('replace', { type: 'reset' });
    },
    searchInstead(text, filterItemIds, radiusKm) {
      cancelDebounce();
      const wider: SearchAction[] = radiusKm
        ? [{ type: 'located', located: { ...model.located, radiusKm } }]
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
    setLoading(loading) {
      dispatch({ type: 'loading', loading });
    },
    setError(message) {
      dispatch({ type: 'error', message: message ?? '' });
    },
    dispose() {
      disposed = true;
      cancelDebounce();
      startAbort?.abort();
      latest.cancel();
      listeners.clear();
    },
  };
  return controller;
}
