/**
 * The application behind the routes, over any PartnerSource: sites, their search
 * indexes and cards in memory, criteria resolution, the caches, the import rules, and
 * keeping up with commits of other servers. An index is replaced only once its
 * successor is built, so no search ever waits for a change to be applied.
 */
import type {
  FilterDefinitions,
  FilterGroup,
  Partner,
  Scope,
  SearchCriteria,
} from '@partners-network/contract';
import { describeAnswer } from '../search/describeAnswer';
import type { FoundOrdinals } from '../search/SearchIndex';
import type { PartnerLocations } from '../search/PartnerLocations';
import { searchTerms } from '../search/searchTerms';
import type { DirectoryData, PartnerData, PartnerInput } from '../store/DirectoryData';
import { directoryDataSchema } from '../store/DirectoryData';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { ImportSummary, PartnerStore, StoreSearchResult } from '../store/PartnerStore';
import type { PartnerSource, SiteVersion } from '../store/PartnerSource';
import { SourceUnavailableError } from '../store/PartnerSource';
import { pickText, resolveLocale } from '../store/resolveLocale';
import type { BuiltSite } from './buildSite';
import { buildSiteFrom, cardOf } from './buildSite';
import { layerSite, warmUpCode } from './layerSite';
import type { MergeOptions } from './mergeDirectory';
import { mergeDirectory } from './mergeDirectory';
import { scopeKey } from '../store/scopeKey';
import type { GlobalFilterInfo } from './SiteInfo';
import type { MetricsSource, OperationalFigures } from '../metrics/OperationalFigures';

/** Bounds of the cache of ordered ids: at most 4 MB of ids, in at most 5000 searches. */
const ID_CACHE_MAX_IDS = 1_000_000;
const ID_CACHE_MAX_ENTRIES = 5000;
/**
 * A search's first ids kept when nobody paged further: ten pages of ten. At 100k
 * partners a broad search matches 50k ids; keeping them all, the cache held 20 searches.
 */
const ID_CACHE_FIRST_IDS = 100;
/** Answers without text or items kept whole: every visitor's first search is one of them. */
const PAGE_CACHE_MAX_ENTRIES = 500;
/**
 * Other answers kept whole (about 10 KB each, and their JSON): a repeated search skips its
 * counts and highlights, the larger part of its cost at 100k partners.
 */
const ANSWER_CACHE_MAX_ENTRIES = 500;
/**
 * Partners' cards as answers send them (about 1.5 KB each), by site generation, locale
 * and partner: unpacking ten cards was a tenth of a new search at 100k, and most pages
 * show partners other searches showed already (86 % of the cards of the bench's first-ask
 * pass had been shown before).
 */
const CARD_CACHE_MAX_ENTRIES = 1000;

interface OrderedIds {
  /** The first partner ordinals (SiteIndex) in answer order, or all of them. */
  ids: Int32Array;
  total: number;
}

/** Moves a key to the end of a Map used as a least-recently-used list. */
function touch<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function filterGroupsOf(filter: GlobalFilterInfo, locale: string): FilterGroup[] {
  return filter.groups.map((group) => ({
    name: pickText(group.names, locale),
    filterItems: group.items.map((item) => ({ id: item.id, name: pickText(item.names, locale) })),
  }));
}

function parseDirectory(data: DirectoryData) {
  const parsed = directoryDataSchema.safeParse(data);
  if (!parsed.success) {
    throw new DirectoryImportError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.filter((part) => typeof part !== 'symbol'),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

/** What /readyz and a metrics page read. */
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
  caches: { pageEntries: number; answerEntries: number; idEntries: number; ids: number };
}

export interface SearchServiceOptions {
  /**
   * Sites of this many partners or more are indexed (and searched) in a worker thread,
   * so applying a change never holds up a search; smaller ones build in milliseconds.
   */
  workerFrom?: number;
}

/**
 * Most partners changed since a site's whole build that an update lays over it; past
 * this a whole build costs less than laying them (and laying them is not sliced).
 */
const LAY_AT_MOST = 2000;
/** Changes laid from which the site is built whole again, in the background. */
const REBUILD_FROM = 500;

/** From this size an index build takes long enough (100 ms and more) to move off the event loop. */
export const WORKER_FROM = 10_000;

interface SiteSlot {
  scope: Scope;
  built: BuiltSite;
  changedAt: number;
  /**
   * Unique per slot, in every cache key: nothing computed from a replaced slot's index
   * is ever read as its successor's answer, whenever it reached a cache.
   */
  generation: number;
}

let nextGeneration = 1;

export class SearchService implements PartnerStore, MetricsSource {
  readonly #source: PartnerSource;
  readonly #sites = new Map<string, SiteSlot>();
  /** The update running per site (scope key), and the one queued after it. */
  readonly #running = new Map<string, Promise<SiteSlot | undefined>>();
  readonly #queued = new Map<string, Promise<SiteSlot | undefined>>();
  /** Sites being built whole again apart from their updates (see #rebuild). */
  readonly #rebuilding = new Set<string>();
  /** Answers that only change with a site: definitions and filter groups per locale. */
  readonly #answers = new Map<string, FilterDefinitions | FilterGroup[]>();
  /** Ordered ids of recent searches: Load More pages skip matching and ranking. */
  readonly #idCache = new Map<string, OrderedIds>();
  #idCacheSize = 0;
  /** Whole answers without text or items, shared: callers treat results as read-only. */
  readonly #pageCache = new Map<string, StoreSearchResult>();
  /** Whole answers of searches with text or items, the same way. */
  readonly #answerCache = new Map<string, StoreSearchResult>();
  #ready = false;
  #sourceUp = true;
  #lastSyncAt: number | undefined;
  #catchUp: Promise<void> | undefined;
  #catchUpAgain = false;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  /** Cache lookups, for `figures()` (GET /metrics). */
  readonly #cardCache = new Map<string, Partner>();
  readonly #cacheCounts = {
    cards: { hits: 0, misses: 0 },
    pages: { hits: 0, misses: 0 },
    answers: { hits: 0, misses: 0 },
    ids: { hits: 0, misses: 0 },
  };

  readonly #workerFrom: number;

  constructor(source: PartnerSource, options: SearchServiceOptions = {}) {
    this.#source = source;
    this.#workerFrom = options.workerFrom ?? WORKER_FROM;
  }

  get source(): PartnerSource {
    return this.#source;
  }

  async #site(scope: Scope): Promise<SiteSlot | undefined> {
    const key = scopeKey(scope);
    const slot = this.#sites.get(key);
    if (slot) return slot;
    // Concurrent first requests share one load.
    return this.#running.get(key) ?? this.#update(scope);
  }

  /**
   * Brings a site up to its version in the source, one update per site at a time: an
   * update asked for while one runs runs after it (so it sees what the first may have
   * missed), and every later ask joins that queued one.
   */
  #update(scope: Scope): Promise<SiteSlot | undefined> {
    const key = scopeKey(scope);
    const queued = this.#queued.get(key);
    if (queued) return queued;
    this.startFollowing();
    const run = (): Promise<SiteSlot | undefined> => {
      this.#queued.delete(key);
      const step = this.#step(scope);
      this.#running.set(key, step);
      const done = () => {
        if (this.#running.get(key) === step) this.#running.delete(key);
      };
      step.then(done, done);
      return step;
    };
    const running = this.#running.get(key);
    if (!running) return run();
    const next = running.catch(() => undefined).then(run);
    this.#queued.set(key, next);
    return next;
  }

  /**
   * One update: the changes since the last whole build laid over it when they are few
   * and leave the definitions as they were (milliseconds), else a whole build (seconds
   * at 100k partners, in a worker). Searches answer from the current slot meanwhile.
   */
  async #step(scope: Scope): Promise<SiteSlot | undefined> {
    const key = scopeKey(scope);
    const slot = this.#sites.get(key);
    if (slot) {
      const { whole } = slot.built;
      const changes = await this.#guard(() =>
        this.#source.changesSince(scope, whole.version, LAY_AT_MOST),
      );
      if (changes === undefined) {
        this.#drop(key);
        return undefined;
      }
      if (changes !== 'reload' && changes.version <= slot.built.version) return slot;
      if (changes !== 'reload' && JSON.stringify(changes.definitions) === whole.definitions) {
        const laid = this.#swap(key, scope, await layerSite(scope, whole, changes));
        if (laid.built.laid >= REBUILD_FROM) this.#rebuild(scope);
        return laid;
      }
    }
    const built = await this.#buildWhole(scope);
    // Unknown scopes are not remembered, so probing random ids cannot grow memory.
    if (!built) {
      this.#drop(key);
      return undefined;
    }
    return this.#swap(key, scope, built);
  }

  /** Loads a site and builds it whole, page by page as the source reads it. */
  #buildWhole(scope: Scope): Promise<BuiltSite | undefined> {
    return this.#guard(() =>
      this.#source.loadSite(scope, (head, pages) =>
        buildSiteFrom(head, pages, { workerFrom: this.#workerFrom }),
      ),
    );
  }

  /** Serves a build from now on, unless the site already serves a newer one. */
  #swap(key: string, scope: Scope, built: BuiltSite): SiteSlot {
    const current = this.#sites.get(key);
    if (current && current.built.version > built.version) return current;
    const slot = { scope, built, changedAt: Date.now(), generation: nextGeneration++ };
    this.#sites.set(key, slot);
    this.#forget();
    return slot;
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
    await this.#running.get(key)?.catch(() => undefined);
    const current = this.#sites.get(key);
    if (!current || current.built.version <= built.version) {
      this.#swap(key, scope, built);
    } else {
      const changes = await this.#guard(() =>
        this.#source.changesSince(scope, built.version, LAY_AT_MOST),
      );
      if (changes === undefined || changes === 'reload') return;
      if (JSON.stringify(changes.definitions) !== built.whole.definitions) return;
      const laid = await layerSite(scope, built.whole, changes);
      if (laid.version >= (this.#sites.get(key)?.built.version ?? 0)) this.#swap(key, scope, laid);
    }
  }

  #drop(key: string): void {
    const slot = this.#sites.get(key);
    if (!slot) return;
    this.#sites.delete(key);
    this.#forget();
  }

  async #guard<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof DirectoryImportError) throw error;
      if (this.#source.capabilities.remote && isConnectionError(error)) {
        this.#sourceUp = false;
        throw new SourceUnavailableError(error);
      }
      throw error;
    }
  }

  async hasScope(scope: Scope): Promise<boolean> {
    return (await this.#site(scope)) !== undefined;
  }

  async getFilterDefinitions(scope: Scope, locale: string): Promise<FilterDefinitions | null> {
    const slot = await this.#site(scope);
    if (!slot) return null;
    const site = slot.built.info;
    const resolved = resolveLocale(locale, site.locales);
    const key = `definitions\u0000${slot.generation}\u0000${resolved}`;
    const cached = this.#answers.get(key);
    if (cached && !Array.isArray(cached)) return cached;
    const definitions: FilterDefinitions = {
      globalFilters: site.globalFilters.map((filter) => ({
        name: filter.name,
        label: pickText(filter.labels, resolved),
      })),
      defaultGlobalFilter: site.defaultGlobalFilter?.name ?? '',
      filterGroups: site.defaultGlobalFilter
        ? this.#filterGroups(slot, site.defaultGlobalFilter, resolved)
        : [],
    };
    this.#answers.set(key, definitions);
    return definitions;
  }

  #filterGroups(slot: SiteSlot, filter: GlobalFilterInfo, locale: string): FilterGroup[] {
    const key = `groups\u0000${slot.generation}\u0000${filter.id}\u0000${locale}`;
    const cached = this.#answers.get(key);
    if (Array.isArray(cached)) return cached;
    const groups = filterGroupsOf(filter, locale);
    this.#answers.set(key, groups);
    return groups;
  }

  async search(
    scope: Scope,
    criteria: SearchCriteria,
    locale: string,
  ): Promise<StoreSearchResult | null> {
    const slot = await this.#site(scope);
    if (!slot) return null;
    return this.#searchSlot(slot, criteria, locale);
  }

  #searchSlot(slot: SiteSlot, criteria: SearchCriteria, locale: string): StoreSearchResult {
    const { info: site, index } = slot.built;
    const resolved = resolveLocale(locale, site.locales);
    const filter =
      site.byName.get(criteria.globalFilter) ??
      site.globalFilters.find(
        (candidate) => candidate.name.toLowerCase() === criteria.globalFilter.toLowerCase(),
      ) ??
      site.defaultGlobalFilter;
    const { offset, resultsPerPage } = criteria;
    if (!filter) {
      return {
        partners: [],
        totalFound: 0,
        filterGroups: [],
        appliedCriteria: { ...criteria, globalFilter: '', filterItemIds: [] },
      };
    }

    // Only ids of this global filter's groups apply; they are grouped for OR/AND.
    const idsByGroup = new Map<number, number[]>();
    const appliedIds: number[] = [];
    for (const id of criteria.filterItemIds) {
      const groupId = filter.itemGroup.get(id);
      if (groupId === undefined || appliedIds.includes(id)) continue;
      appliedIds.push(id);
      const ids = idsByGroup.get(groupId) ?? [];
      ids.push(id);
      idsByGroup.set(groupId, ids);
    }
    const terms = searchTerms(criteria.text);
    const appliedCriteria = {
      globalFilter: filter.name,
      text: criteria.text,
      filterItemIds: appliedIds,
      offset,
      resultsPerPage,
    };
    const filterGroups = this.#filterGroups(slot, filter, resolved);
    const cards = (ordinals: Int32Array) =>
      Array.from(ordinals).flatMap((ordinal) => {
        const card = this.#card(slot, ordinal, resolved);
        return card ? [card] : [];
      });
    const itemGroups = [...idsByGroup.values()].map((ids) => [...ids].sort((a, b) => a - b));
    const query = { locale: resolved, globalFilterId: filter.id, itemGroups, terms };
    // Counts, highlights and zero-result steps (search/describeAnswer.ts).
    const describe = (total: number, page: Int32Array): StoreSearchResult => ({
      totalFound: total,
      appliedCriteria,
      ...describeAnswer(index, {
        query,
        text: criteria.text,
        total,
        globalFilters: site.globalFilters.map(({ id, name }) => ({ id, name })),
        filterGroups,
        partners: cards(page),
      }),
    });

    if (terms.length === 0 && idsByGroup.size === 0) {
      // What every visitor asks first: the whole answer is kept.
      const key = `${slot.generation}\u0000${filter.id}\u0000${resolved}\u0000${offset}\u0000${resultsPerPage}\u0000${criteria.text}`;
      const cached = touch(this.#pageCache, key);
      this.#cacheCounts.pages[cached ? 'hits' : 'misses'] += 1;
      if (cached) return cached;
      const first = index.findFirst(query, offset + resultsPerPage);
      const result = describe(first.total, first.ordinals.subarray(offset));
      this.#pageCache.set(key, result);
      for (const oldKey of this.#pageCache.keys()) {
        if (this.#pageCache.size <= PAGE_CACHE_MAX_ENTRIES) break;
        this.#pageCache.delete(oldKey);
      }
      return result;
    }

    const key = [
      slot.generation,
      filter.id,
      resolved,
      itemGroups.map((ids) => ids.join(',')).join(';'),
      terms.join(' '),
    ].join('\u0000');
    // The answer echoes the text and the ids as sent: they are part of its key.
    const answerKey = `${key}\u0000${offset}\u0000${resultsPerPage}\u0000${appliedIds.join(',')}\u0000${criteria.text}`;
    const cached = touch(this.#answerCache, answerKey);
    this.#cacheCounts.answers[cached ? 'hits' : 'misses'] += 1;
    if (cached) return cached;
    const ordered = this.#orderedIds(key, offset + resultsPerPage, (limit) =>
      index.findFirst(query, limit),
    );
    const result = describe(ordered.total, ordered.ids.subarray(offset, offset + resultsPerPage));
    this.#answerCache.set(answerKey, result);
    for (const oldKey of this.#answerCache.keys()) {
      if (this.#answerCache.size <= ANSWER_CACHE_MAX_ENTRIES) break;
      this.#answerCache.delete(oldKey);
    }
    return result;
  }

  /** The site's partners' locations (search/PartnerLocations); null for an unknown site. */
  async siteLocations(scope: Scope): Promise<PartnerLocations | null> {
    const slot = await this.#site(scope);
    return slot ? slot.built.locations : null;
  }

  /** A partner's card in a locale, unpacked once for every answer that shows it. */
  #card(slot: SiteSlot, ordinal: number, locale: string): Partner | undefined {
    const key = `${slot.generation}\u0000${locale}\u0000${ordinal}`;
    const cached = touch(this.#cardCache, key);
    this.#cacheCounts.cards[cached ? 'hits' : 'misses'] += 1;
    if (cached) return cached;
    const packed = slot.built.cards.read(ordinal);
    if (!packed) return undefined;
    const card = cardOf(packed, locale, slot.built.items);
    this.#cardCache.set(key, card);
    for (const oldKey of this.#cardCache.keys()) {
      if (this.#cardCache.size <= CARD_CACHE_MAX_ENTRIES) break;
      this.#cardCache.delete(oldKey);
    }
    return card;
  }

  /**
   * Matching partners in answer order, at least up to `end` (or all), kept for the
   * next pages and visitors: the first ones only, until someone pages further.
   */
  #orderedIds(key: string, end: number, find: (limit: number) => FoundOrdinals): OrderedIds {
    const cached = touch(this.#idCache, key);
    if (cached && (end <= cached.ids.length || cached.ids.length === cached.total)) {
      this.#cacheCounts.ids.hits += 1;
      return cached;
    }
    this.#cacheCounts.ids.misses += 1;
    if (cached) this.#dropIds(key, cached);
    // The first pages are found alone; paging past them finds and keeps the whole answer.
    const found = find(end <= ID_CACHE_FIRST_IDS ? ID_CACHE_FIRST_IDS : Infinity);
    const kept = { ids: found.ordinals, total: found.total };
    this.#idCache.set(key, kept);
    this.#idCacheSize += kept.ids.length + 1;
    for (const [oldKey, value] of this.#idCache) {
      if (this.#idCacheSize <= ID_CACHE_MAX_IDS && this.#idCache.size <= ID_CACHE_MAX_ENTRIES) {
        break;
      }
      this.#dropIds(oldKey, value);
    }
    return kept;
  }

  #dropIds(key: string, value: OrderedIds): void {
    this.#idCache.delete(key);
    this.#idCacheSize -= value.ids.length + 1;
  }

  /** A site changed: every cached answer may be stale (caches are small and refill fast). */
  #forget(): void {
    this.#answers.clear();
    this.#cardCache.clear();
    this.#pageCache.clear();
    this.#answerCache.clear();
    this.#idCache.clear();
    this.#idCacheSize = 0;
  }

  /**
   * Loads every site and builds its index now rather than on its first search: a
   * server calls it before listening, so no visitor waits for it (seconds at 100k).
   */
  async warm(): Promise<void> {
    const versions = await this.#guard(() => this.#source.siteVersions());
    for (const { scope } of versions) await this.#update(scope);
    await warmUpCode();
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

  /** Compares change versions with the built ones and rebuilds what changed. */
  catchUp(): Promise<void> {
    if (this.#catchUp) {
      this.#catchUpAgain = true;
      return this.#catchUp;
    }
    const run = async () => {
      do {
        this.#catchUpAgain = false;
        let versions: SiteVersion[];
        try {
          versions = await this.#source.siteVersions();
        } catch {
          this.#sourceUp = false;
          return;
        }
        this.#sourceUp = true;
        const seen = new Set<string>();
        for (const { scope, version } of versions) {
          const key = scopeKey(scope);
          seen.add(key);
          const slot = this.#sites.get(key);
          if (slot && slot.built.version >= version) continue;
          if (!slot && !this.#ready) continue;
          try {
            await this.#update(scope);
          } catch {
            this.#sourceUp = false;
            return;
          }
        }
        for (const key of [...this.#sites.keys()]) if (!seen.has(key)) this.#drop(key);
        this.#lastSyncAt = Date.now();
      } while (this.#catchUpAgain && !this.#closed);
    };
    this.#catchUp = run().finally(() => {
      this.#catchUp = undefined;
    });
    return this.#catchUp;
  }

  async importDirectory(data: DirectoryData, options?: MergeOptions): Promise<ImportSummary> {
    const parsed = parseDirectory(data);
    const scopes = [
      ...new Map(
        parsed.sites.map(({ companyId, scopeGroupId }) => [
          scopeKey({ companyId, scopeGroupId }),
          { companyId, scopeGroupId },
        ]),
      ).values(),
    ];
    const summary = await this.#guard(() =>
      this.#source.write(
        scopes.map((scope) => ({
          scope,
          // Only the partners the data names, unless all of them may go.
          slugs: options?.replace
            ? ('all' as const)
            : parsed.sites
                .filter((site) => scopeKey(site) === scopeKey(scope))
                .flatMap((site) => site.partners.map((partner) => partner.slug)),
        })),
        (states) => mergeDirectory(parsed, states, options),
        (done, total) => options?.onProgress?.(done, total, 'index'),
      ),
    );
    await this.#reload(scopes);
    return summary;
  }

  /** Updates written sites before a write answers, so its writer sees it at once. */
  async #reload(scopes: Scope[]): Promise<void> {
    const done = new Set<string>();
    for (const scope of scopes) {
      const key = scopeKey(scope);
      if (done.has(key)) continue;
      done.add(key);
      // Only sites this process serves: the import CLI builds no index it would not use.
      // An update that started before the write may miss it: this one runs after it.
      if (this.#sites.has(key) || this.#running.has(key)) await this.#update(scope);
    }
  }

  /** One partner as a row of the JSON import format; undefined for an unknown slug. */
  async getPartner(scope: Scope, slug: string): Promise<PartnerData | undefined> {
    const stored = await this.#guard(() => this.#source.readPartner(scope, slug));
    if (!stored) return undefined;
    return {
      slug: stored.slug,
      title: stored.record.title,
      summary: stored.record.summary,
      url: stored.record.url,
      imageUrl: stored.record.imageUrl,
      position: stored.position,
      globalFilters: stored.record.globalFilters,
      filterItemIds: stored.record.filterItemIds,
      locations: stored.record.locations ?? [],
    };
  }

  /** Creates or replaces one partner of an existing site; false when the site is unknown. */
  async putPartner(scope: Scope, partner: PartnerInput): Promise<'created' | 'updated' | null> {
    if (!(await this.hasScope(scope))) return null;
    const summary = await this.importDirectory({ sites: [{ ...scope, partners: [partner] }] });
    return summary.partnersCreated > 0 ? 'created' : 'updated';
  }

  /** Removes one partner; false when there was none with that slug. */
  async deletePartner(scope: Scope, slug: string): Promise<boolean> {
    const deleted = await this.#guard(() =>
      this.#source.write([{ scope, slugs: [slug] }], ([state]) => {
        if (!state?.existed || !state.partners.has(slug)) return { changes: [], result: false };
        return {
          changes: [{ scope, definitions: state.definitions, upserts: [], deletes: [slug] }],
          result: true,
        };
      }),
    );
    if (deleted) await this.#reload([scope]);
    return deleted;
  }

  /** Empty when no site exists; answered from memory when a site is loaded. */
  async isEmpty(): Promise<boolean> {
    if (this.#sites.size > 0) return false;
    return this.#guard(() => this.#source.isEmpty());
  }

  /** Seeds an empty database once, even when several servers start together. */
  async seedIfEmpty(directory: () => DirectoryData): Promise<boolean> {
    return this.#source.exclusive(async () => {
      if (!(await this.#source.isEmpty())) return false;
      await this.importDirectory(directory());
      return true;
    });
  }

  state(): ServiceState {
    return {
      ready: this.#ready || this.#sites.size > 0,
      sourceUp: this.#sourceUp,
      lastSyncAt: this.#lastSyncAt,
      sites: [...this.#sites.values()].map((slot) => ({
        ...slot.scope,
        partners: slot.built.size,
        version: slot.built.version,
        changedAt: slot.changedAt,
        indexBuiltInWorker: slot.built.whole.builtInWorker,
        laidPartners: slot.built.laid,
      })),
      caches: {
        pageEntries: this.#pageCache.size,
        answerEntries: this.#answerCache.size,
        idEntries: this.#idCache.size,
        ids: this.#idCacheSize,
      },
    };
  }

  /** What `/metrics` shows: each site's index and version, the caches with their bounds. */
  figures(): OperationalFigures {
    return {
      sites: [...this.#sites.values()].map((slot) => ({
        ...slot.scope,
        indexedPartners: slot.built.size,
        changeVersion: slot.built.version,
        lastChangeSeenAt: slot.changedAt,
      })),
      caches: [
        {
          cache: 'first-pages',
          entries: this.#pageCache.size,
          maxEntries: PAGE_CACHE_MAX_ENTRIES,
          ...this.#cacheCounts.pages,
        },
        {
          cache: 'answers',
          entries: this.#answerCache.size,
          maxEntries: ANSWER_CACHE_MAX_ENTRIES,
          ...this.#cacheCounts.answers,
        },
        {
          cache: 'cards',
          entries: this.#cardCache.size,
          maxEntries: CARD_CACHE_MAX_ENTRIES,
          ...this.#cacheCounts.cards,
        },
        {
          cache: 'ordered-ids',
          entries: this.#idCache.size,
          maxEntries: ID_CACHE_MAX_ENTRIES,
          ...this.#cacheCounts.ids,
        },
      ],
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#catchUp?.catch(() => undefined);
    this.#sites.clear();
    await this.#source.close();
  }
}

/** Errors that mean the database cannot be reached, not that a query was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P03'].includes(
      code,
    ) ||
    code.startsWith('08') ||
    /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
      error.message,
    )
  );
}
