/**
 * What the public routes ask of the server's directory: the two calls of SPEC 7, an
 * import, and whether it is empty. service/SearchService implements it over any
 * PartnerSource (SQLite, PostgreSQL); `__tests__/describeStoreContract.ts` holds it to the
 * same answers over both. Async, so a network database fits behind it.
 */
import type {
  GlobalFilterCount,
  FilterDefinitions,
  ImportSummary,
  FilterGroup,
  LocatedSearchCriteria,
  Partner,
  Scope,
  SearchCriteria,
  ZeroResultStep,
} from '@partners-network/contract';
import type { DirectoryData } from './DirectoryData';
import type { CountedSearch } from './StatsStore';

/** Criteria as a search applied them: a search near a point echoes its point, radius and order. */
export type AppliedCriteria = SearchCriteria &
  Partial<Pick<LocatedSearchCriteria, 'near' | 'radiusKm' | 'sort'>>;

export interface StoreSearchResult {
  partners: Partner[];
  totalFound: number;
  /** Filter groups of the global filter the search used, in the answer's locale. */
  filterGroups: FilterGroup[];
  /** The criteria as applied: known global filter, only existing filter item ids. */
  appliedCriteria: AppliedCriteria;
  /** Each global filter's count of partners matching the text. */
  globalFilterCounts?: GlobalFilterCount[];
  /** Only for an empty answer: each single step back and what it finds. */
  zeroResultSteps?: ZeroResultStep[];
  /** What a first page of this search is counted as (stats/countedSearch). */
  counted?: CountedSearch;
  /** The page's id, for the beacon of a card opened (stats/answerId). */
  answerId?: string;
}

/**
 * A search answer as a store keeps it between requests (store/KeptAnswer): its wire JSON in
 * the forms clients took, the text or its bytes in a content coding (`br`, `gzip`), and what
 * the search route reads besides.
 */
export interface KeptSearch {
  readonly totalFound: number;
  readonly counted: CountedSearch | undefined;
  /** The JSON, when a client took it as it is. */
  readonly json: string | undefined;
  keepJson(json: string): void;
  /** Its bytes in a content coding, when a client took them. */
  encoded(coding: string): Buffer | undefined;
  keepEncoded(coding: string, bytes: Buffer): void;
  /** The wire JSON: as made, as kept, or decoded from a kept coding. */
  text(): string;
}

// What an import changed (the admin API's import answer) is part of the contract.
export { importSummarySchema } from '@partners-network/contract';
export type { ImportSummary } from '@partners-network/contract';

export type ImportPhase = 'partners' | 'index';

export interface ImportOptions {
  /** Also remove each listed site's partners that the data does not name. */
  replace?: boolean;
  /**
   * Called now and then, done of total: partners checked ('partners'), then written
   * as the records every server builds its search index from ('index').
   */
  onProgress?: (done: number, total: number, phase: ImportPhase) => void;
}

/** What the places call reads of a site's locations: its partners per city (geo/placeKey's cityKeyOf). */
export interface SiteCities {
  partnersByCity(): ReadonlyMap<string, number>;
}

export interface PartnerStore {
  hasScope(scope: Scope): Promise<boolean>;
  /** Null when the company or site is unknown. */
  getFilterDefinitions(scope: Scope, locale: string): Promise<FilterDefinitions | null>;
  /**
   * Null when the company or site is unknown. An adapter may answer the same question
   * with the same object (a cache): callers treat results as read-only.
   */
  search(scope: Scope, criteria: SearchCriteria, locale: string): Promise<StoreSearchResult | null>;
  /**
   * The same answer as the store keeps it between requests, its wire JSON (what the search
   * route sends); null when the company or site is unknown. Optional: without it the route
   * sends `search`'s answer.
   */
  searchKept?(scope: Scope, criteria: SearchCriteria, locale: string): Promise<KeptSearch | null>;
  /**
   * Upserts sites, global filters, filter groups and items, and partners, all in one
   * transaction: on any problem it throws DirectoryImportError and changes nothing.
   */
  importDirectory(data: DirectoryData, options?: ImportOptions): Promise<ImportSummary>;
  /**
   * The site's partners' locations (search/PartnerLocations; the places call marks the
   * cities that have some); null when the company or site is unknown. Optional: a store
   * without it marks none.
   */
  siteLocations?(scope: Scope): Promise<SiteCities | null>;
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}
