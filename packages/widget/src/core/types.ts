/**
 * The shapes shared by core/, hooks/ and the React layer. core/ implements them
 * without React; hooks/ adapts them; ui/ components never see them (props only).
 */
import type {
  FilterGroup,
  GlobalFilter,
  LocatedSearchCriteria,
  SearchResponse,
} from '@partners-network/contract';

/** Business constants of SPEC.md section 9. */
export const RESULTS_PER_PAGE = 10;
export const LOAD_MORE_STEP = 10;
export const SEARCH_DEBOUNCE_MS = 600;
export const VISIBLE_FILTER_ITEMS = 5;
export const VISIBLE_GLOBAL_FILTERS = 5;
export const SUMMARY_LIMIT = 200;
export const SKELETON_CARDS = 5;
export const DEFAULT_LOCALE = 'en-US';
/** Steps back the no-results panel offers at most (issue 14). */
export const MAX_WAYS_OUT = 3;

/** What the page reads from its host: the portal, or the custom element's attributes. */
export interface PortalContext {
  /** Origin or path prefix the API paths are appended to; '' means same origin. */
  apiBaseUrl: string;
  companyId: string;
  scopeGroupId: string;
  /** Portal language id with '_' replaced by '-'; '' when the portal gives none. */
  languageId: string;
  backButtonUrl: string;
  background: Picture | null;
  /** Liferay.authToken when the portal has one. */
  authToken: string | null;
}

export interface Picture {
  defaultUrl: string;
  sources: { url: string; maxWidth: number }[];
}

/**
 * Where a search is near (issue 25): the point (a city or the visitor's rounded position,
 * with the label the visitor saw), the radius in km and the order. Empty: not located.
 */
export type Located = Pick<LocatedSearchCriteria, 'near' | 'radiusKm' | 'sort'>;

/** The saved search of the `search` query parameter (base64 JSON). */
export interface SavedSearch extends Located {
  globalFilter: string;
  filterItemIds: number[];
  text: string;
  offset: number;
  resultsPerPage: number;
}

/** Query parameters read from the hash route (then the page URL). */
export interface LocationParams {
  filter: string | null;
  page: string | null;
  savedSearch: SavedSearch | null;
  /** Every other parameter, in order, to be appended to partner links. */
  extraParams: [string, string][];
}

/** A partner as the page shows it: URLs already vetted, summary already cut. */
export interface PartnerCard {
  key: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  href: string | null;
  categories: string[];
  /** The slug of the partner's contact call when it can be contacted (issue 26), else null. */
  contact?: string | null;
  /**
   * The matched ranges to mark, `[start, end)` in UTF-16 units of `title` and of the
   * cut `summary` (vetted: in bounds, ordered, not overlapping). Empty without text.
   */
  marks: { title: Range[]; summary: Range[] };
  /** Near a point: how far the nearest location is and where ("12 km · Lyon"). */
  distance?: string;
  /** The id of the answer that showed it: what the beacon of a card opened sends back. */
  answerId?: string | undefined;
}

/** `[start, end)` of a text. */
export type Range = readonly [number, number];

/**
 * What an answer tells besides its partners: its filter groups with each item's
 * count, each global filter's count and, when it found nothing, the steps back.
 */
export type AnswerFacets = Pick<
  SearchResponse,
  'filterGroups' | 'globalFilterCounts' | 'zeroResultSteps'
>;

export type PagePhase =
  /** Filter definitions not loaded yet: the skeleton shows. */
  | 'initializing'
  | 'ready'
  /** A failed call or a response with the error flag: the error panel replaces the page. */
  | 'error';

export interface SearchState {
  phase: PagePhase;
  globalFilters: GlobalFilter[];
  selectedGlobalFilter: string | null;
  filterGroups: FilterGroup[];
  selectedItemIds: number[];
  /** The text of the last emitted search (trimmed). */
  text: string;
  /** The point, radius and order of the search (issue 25); {} when not located. */
  located: Located;
  cards: PartnerCard[];
  totalFound: number;
  /** The counts and steps back of the list shown (its last new list's answer); null before. */
  facets: AnswerFacets | null;
  /** A new search is in flight; its results will replace the list. */
  loading: boolean;
  /** A Load More is in flight; its results will be appended. */
  loadingMore: boolean;
  /** How many cards the last Load More added (0 otherwise). */
  lastAddedCount: number;
  /** Error message; '' when none. hasError is true exactly when it is non-empty. */
  errorMessage: string;
  hasError: boolean;
}

export interface SearchController {
  getState(): SearchState;
  subscribe(listener: () => void): () => void;
  /** Loads the filter definitions, then runs the first search. */
  start(): Promise<void>;
  /** Emits a search for this text (trimmed here), debounced by 600 ms. */
  submitText(text: string): void;
  selectGlobalFilter(name: string): void;
  toggleFilterItem(id: number): void;
  loadMore(): void;
  resetAll(): void;
  /**
   * Runs a search with this text and these filter items instead (a step back from an
   * empty list), the global filter unchanged; a wider radius when the step gives one.
   */
  searchInstead(text: string, filterItemIds: readonly number[], radiusKm?: number): void;
  /** A new list near this point, within this radius, in this order ({}: not located). */
  locate(located: Located): void;
  /**
   * The visitor opened the card at this index of the list (its main link: a click, Enter,
   * a middle click): a beacon tells the server the answer's id and the card's place, with
   * no cookie and nothing that identifies the visitor.
   */
  openCard(index: number): void;
  /** SPEC 'Shared UI state': sets the loading flag of a new search. */
  setLoading(flag: boolean): void;
  /**
   * SPEC 'Shared UI state': a non-empty message sets hasError and the 'error' phase;
   * an empty or missing message clears them.
   */
  setError(message?: string | null): void;
  /** Aborts requests and timers; the controller is unusable afterwards. */
  dispose(): void;
}
