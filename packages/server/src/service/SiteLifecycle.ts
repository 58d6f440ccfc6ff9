/**
 * Each site's life in a server: loaded and built on first ask (or at start), kept up to
 * date with every commit of any process, and dropped when it is gone. A site's built
 * index is replaced only once its successor is ready, so no search ever waits for a
 * change: recent changes are laid over the last whole build in milliseconds, and the
 * site is built whole again (in a worker at 100k partners) once many are laid.
 */
import type { Scope } from '@partners-network/contract';
import type { AnswerCaches } from '../answer/AnswerCaches';
import { SiteAnswers } from '../answer/SiteAnswers';
import { warmUpCode } from '../answer/warmUpCode';
import { WARM_UP_ANSWERS_FROM, warmUpAnswers } from '../answer/warmUpAnswers';
import type { BuiltSite } from '../site/buildSite';
import { buildSiteFrom } from '../site/buildSite';
import { layerSite } from '../site/layerSite';
import type { PartnerSource, SiteChanges } from '../store/PartnerSource';
import { SourceUnavailableError } from '../store/PartnerSource';
import { scopeKey } from '../store/scopeKey';
import { UpdateQueue } from './UpdateQueue';

/**
 * Most partners changed since a site's whole build that an update lays over it; past
 * this a whole build costs less than laying them (and laying them is not sliced).
 */
const LAY_AT_MOST = 2000;
/** Changes laid from which the site is built whole again, in the background. */
const REBUILD_FROM = 500;

/** From this size an index build takes long enough (100 ms and more) to move off the event loop. */
export const WORKER_FROM = 10_000;

/** A site a server serves: how it answers, and when it last changed in memory. */
export interface SiteSlot {
  scope: Scope;
  answers: SiteAnswers;
  changedAt: number;
}

export interface SiteLifecycleOptions {
  /** Sites of this many partners or more are indexed (and searched) in a worker thread. */
  workerFrom?: number;
  caches: AnswerCaches;
}

export class SiteLifecycle {
  readonly #source: PartnerSource;
  readonly #options: Required<SiteLifecycleOptions>;
  readonly #slots = new Map<string, SiteSlot>();
  readonly #updates = new UpdateQueue<SiteSlot | undefined>();
  /** Sites being built whole again apart from their updates (see #rebuild). */
  readonly #rebuilding = new Set<string>();
  #ready = false;
  /** warm() is loading the sites: nothing is served yet (see #buildWhole). */
  #warming = false;
  #sourceUp = true;
  #lastSyncAt: number | undefined;
  #catchUp: Promise<void> | undefined;
  #catchUpAgain = false;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(source: PartnerSource, options: SiteLifecycleOptions) {
    this.#source = source;
    this.#options = { workerFrom: options.workerFrom ?? WORKER_FROM, caches: options.caches };
  }

  /** Every site known at start is loaded: the server can answer. */
  get ready(): boolean {
    return this.#ready || this.#slots.size > 0;
  }

  /** The last catch-up reached the database. */
  get sourceUp(): boolean {
    return this.#sourceUp;
  }

  /** When the server last knew it was up to date with the database (ms since epoch). */
  get lastSyncAt(): number | undefined {
    return this.#lastSyncAt;
  }

  slots(): SiteSlot[] {
    return [...this.#slots.values()];
  }

  /** The site with the most partners: whose fresh answers warm the process's code up. */
  largest(): SiteSlot | undefined {
    return this.slots().reduce<SiteSlot | undefined>(
      (most, slot) => (most && most.answers.site.size >= slot.answers.site.size ? most : slot),
      undefined,
    );
  }

  /** A site as it is served now; loaded first when it is not yet (undefined: unknown). */
  async site(scope: Scope): Promise<SiteSlot | undefined> {
    const key = scopeKey(scope);
    // Concurrent first requests share one load.
    return this.#slots.get(key) ?? this.#updates.running(key) ?? this.#update(scope);
  }

  /** Runs a task on the source; one the database did not answer marks the source down. */
  async guard<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof SourceUnavailableError) this.#sourceUp = false;
      throw error;
    }
  }

  /** Brings sites a write changed up to date before it answers, so its writer sees it. */
  async reload(scopes: readonly Scope[]): Promise<void> {
    for (const key of new Set(scopes.map(scopeKey))) {
      const scope = scopes.find((candidate) => scopeKey(candidate) === key);
      // Only sites this process serves: the import CLI builds no index it would not use.
      // An update that started before the write may miss it: this one runs after it.
      if (scope && (this.#slots.has(key) || this.#updates.running(key))) {
        await this.#update(scope);
      }
    }
  }

  /** Whether any site is loaded (an empty database has none). */
  get hasSites(): boolean {
    return this.#slots.size > 0;
  }

  #update(scope: Scope): Promise<SiteSlot | undefined> {
    this.startFollowing();
    return this.#updates.run(scopeKey(scope), () => this.#step(scope));
  }

  /**
   * One update: the changes since the last whole build laid over it when they are few
   * and leave the definitions as they were (milliseconds), else a whole build (seconds
   * at 100k partners, in a worker). Searches answer from the current slot meanwhile.
   */
  async #step(scope: Scope): Promise<SiteSlot | undefined> {
    const slot = this.#slots.get(scopeKey(scope));
    if (slot) {
      const { whole, version } = slot.answers.site;
      const changes = await this.guard(() =>
        this.#source.changesSince(scope, whole.version, LAY_AT_MOST),
      );
      if (changes === undefined) return this.#drop(scope);
      if (changes !== 'reload' && changes.version <= version) return slot;
      const laid = await this.#lay(scope, whole, changes);
      if (laid) {
        const swapped = this.#swap(scope, laid);
        if (laid.laid >= REBUILD_FROM) this.#rebuild(scope);
        return swapped;
      }
    }
    const built = await this.#buildWhole(scope);
    // Unknown scopes are not remembered, so probing random ids cannot grow memory.
    return built ? this.#swap(scope, built) : this.#drop(scope);
  }

  /** The changes laid over a whole build, unless they changed its definitions. */
  async #lay(
    scope: Scope,
    whole: BuiltSite['whole'],
    changes: SiteChanges | 'reload',
  ): Promise<BuiltSite | undefined> {
    if (changes === 'reload' || JSON.stringify(changes.definitions) !== whole.definitions) {
      return undefined;
    }
    return layerSite(scope, whole, changes, { termSets: this.#options.caches.termSets });
  }

  /**
   * Loads a site and builds it whole, page by page as the source reads it. While warm()
   * loads the sites nothing is served yet, so no search would wait on this thread: the
   * build stays on it. A worker thread's isolate beside the build was the start-up's peak
   * at 100k partners (about 50 MB more RSS, bench/README.md "Memory").
   */
  #buildWhole(scope: Scope): Promise<BuiltSite | undefined> {
    const { caches } = this.#options;
    const threads = this.#warming
      ? { workerFrom: Infinity, treeWorkerFrom: Infinity }
      : { workerFrom: this.#options.workerFrom };
    return this.guard(() =>
      this.#source.loadSite(scope, (head, pages) =>
        buildSiteFrom(head, pages, { ...threads, termSets: caches.termSets }),
      ),
    );
  }

  /** Serves a build from now on, unless the site already serves a newer one. */
  #swap(scope: Scope, built: BuiltSite): SiteSlot {
    const key = scopeKey(scope);
    const current = this.#slots.get(key);
    if (current && current.answers.site.version > built.version) return current;
    const answers = new SiteAnswers(built, this.#options.caches);
    const slot = { scope, answers, changedAt: Date.now() };
    this.#slots.set(key, slot);
    return slot;
  }

  #drop(scope: Scope): undefined {
    this.#slots.delete(scopeKey(scope));
    return undefined;
  }

  /**
   * Builds a site whole again once many changes are laid over it (each update lays all
   * of them again, and each search merges them), apart from the updates so that changes
   * go on showing meanwhile; then lays the changes made during the build over it.
   */
  #rebuild(scope: Scope): void {
    const key = scopeKey(scope);
    if (this.#rebuilding.has(key) || this.#closed) return;
    this.#rebuilding.add(key);
    void (async () => {
      try {
        const built = await this.#buildWhole(scope);
        if (built) await this.#adopt(scope, built);
      } catch {
        // The next update that lays enough changes tries again.
      } finally {
        this.#rebuilding.delete(key);
      }
    })();
  }

  /** Takes a fresh whole build as the base, in turn with the site's updates. */
  async #adopt(scope: Scope, built: BuiltSite): Promise<void> {
    const key = scopeKey(scope);
    await this.#updates.running(key)?.catch(() => undefined);
    const current = this.#slots.get(key);
    if (!current || current.answers.site.version <= built.version) {
      this.#swap(scope, built);
      return;
    }
    const changes = await this.guard(() =>
      this.#source.changesSince(scope, built.version, LAY_AT_MOST),
    );
    if (changes === undefined) return;
    const laid = await this.#lay(scope, built.whole, changes);
    const now = this.#slots.get(key)?.answers.site.version ?? 0;
    if (laid && laid.version >= now) this.#swap(scope, laid);
  }

  /**
   * Loads every site and builds its index now rather than on its first search: a
   * server calls it before listening, so no visitor waits for it (seconds at 100k).
   */
  async warm(): Promise<void> {
    const versions = await this.guard(() => this.#source.siteVersions());
    this.#warming = true;
    try {
      for (const { scope } of versions) await this.#update(scope);
    } finally {
      this.#warming = false;
    }
    await warmUpCode();
    // The code is the process's: one site's fresh answers compile it, the largest one's.
    const largest = this.largest();
    if (largest && largest.answers.site.size >= WARM_UP_ANSWERS_FROM) {
      warmUpAnswers(largest.answers.site);
    }
    this.#ready = true;
    this.#sourceUp = true;
    this.#lastSyncAt = Date.now();
  }

  /**
   * Keeps this server up to date with commits of any process: a catch-up on every
   * wake-up of the source, on every reconnect, and every few seconds.
   */
  startFollowing(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => void this.catchUp(), this.#source.capabilities.pollMs);
    this.#timer.unref();
    this.#source.watch(
      () => void this.catchUp(),
      (connected) => {
        if (connected) void this.catchUp();
        else this.#sourceUp = false;
      },
    );
  }

  /** Compares change versions with the built ones and updates what changed. */
  catchUp(): Promise<void> {
    if (this.#catchUp) {
      this.#catchUpAgain = true;
      return this.#catchUp;
    }
    const run = async () => {
      do {
        this.#catchUpAgain = false;
        if (!(await this.#catchUpOnce())) return;
        this.#lastSyncAt = Date.now();
      } while (this.#catchUpAgain && !this.#closed);
    };
    this.#catchUp = run().finally(() => {
      this.#catchUp = undefined;
    });
    return this.#catchUp;
  }

  /** One pass over the source's versions; false when the source did not answer. */
  async #catchUpOnce(): Promise<boolean> {
    let versions;
    try {
      versions = await this.#source.siteVersions();
    } catch {
      this.#sourceUp = false;
      return false;
    }
    this.#sourceUp = true;
    const seen = new Set<string>();
    for (const { scope, version } of versions) {
      const key = scopeKey(scope);
      seen.add(key);
      const slot = this.#slots.get(key);
      if (slot && slot.answers.site.version >= version) continue;
      if (!slot && !this.#ready) continue;
      try {
        await this.#update(scope);
      } catch {
        this.#sourceUp = false;
        return false;
      }
    }
    for (const slot of this.slots()) if (!seen.has(scopeKey(slot.scope))) this.#drop(slot.scope);
    return true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#catchUp?.catch(() => undefined);
    this.#slots.clear();
  }
}
