/**
 * The search page's behaviour (SPEC 4) without React: an immutable state, a
 * subscribe for useSyncExternalStore, and actions. Only the latest search may
 * change the state: each new one aborts the one in flight and answers of older
 * ones are dropped.
 */
import { MAX_RESULTS_PER_PAGE, findSearchTextProblem } from '@partners-network/contract';
import type {
  FilterDefinitions,
  GlobalFilter,
  SearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { createApiClient } from './createApiClient';
import type { ApiClient } from './createApiClient';
import { redirectEmptyRoute, writeSavedSearchToLocation } from './locationParams';
import { selectCanLoadMore } from './selectors';
import { toPartnerCard } from './toPartnerCard';
import { LOAD_MORE_STEP, RESULTS_PER_PAGE, SEARCH_DEBOUNCE_MS } from './types';
import type {
  LocationParams,
  PartnerCard,
  PortalContext,
  SavedSearch,
  SearchController,
  SearchState,
} from './types';

export interface SearchControllerOptions {
  portal: PortalContext;
  location: LocationParams;
  /** Defaults to createApiClient({ portal, fetch, win }). */
  api?: ApiClient;
  fetch?: typeof fetch;
  /**
   * This instance owns the page URL: it redirects an empty route to '#/search' and
   * keeps the `search` parameter up to date so the list survives Back and reload.
   * Default true; false for tests and for a second widget on the same page.
   */
  syncUrl?: boolean;
  /**
   * The filter definitions when they were already asked for (mount() sends that request
   * before React's first render): start() awaits this instead of asking again.
   */
  filterDefinitions?: Promise<FilterDefinitions>;
  win?: Window;
}

const LOG_PREFIX = 'Partners Network:';

export function createInitialState(location: LocationParams): SearchState {
  return {
    phase: 'initializing',
    globalFilters: [],
    selectedGlobalFilter: null,
    filterGroups: [],
    selectedItemIds: location.savedSearch?.filterItemIds ?? [],
    text: location.savedSearch?.text ?? '',
    cards: [],
    totalFound: 0,
    loading: false,
    loadingMore: false,
    lastAddedCount: 0,
    errorMessage: '',
    hasError: false,
  };
}

function findByName(filters: GlobalFilter[], name: string | null | undefined): string | null {
  if (!name) return null;
  const wanted = name.toLowerCase();
  return filters.find((filter) => filter.name.toLowerCase() === wanted)?.name ?? null;
}

/**
 * SPEC 4: a saved search's global filter, else the `filter` parameter, else
 * defaultGlobalFilter, else the first (names matched case-insensitively). Without
 * definitions (they failed to load) the names from the URL are used as given.
 */
export function pickInitialGlobalFilter(
  definitions: FilterDefinitions | null,
  location: LocationParams,
): string | null {
  const wanted = [location.savedSearch?.globalFilter, location.filter];
  if (!definitions || definitions.globalFilters.length === 0) {
    return wanted.find((name) => !!name) || definitions?.defaultGlobalFilter || null;
  }
  const filters = definitions.globalFilters;
  for (const name of wanted) {
    const match = findByName(filters, name);
    if (match) return match;
  }
  return findByName(filters, definitions.defaultGlobalFilter) ?? filters[0]?.name ?? null;
}

/**
 * The saved search that gives back the same list: the last page's offset and size,
 * so that restoring (one request of offset + resultsPerPage) shows as many cards.
 */
export function toSavedSearch(state: SearchState, loadedUntil: number): SavedSearch {
  const offset = Math.max(0, loadedUntil - LOAD_MORE_STEP);
  return {
    globalFilter: state.selectedGlobalFilter ?? '',
    filterItemIds: state.selectedItemIds,
    text: state.text,
    offset,
    resultsPerPage: Math.max(1, Math.min(MAX_RESULTS_PER_PAGE, loadedUntil - offset)),
  };
}

export function createSearchController(options: SearchControllerOptions): SearchController {
  const { portal, location, syncUrl = true, win = window } = options;
  const api = options.api ?? createApiClient({ portal, fetch: options.fetch, win });
  const listeners = new Set<() => void>();
  let state = createInitialState(location);

  let disposed = false;
  let startPromise: Promise<void> | null = null;
  let startAbort: AbortController | null = null;
  /** Filter definitions are settled (loaded or failed): searches may run. */
  let initialized = false;
  /** The user chose a global filter before the definitions came: keep it. */
  let globalFilterChosen = false;
  /** The panel takes its groups from the next answer (first search, new global filter). */
  let refreshGroups = true;
  /** A saved search asks the first search for this many results at once. */
  let restoreUntil: number | null = location.savedSearch
    ? Math.min(
        location.savedSearch.offset + location.savedSearch.resultsPerPage,
        MAX_RESULTS_PER_PAGE,
      )
    : null;
  /** offset + resultsPerPage of the list shown: where Load More continues. */
  let loadedUntil = 0;
  let inFlight: { id: number; abort: AbortController } | null = null;
  let lastRequestId = 0;
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;

  function setState(patch: Partial<SearchState>): void {
    const next = { ...state, ...patch };
    const keys = Object.keys(patch) as (keyof SearchState)[];
    if (keys.every((key) => Object.is(next[key], state[key]))) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  /** SPEC 'Shared UI state': hasError is true exactly when the message is non-empty. */
  function errorFields(
    message: string | null | undefined,
  ): Pick<SearchState, 'errorMessage' | 'hasError' | 'phase'> {
    const errorMessage = message ?? '';
    const hasError = errorMessage !== '';
    return {
      errorMessage,
      hasError,
      phase: hasError ? 'error' : initialized ? 'ready' : 'initializing',
    };
  }

  function fail(message: string, cause?: unknown): void {
    console.error(`${LOG_PREFIX} ${message}`, ...(cause === undefined ? [] : [cause]));
    setState({ loading: false, loadingMore: false, lastAddedCount: 0, ...errorFields(message) });
  }

  function cancelDebounce(): void {
    if (debounceTimer !== null) clearTimeout(debounceTimer);
    debounceTimer = null;
  }

  /**
   * Starts a search; `patch` (the action's own change) goes into the same state
   * update as the loading flag, so no listener sees a list that is empty and idle.
   */
  async function runSearch(
    kind: 'replace' | 'append',
    patch: Partial<SearchState> = {},
  ): Promise<void> {
    if (disposed) return;
    if (!initialized) {
      setState(patch);
      return;
    }
    inFlight?.abort.abort();
    const id = ++lastRequestId;
    const abort = new AbortController();
    inFlight = { id, abort };

    const append = kind === 'append';
    const takeGroups = refreshGroups;
    setState({
      ...patch,
      ...(append
        ? { loadingMore: true, loading: false }
        : { loading: true, loadingMore: false, lastAddedCount: 0 }),
    });
    const criteria: SearchCriteria = {
      globalFilter: state.selectedGlobalFilter ?? '',
      text: state.text,
      filterItemIds: state.selectedItemIds,
      offset: append ? loadedUntil : 0,
      resultsPerPage: append ? LOAD_MORE_STEP : (restoreUntil ?? RESULTS_PER_PAGE),
    };
    restoreUntil = null;

    let response: SearchResponse;
    try {
      response = await api.searchPartners(criteria, abort.signal);
    } catch (error) {
      if (disposed || id !== lastRequestId) return;
      inFlight = null;
      fail(`the search failed: ${error instanceof Error ? error.message : String(error)}`, error);
      return;
    }
    // A newer search (or dispose) took over while this one was on its way.
    if (disposed || id !== lastRequestId) return;
    inFlight = null;
    if (response.error) {
      fail('the search answered with its error flag set');
      return;
    }

    let cards: PartnerCard[];
    try {
      const base = win.document.baseURI;
      cards = response.partners.map((partner, index) =>
        toPartnerCard(partner, criteria.offset + index, location.extraParams, base),
      );
    } catch (error) {
      fail('could not show the answer', error);
      return;
    }
    loadedUntil = criteria.offset + criteria.resultsPerPage;
    if (takeGroups) refreshGroups = false;
    setState({
      cards: append ? [...state.cards, ...cards] : cards,
      totalFound: response.totalFound,
      // The answer says what it applied: unknown ids dropped, the global filter's
      // own spelling (or the default the server fell back to).
      ...(append
        ? {}
        : {
            selectedItemIds: response.searchPartnersCriteria.filterItemIds,
            selectedGlobalFilter:
              response.searchPartnersCriteria.globalFilter || state.selectedGlobalFilter,
          }),
      ...(takeGroups ? { filterGroups: response.filterGroups } : {}),
      loading: false,
      loadingMore: false,
      lastAddedCount: append ? cards.length : 0,
      ...errorFields(''),
    });
    if (syncUrl)
      updateUrl(() => writeSavedSearchToLocation(toSavedSearch(state, loadedUntil), win));
  }

  function updateUrl(change: () => void): void {
    try {
      change();
    } catch (error) {
      // Browsers limit replaceState calls (Safari: 100 per 30 s); the page still works.
      console.warn(`${LOG_PREFIX} could not update the URL.`, error);
    }
  }

  async function initialize(): Promise<void> {
    if (syncUrl) updateUrl(() => redirectEmptyRoute(win));
    startAbort = new AbortController();
    let definitions: FilterDefinitions | null = null;
    try {
      definitions = await (options.filterDefinitions ??
        api.fetchFilterDefinitions(startAbort.signal));
    } catch (error) {
      if (disposed) return;
      // SPEC 8: a start-up failure is for the console only; the page goes on with
      // what it has (the first search's answer brings the filter groups).
      console.error(`${LOG_PREFIX} could not load the filter definitions.`, error);
    }
    if (disposed) return;
    initialized = true;
    await runSearch('replace', {
      globalFilters: definitions?.globalFilters ?? [],
      filterGroups: definitions?.filterGroups ?? [],
      selectedGlobalFilter: globalFilterChosen
        ? state.selectedGlobalFilter
        : pickInitialGlobalFilter(definitions, location),
      ...errorFields(state.errorMessage),
    });
  }

  function newSearch(patch: Partial<SearchState>): void {
    if (disposed) return;
    restoreUntil = null;
    void runSearch('replace', patch);
  }

  return {
    getState: () => state,
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
        console.error(`${LOG_PREFIX} the page could not start.`, error);
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
        debounceTimer = null;
        newSearch({ text: trimmed });
      }, SEARCH_DEBOUNCE_MS);
    },
    selectGlobalFilter(name) {
      if (disposed || (name === state.selectedGlobalFilter && initialized)) return;
      globalFilterChosen = true;
      refreshGroups = true;
      newSearch({ selectedGlobalFilter: name, selectedItemIds: [] });
    },
    toggleFilterItem(id) {
      const ids = state.selectedItemIds;
      newSearch({
        selectedItemIds: ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id],
      });
    },
    loadMore() {
      if (disposed || !initialized || state.phase === 'error') return;
      // Never two appends, and never an append racing a new list.
      if (state.loading || state.loadingMore || !selectCanLoadMore(state)) return;
      void runSearch('append');
    },
    resetAll() {
      cancelDebounce();
      newSearch({ selectedItemIds: [], text: '' });
    },
    setLoading(flag) {
      if (!disposed) setState({ loading: flag });
    },
    setError(message) {
      if (!disposed) setState(errorFields(message));
    },
    dispose() {
      disposed = true;
      cancelDebounce();
      startAbort?.abort();
      inFlight?.abort.abort();
      inFlight = null;
      listeners.clear();
    },
  };
}
