/** A server's state as /readyz and a metrics page read it (SearchService.state). */
export interface ServiceState {
  /** Every site known at start is loaded: the server can answer. */
  ready: boolean;
  /** The last catch-up reached the database. */
  sourceUp: boolean;
  /** When the server last knew it was up to date with the database (ms since epoch). */
  lastSyncAt: number | undefined;
  sites: {
    companyId: string;
    scopeGroupId: string;
    partners: number;
    version: number;
    /** When this site last changed in memory (ms since epoch). */
    changedAt: number;
    /** Its index was built by a worker thread (and is rebuilt there). */
    indexBuiltInWorker: boolean;
    /** Partners changed since its last whole build, laid over that build. */
    laidPartners: number;
  }[];
}
