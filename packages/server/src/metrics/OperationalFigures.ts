/**
 * What a store or search service tells `/metrics` about itself, read at each scrape. A
 * service implements `MetricsSource` and is passed to `buildApp({ metricsSources })`.
 */
export interface SiteFigures {
  companyId: string;
  scopeGroupId: string;
  /** Partners in the site's in-memory search index (0 until it is built). */
  indexedPartners: number;
  /** Goes up each time the service sees a change of the directory (an import, another process's commit). */
  changeVersion: number;
  /** When that change was seen, in ms since the epoch (the start when none was). */
  lastChangeSeenAt: number;
}

export interface CacheFigures {
  /** The cache's name in the server README's list of bounds. */
  cache: string;
  entries: number;
  /** Its bound in entries (per site for a site's caches). */
  maxEntries: number;
  /** The weight it holds and its bound in weight, for caches of values of different sizes. */
  weight?: number;
  maxWeight?: number;
  hits: number;
  misses: number;
  /** For a memo of the process (cache/ProcessMemo): times it let entries go because it was full. */
  clears?: number;
}

/** The search counts of a server (stats/SearchStats): totals since it started. */
export interface CountingFigures {
  searchesCounted: number;
  clicksCounted: number;
  /** Flushes that added counts to the database, and those that failed (their counts kept). */
  flushes: number;
  failedFlushes: number;
  /** Counts not yet in the database. */
  waiting: number;
  /** Counts dropped because too many different rows were waiting. */
  dropped: number;
}

export interface OperationalFigures {
  sites: SiteFigures[];
  caches: CacheFigures[];
  /** Only from the search counts. */
  counting?: CountingFigures;
}

export interface MetricsSource {
  figures(): OperationalFigures;
}
