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
  LocatedSearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { LOAD_MORE_STEP, RESULTS_PER_PAGE } from './types';
import type { AnswerFacets, Located, LocationParams, PartnerCard } from './types';

/** A new list (from offset 0) or the next page of the list shown (Load More). */
export type RequestKind = 'replace' | 'append';

/** The list on screen and the search it answers (set by each answer, kept meanwhile). */
export interface ShownList {
  /** One more for each list an answer brought: a new list is new elements. */
  generation: number;
  /** Cards the list had when it appeared; those a Load More appends come after. */
  eagerCount: number;
  /** Cards the last answer added to the list (0 for a new list). */
  addedCount: number;
  /**
   * The last request answered, with the ids and global filter the server says it
   * applied: what the live region reads out, what the URL saves, and (offset +
   * resultsPerPage) where Load More continues.
   */
  criteria: LocatedSearchCriteria;
}

export interface SearchModel {
  /** The filter definitions are settled (loaded or failed): searches may run. */
  started: boolean;
  /** The request in flight, null when none. */
  request: RequestKind | null;
  /** '' when none; hasError and the 'error' phase follow from it. */
  errorMessage: string;
  globalFilters: GlobalFilter[];
  /**
   * The criteria as the visitor set them (ahead of the answer while one is on its way).
   * The global filter stays null until start() unless the visitor chose one: start()
   * keeps a chosen one and otherwise picks it from the URL and the definitions.
   */
  selectedGlobalFilter: string | null;
  selectedItemIds: number[];
  /** The text of the last emitted search (trimmed). */
  text: string;
  /** The point, radius and order the visitor chose (issue 25); {} when not located. */
  located: Located;
  filterGroups: FilterGroup[];
  cards: PartnerCard[];
  totalFound: number;
  facets: AnswerFacets | null;
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
  | { type: 'located'; located: Located }
  | { type: 'reset' }
  | { type: 'request'; kind: RequestKind }
  | {
      type: 'answer';
      kind: RequestKind;
      criteria: LocatedSearchCriteria;
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
    request: null,
    errorMessage: '',
    globalFilters: [],
    selectedGlobalFilter: null,
    selectedItemIds: saved?.filterItemIds ?? [],
    text: saved?.text ?? '',
    located: { near: saved?.near, radiusKm: saved?.radiusKm, sort: saved?.sort },
    filterGroups: [],
    cards: [],
    totalFound: 0,
    facets: null,
    refreshGroups: true,
    restoreUntil: saved
      ? Math.min(saved.offset + saved.resultsPerPage, MAX_RESULTS_PER_PAGE)
      : null,
    shown: null,
  };
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
  const filters = definitions?.globalFilters ?? [];
  if (filters.length === 0) {
    return wanted.find((name) => !!name) || definitions?.defaultGlobalFilter || null;
  }
  for (const name of [...wanted, definitions?.defaultGlobalFilter]) {
    const match = filters.find((filter) => filter.name.toLowerCase() === name?.toLowerCase());
    if (match) return match.name;
  }
  return filters[0]?.name ?? null;
}

/** What the next request asks for: a new list from 0 (a restore at once), or the next 10. */
export function selectRequestCriteria(
  model: SearchModel,
  kind: RequestKind,
): LocatedSearchCriteria {
  const shown = model.shown?.criteria;
  const append = kind === 'append';
  return {
    ...model.located,
    globalFilter: model.selectedGlobalFilter ?? '',
    text: model.text,
    filterItemIds: model.selectedItemIds,
    offset: append && shown ? shown.offset + shown.resultsPerPage : 0,
    resultsPerPage: append ? LOAD_MORE_STEP : (model.restoreUntil ?? RESULTS_PER_PAGE),
  };
}

/** Pure: the same model and action always give the same new model. */
export function searchReducer(model: SearchModel, action: SearchAction): SearchModel {
  switch (action.type) {
    case 'start': {
      const { definitions } = action;
      return {
        ...model,
        started: true,
        globalFilters: definitions?.globalFilters ?? [],
        filterGroups: definitions?.filterGroups ?? [],
        selectedGlobalFilter:
          model.selectedGlobalFilter ?? pickInitialGlobalFilter(definitions, action.location),
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
    case 'located':
      return { ...model, located: action.located, restoreUntil: null };
    case 'reset':
      return { ...model, selectedItemIds: [], text: '', restoreUntil: null };
    case 'request':
      return { ...model, request: action.kind };
    case 'answer': {
      const { criteria, response, cards } = action;
      const settled = {
        ...model,
        request: null,
        errorMessage: '',
        totalFound: response.totalFound,
        restoreUntil: null,
      };
      if (action.kind === 'append' && model.shown) {
        const shown = { ...model.shown, addedCount: cards.length, criteria };
        return { ...settled, cards: [...model.cards, ...cards], shown };
      }
      // The answer says what it applied: unknown ids dropped, the global filter's own
      // spelling (or the default the server fell back to).
      const applied = response.searchPartnersCriteria;
      const selectedItemIds = applied.filterItemIds;
      const selectedGlobalFilter = applied.globalFilter || model.selectedGlobalFilter;
      return {
        ...settled,
        cards,
        facets: response,
        selectedItemIds,
        selectedGlobalFilter,
        filterGroups: model.refreshGroups ? response.filterGroups : model.filterGroups,
        refreshGroups: false,
        shown: {
          generation: (model.shown?.generation ?? 0) + 1,
          eagerCount: cards.length,
          addedCount: 0,
          criteria: {
            ...criteria,
            globalFilter: selectedGlobalFilter ?? '',
            filterItemIds: selectedItemIds,
          },
        },
      };
    }
    case 'fail':
      return { ...model, request: null, errorMessage: action.message, restoreUntil: null };
    case 'loading':
      return { ...model, request: action.loading ? 'replace' : null };
    case 'error':
      return { ...model, errorMessage: action.message };
  }
}
