/**
 * What the public routes ask of the server's directory: the two calls of SPEC 7, an
 * import, and whether it is empty. service/SearchService implements it over any
 * PartnerSource (SQLite, PostgreSQL); `__tests__/describeStoreContract.ts` holds it to the
 * same answers over both. Async, so a network database fits behind it.
 */
import type {
  GlobalFilterCount,
  FilterDefinitions,
  FilterGroup,
  Partner,
  Scope,
  SearchCriteria,
  ZeroResultStep,
} from '@partners-network/contract';
import * as z from 'zod';
import type { DirectoryData } from './DirectoryData';
import type { CountedSearch } from './StatsStore';

export interface StoreSearchResult {
  partners: Partner[];
  totalFound: number;
  /** Filter groups of the global filter the search used, in the answer's locale. */
  filterGroups: FilterGroup[];
  /** The criteria as applied: known global filter, only existing filter item ids. */
  appliedCriteria: SearchCriteria;
  /** Each global filter's count of partners matching the text. */
  globalFilterCounts?: GlobalFilterCount[];
  /** Only for an empty answer: each single step back and what it finds. */
  zeroResultSteps?: ZeroResultStep[];
  /** What a first page of this search is counted as (stats/countedSearch). */
  counted?: CountedSearch;
  /** The page's id, for the beacon of a card opened (stats/answerId). */
  answerId?: string;
}

/** What an import changed: the admin API's import answer, as `/openapi.json` documents it. */
export const importSummarySchema = z.object({
  sites: z.number().int().min(0),
  partnersCreated: z.number().int().min(0),
  partnersUpdated: z.number().int().min(0),
  /** Only in replace mode: partners removed because the file did not name them. */
  partnersDeleted: z.number().int().min(0).optional(),
});

export type ImportSummary = z.infer<typeof importSummarySchema>;

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
   * Upserts sites, global filters, filter groups and items, and partners, all in one
   * transaction: on any problem it throws DirectoryImportError and changes nothing.
   */
  importDirectory(data: DirectoryData, options?: ImportOptions): Promise<ImportSummary>;
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}
