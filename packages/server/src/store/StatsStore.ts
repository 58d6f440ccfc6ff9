/**
 * The narrow interface between the search counts and a database: add counts (one
 * transaction of increments, with the retention's delete), read a site's insights over a
 * period. Every database has it in a file of the same name (store/sqlite/openStats.ts,
 * store/postgres/openStats.ts); `__tests__/describeStatsContract.ts` holds both to the
 * same answers. Nothing here identifies a visitor: rows are counts per site, UTC day,
 * locale and normalized text (see stats/countedSearch.ts for what a text may be).
 */
import type { Scope } from '@partners-network/contract';

/** A first page's search as it is counted (stats/countedSearch.ts makes it). */
export interface CountedSearch {
  /** The locale the site answered in. */
  locale: string;
  /** The search's folded terms joined by a space ('' without text); null: redacted. */
  text: string | null;
  /** The global filter applied (its name). */
  globalFilter: string;
  /** The filter items applied, sorted. */
  itemIds: readonly number[];
  /** Everything above as one string: what counts are kept under in memory. */
  key: string;
}

/** Searches of one site, UTC day and counted search. */
export interface SearchCount {
  scope: Scope;
  /** UTC, YYYY-MM-DD. */
  day: string;
  search: CountedSearch;
  searches: number;
  /** Of those, the searches that found nothing. */
  zeroResults: number;
}

/** Cards opened of one site, UTC day, locale, text, partner and position. */
export interface ClickCount {
  scope: Scope;
  day: string;
  locale: string;
  /** The normalized text of the search whose answer showed the card; null: redacted. */
  text: string | null;
  partnerId: number;
  /** The card's place in the whole list, from 1. */
  position: number;
  clicks: number;
}

export interface StatsBatch {
  searches: readonly SearchCount[];
  clicks: readonly ClickCount[];
}

export interface StatsQuery {
  scope: Scope;
  /** UTC days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Only searches answered in this locale; every locale when absent. */
  locale?: string;
  /** Texts seen fewer times than this in the period are only counted, never listed. */
  minTextCount: number;
  /** Most entries of each list. */
  limit: number;
}

/** A site's counts over a period, as the database sums them (texts below the bar left out). */
export interface StoredInsights {
  days: { day: string; searches: number; zeroResults: number }[];
  /** Searches whose text was redacted. */
  redacted: number;
  /** Searches (and of those, zero-result ones) of every text seen minTextCount times or more. */
  shown: { searches: number; zeroResults: number };
  /** Texts seen minTextCount times or more, most searched first. */
  texts: { text: string; searches: number; zeroResults: number; clicks: number }[];
  /** Zero-result searches of shown texts, by text, global filter and items. */
  zeroResults: { text: string; globalFilter: string; itemIds: number[]; searches: number }[];
  /** Filter items ticked, by global filter and item, most used first. */
  items: { globalFilter: string; itemId: number; searches: number; zeroResults: number }[];
  /** Partners opened, most first; the slug when the partner is still in the site. */
  partners: { partnerId: number; slug: string | null; clicks: number }[];
  /** Cards opened by position (from 1), in order of position. */
  positions: { position: number; clicks: number }[];
  clicks: number;
}

export interface StatsStore {
  /**
   * Adds the counts to those stored (an increment per row: servers add up), and deletes
   * the rows of days before `keepFrom` (YYYY-MM-DD), in one transaction: all or nothing.
   */
  add(batch: StatsBatch, keepFrom: string): Promise<void>;
  insights(query: StatsQuery): Promise<StoredInsights>;
  /** Deletes every search and card count of a site, of every day, in one transaction. */
  erase(scope: Scope): Promise<void>;
  close(): Promise<void>;
}

/** Items as stored: a JSON array of sorted ids (both databases read it with their JSON functions). */
export function itemIdsColumn(itemIds: readonly number[]): string {
  return JSON.stringify(itemIds);
}
