/**
 * The narrow interface between the search service and a database: load a site,
 * read one partner, write changes in one transaction, read change versions. Every
 * source (store/sqlite, store/postgres: the same file names in each) runs the shared
 * suite in `__tests__/describeSourceContract.ts`; the service's behaviour is checked
 * over every source by `__tests__/describeStoreContract.ts`.
 */
import type { Scope } from '@partners-network/contract';
import type { PartnerRecord, SiteDefinitions, StoredPartner, StoredTuning } from './SiteRecords';

/** A site as a load reads it first: everything but its partners. */
export interface SiteHead {
  id: number;
  scope: Scope;
  /** Raised by every committed write of this site, in commit order. */
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  /** How many partners the pages will give. */
  partnerCount: number;
}

/** A site in memory: its definitions and every partner in editorial order (position, id). */
export interface StoredSite extends Omit<SiteHead, 'partnerCount'> {
  partners: StoredPartner[];
}

/**
 * Reads a loaded site: its head, then its partners in pages in editorial order (position,
 * id). Pages come as they are read, so the whole site is never in memory as records.
 */
export type SiteReader<T> = (head: SiteHead, pages: AsyncIterable<StoredPartner[]>) => Promise<T>;

/**
 * What changed in a site after a version, read in one snapshot: enough to bring an
 * index built at that version up to date without loading the site again.
 */
export interface SiteChanges {
  /** The site's version this snapshot reached. */
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  /** Partners written after the version, as they are now, in editorial order. */
  upserts: StoredPartner[];
  /** Ids of partners removed after the version (an id may be written again since). */
  removedIds: number[];
}

export interface SiteVersion {
  scope: Scope;
  version: number;
}

/** What a write sees of a site, inside its transaction. */
export interface SiteWriteState {
  scope: Scope;
  /** False when the site is new: it will exist only if the write commits. */
  existed: boolean;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  /** The partners asked for (see SiteWrite.slugs) that exist, by slug. */
  partners: ReadonlyMap<string, { id: number; position: number }>;
  /** The highest position of the site's partners, -1 for none. */
  maxPosition: number;
}

/** A site a write reads, and which of its partners it needs to see. */
export interface SiteWrite {
  scope: Scope;
  /** Slugs the write names, or 'all' (a replace import): read only these. */
  slugs: readonly string[] | 'all';
}

export interface SiteChange {
  scope: Scope;
  definitions: SiteDefinitions;
  /** Partners written whole (created or replaced), by slug. */
  upserts: { slug: string; position: number; record: PartnerRecord }[];
  deletes: string[];
  /** A new tuning for the site; the one it has stays when absent. */
  tuning?: StoredTuning;
}

export interface SourceCapabilities {
  /** Other processes' commits are announced (LISTEN/NOTIFY) besides being polled. */
  notifies: boolean;
  /** Over a network: it may go away while the server runs. */
  remote: boolean;
  /** How often the service polls change versions, in ms. */
  pollMs: number;
}

export interface PartnerSource {
  readonly capabilities: SourceCapabilities;
  /** Every site and its change version. */
  siteVersions(): Promise<SiteVersion[]>;
  /**
   * Loads a site in one snapshot (the partners are those of the version in its head) and
   * hands it to `read`, page by page; undefined for an unknown site.
   */
  loadSite<T>(scope: Scope, read: SiteReader<T>): Promise<T | undefined>;
  readPartner(scope: Scope, slug: string): Promise<StoredPartner | undefined>;
  /**
   * The site's changes after `version`; 'reload' when more than `limit` partners changed
   * or the source no longer keeps removals that old (the site is loaded whole instead);
   * undefined for an unknown site.
   */
  changesSince(
    scope: Scope,
    version: number,
    limit: number,
  ): Promise<SiteChanges | 'reload' | undefined>;
  /**
   * One transaction: reads the sites' states (creating missing sites), calls `compute`
   * (which may throw: then nothing is written), writes its changes, raises each changed
   * site's version. Concurrent writes of a site are serialized. `onProgress` hears
   * partners written, done of total, now and then.
   */
  write<T>(
    sites: readonly SiteWrite[],
    compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: T },
    onProgress?: (done: number, total: number) => void,
  ): Promise<T>;
  isEmpty(): Promise<boolean>;
  /** Runs `task` while holding a lock no other server holds (seeding an empty database). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Calls `onWake` when another process may have committed (notifies sources only). */
  watch(onWake: () => void, onState: (connected: boolean) => void): void;
  close(): Promise<void>;
}

/** The database does not answer (down, unreachable): writes get a 503. */
export class SourceUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the partner database is not available', { cause });
    this.name = 'SourceUnavailableError';
  }
}

/** A whole site in memory, its pages joined (tests, the bench): a server streams them. */
export function readWholeSite(
  source: PartnerSource,
  scope: Scope,
): Promise<StoredSite | undefined> {
  return source.loadSite(scope, async (head, pages) => {
    const partners: StoredPartner[] = [];
    for await (const page of pages) partners.push(...page);
    return {
      id: head.id,
      scope: head.scope,
      version: head.version,
      definitions: head.definitions,
      tuning: head.tuning,
      partners,
    };
  });
}
