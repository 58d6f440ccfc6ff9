/**
 * The search page's state and the one pure function that changes it. The model holds
 * only what cannot be derived: whether the page has started, which request is running,
 * the error message, the criteria being edited, the list shown and what it answers.
 * `phase`, `loading`, `loadingMore`, `hasError`, ... are selectors (selectors.ts).
 * No timers, no network, no window: createSearchController does those and dispatches.
 */
import { MAX_RESULTS_PER_PAGE } from '@partners-network/contract';
import type {
  FilterDefinitions,
  FilterGroup,
  GlobalFilter,
  SearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { LOAD_MORE_STEP, RESULTS_PER_PAGE } from './types';
import type { LocationParams, PartnerCard } from './types';

/** The request in flight: none, one whose answer replaces the list, or a Load More. */
export type RunningRequest = 'none' | 'replacing' | 'appending';

/** A new list (from offset 0) or the next page of the list shown. */
export type RequestKind = 'replace' | 'append';

/** The list on screen and the search it answers (set by each answer, kept meanwhile). */
export interface ShownList {
  /** One more for each list an answer brought: a new list is new elements. */
  generation: number;
  /** Cards the list had when it appeared; those a Load More appends come after. */
  eagerCount: number;
  /** offset + resultsPerPage of the last answer: where Load More continues. */
  loadedUntil: number;
  /** Cards the last answer added to the list (0 for a new list). */
  addedCount: number;
  /** The criteria the server says it applied (what the live region reads out). */
  selectedGlobalFilter: string | null;
  selectedItemIds: number[];
  text: string;
}

export interface SearchModel {
  /** The filter definitions are settled (loaded or failed): searches may run. */
  started: boolean;
  request: RunningRequest;
  /** '' when none; hasError and the 'error' phase follow from it. */
  errorMessage: string;
  globalFilters: GlobalFilter[];
  /** The criteria as the visitor set them (ahead of the answer while one is on its way). */
  selectedGlobalFilter: string | null;
  selectedItemIds: number[];
  /** The text of the last emitted search (trimmed). */
  text: string;
  filterGroups: FilterGroup[];
  cards: PartnerCard[];
  totalFound: number;
  /** The visitor chose a global filter before the definitions came: it wins over the URL's. */
  globalFilterChosen: boolean;
  /** The panel takes its groups from the next answer (first search, new global filter). */
  refreshGroups: boolean;
  /** A saved search asks the first search for this many results at once. */
  restoreUntil: number | null;
  shown: ShownList | null;
}

export type SearchAction =
  | { type: 'start'; definitions: FilterDefinitions | null; location: LocationParams }
  | { type: 'text'; text: string }
  | { type: 'globalFilter'; name: string }
  | { type: 'toggle'; id: number }
  | { type: 'reset' }
  | { type: 'request'; kind: RequestKind }
  | {
      type: 'answer';
      kind: RequestKind;
      criteria: SearchCriteria;
      response: SearchResponse;
      cards: PartnerCard[];
    }
  | { type: 'fail'; message: string }
  | { type: 'loading'; loading: boolean }
  | { type: 'error'; message: string };

export function createInitialModel(location: LocationParams): SearchModel {
  const saved = location.savedSearch;
  return {
    started: false,
    request: 'none',
    errorMessage: '',
    globalFilters: [],
    selectedGlobalFilter: null,
    selectedItemIds: saved?.filterItemIds ?? [],
    text: saved?.text ?? '',
    filterGroups: [],
    cards: [],
    totalFound: 0,
    globalFilterChosen: false,
    refreshGroups: true,
    restoreUntil: saved
      ? Math.min(saved.offset + saved.resultsPerPage, MAX_RESULTS_PER_PAGE)
      : null,
    shown: null,
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

/** What the next request asks for: a new list from 0 (a restore at once), or the next 10. */
export function selectRequestCriteria(model: SearchModel, kind: RequestKind): SearchCriteria {
  const append = kind === 'append';
  return {
    globalFilter: model.selectedGlobalFilter ?? '',
    text: model.text,
    filterItemIds: model.selectedItemIds,
    offset: append ? (model.shown?.loadedUntil ?? 0) : 0,
    resultsPerPage: append ? LOAD_MORE_STEP : (model.restoreUntil ?? RESULTS_PER_PAGE),
  };
}

/** Pure: the same model and action give the same model; an action that changes nothing returns `model`. */
export function searchReducer(model: SearchModel, action: SearchAction): SearchModel {
  switch (action.type) {
    case 'start': {
      const { definitions } = action;
      return {
        ...model,
        started: true,
        globalFilters: definitions?.globalFilters ?? [],
        filterGroups: definitions?.filterGroups ?? [],
        selectedGlobalFilter: model.globalFilterChosen
          ? model.selectedGlobalFilter
          : pickInitialGlobalFilter(definitions, action.location),
      };
    }
    // A visitor's change starts a new list: a pending restore size no longer applies.
    case 'text':
      return { ...model, text: action.text, restoreUntil: null };
    case 'globalFilter':
      return {
        ...model,
        selectedGlobalFilter: action.name,
        selectedItemIds: [],
        globalFilterChosen: true,
        refreshGroups: true,
        restoreUntil: null,
      };
    case 'toggle': {
      const ids = model.selectedItemIds;
      return {
        ...model,
        selectedItemIds: ids.includes(action.id)
          ? ids.filter((id) => id !== action.id)
          : [...ids, action.id],
        restoreUntil: null,
      };
    }
    case 'reset':
      return { ...model, selectedItemIds: [], text: '', restoreUntil: null };
    case 'request':
      return { ...model, request: action.kind === 'append' ? 'appending' : 'replacing' };
    case 'answer': {
      const { criteria, response, cards } = action;
      const append = action.kind === 'append';
      const applied = response.searchPartnersCriteria;
      // The answer says what it applied: unknown ids dropped, the global filter's own
      // spelling (or the default the server fell back to).
      const selectedItemIds = append ? model.selectedItemIds : applied.filterItemIds;
      const selectedGlobalFilter = append
        ? model.selectedGlobalFilter
        : applied.globalFilter || model.selectedGlobalFilter;
      const all = append ? [...model.cards, ...cards] : cards;
      const generation = model.shown?.generation ?? 0;
      return {
        ...model,
        request: 'none',
        errorMessage: '',
        cards: all,
        totalFound: response.totalFound,
        selectedItemIds,
        selectedGlobalFilter,
        filterGroups: model.refreshGroups ? response.filterGroups : model.filterGroups,
        refreshGroups: false,
        restoreUntil: null,
        shown: {
          generation: append ? generation : generation + 1,
          eagerCount: append ? (model.shown?.eagerCount ?? 0) : all.length,
          loadedUntil: criteria.offset + criteria.resultsPerPage,
          addedCount: append ? cards.length : 0,
          selectedGlobalFilter,
          selectedItemIds,
          text: model.text,
        },
      };
    }
    case 'fail':
      return { ...model, request: 'none', errorMessage: action.message, restoreUntil: null };
    case 'loading': {
      const request: RunningRequest = action.loading
        ? 'replacing'
        : model.request === 'replacing'
          ? 'none'
          : model.request;
      return request === model.request ? model : { ...model, request };
    }
    case 'error':
      return action.message === model.errorMessage
        ? model
        : { ...model, errorMessage: action.message };
  }
}
