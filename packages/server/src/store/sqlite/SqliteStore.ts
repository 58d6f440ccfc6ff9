import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type {
  FilterDefinitions,
  FilterGroup,
  Partner,
  Scope,
  SearchCriteria,
} from '@partners-network/contract';
import type { DirectoryData } from '../DirectoryData';
import { directoryDataSchema } from '../DirectoryData';
import { DirectoryImportError } from '../DirectoryImportError';
import type {
  ImportOptions,
  ImportSummary,
  PartnerStore,
  StoreSearchResult,
} from '../PartnerStore';
import { pickText, resolveLocale } from '../resolveLocale';
import { importIntoSqlite } from './importIntoSqlite';
import type { GlobalFilterInfo, SiteInfo } from './loadSiteInfo';
import { loadSiteInfo } from './loadSiteInfo';
import { describeAnswer } from '../../search/describeAnswer';
import type { SiteIndex } from '../../search/SiteIndex';
import { searchTerms } from '../../search/searchTerms';
import { loadSiteIndex } from './loadSiteIndex';
import { migrate } from './migrate';
import { BADGE_SEPARATOR, writeMissingDocuments } from './writeDocuments';

export interface SqliteStoreOptions {
  /** A file path (its folder is created) or ':memory:'. */
  path: string;
}

interface CardRow {
  title: string;
  summary: string;
  badges: string;
  url: string;
  imageUrl: string;
}

interface EditorialParams {
  locale: string;
  filter: number;
  limit: number;
  offset: number;
}

/** Bounds of the cache of ordered ids: at most 4 MB of ids, in at most 5000 searches. */
const ID_CACHE_MAX_IDS = 1_000_000;
const ID_CACHE_MAX_ENTRIES = 5000;
/**
 * A search's first ids kept when nobody paged further: ten pages of ten. At 100k
 * partners a broad search matches 50k ids; keeping them all, the cache held 20 searches.
 */
const ID_CACHE_FIRST_IDS = 100;

interface OrderedIds {
  /** The first partner ordinals (SiteIndex) in answer order, or all of them. */
  ids: Int32Array;
  total: number;
}
/** Answers without text or items kept whole: every visitor's first search is one of them. */
const PAGE_CACHE_MAX_ENTRIES = 500;

/** Moves a key to the end of a Map used as a least-recently-used list. */
function touch<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

const CARD_COLUMNS = `d.title, d.summary, d.badges, d.url, d.image_url AS imageUrl`;

function toPartner(row: CardRow): Partner {
  return {
    image: { url: row.imageUrl },
    categories:
      row.badges === '' ? [] : row.badges.split(BADGE_SEPARATOR).map((name) => ({ name })),
    title: row.title,
    summary: row.summary,
    url: row.url,
  };
}

function filterGroupsOf(filter: GlobalFilterInfo, locale: string): FilterGroup[] {
  return filter.groups.map((group) => ({
    name: pickText(group.names, locale),
    filterItems: group.items.map((item) => ({ id: item.id, name: pickText(item.names, locale) })),
  }));
}

export class SqliteStore implements PartnerStore {
  readonly #db: Database.Database;
  readonly #sites = new Map<string, SiteInfo>();
  /** Answers that only change with an import: definitions and filter groups per locale. */
  readonly #answers = new Map<string, FilterDefinitions | FilterGroup[]>();
  readonly #editorialPage: Statement<[EditorialParams], CardRow>;
  /** Per site: partners, filters and words in memory, built on first use. */
  readonly #indexes = new Map<number, SiteIndex>();
  /** Ordered document ids of recent searches: Load More pages skip matching and ranking. */
  readonly #idCache = new Map<string, OrderedIds>();
  #idCacheSize = 0;
  /** Whole answers without text or items, shared: callers treat results as read-only. */
  readonly #pageCache = new Map<string, StoreSearchResult>();
  readonly #sitesScopes: Statement<[], { companyId: string; scopeGroupId: string }>;
  readonly #cardsByIds: Statement<[{ ids: string }], CardRow>;
  readonly #hasSite: Statement<[], { found: number }>;
  readonly #dataVersion: Statement<[], { data_version: number }>;
  #knownDataVersion = -1;

  constructor(options: SqliteStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.#db = new Database(options.path);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = NORMAL');
    this.#db.pragma('foreign_keys = ON');
    this.#db.pragma('busy_timeout = 5000');
    migrate(this.#db);
    writeMissingDocuments(this.#db);
    this.#hasSite = this.#db.prepare(`SELECT EXISTS (SELECT 1 FROM site) AS found`);
    this.#dataVersion = this.#db.prepare(`PRAGMA data_version`);
    // Served by the primary key (global_filter_id, position, partner_id): no sort, and
    // skipped rows of a deep page cost an index step each, not a document lookup.
    this.#editorialPage = this.#db.prepare(
      `SELECT ${CARD_COLUMNS}
       FROM (SELECT partner_id, position FROM partner_global_filter
             WHERE global_filter_id = @filter
             ORDER BY position, partner_id LIMIT @limit OFFSET @offset) pg
       JOIN partner_doc d ON d.partner_id = pg.partner_id AND d.locale = @locale
       ORDER BY pg.position, pg.partner_id`,
    );
    this.#sitesScopes = this.#db.prepare(
      `SELECT company_id AS companyId, scope_group_id AS scopeGroupId FROM site`,
    );
    this.#cardsByIds = this.#db.prepare(
      `SELECT ${CARD_COLUMNS}
       FROM json_each(@ids) j JOIN partner_doc d ON d.id = j.value
       ORDER BY j.key`,
    );
  }

  #site(scope: Scope): SiteInfo | undefined {
    // Another process (the import CLI) may have committed: then cached answers are stale.
    const version = this.#dataVersion.get()?.data_version ?? 0;
    if (version !== this.#knownDataVersion) {
      this.#knownDataVersion = version;
      this.#forget();
    }
    const key = `${scope.companyId}\u0000${scope.scopeGroupId}`;
    let site = this.#sites.get(key);
    if (!site) {
      site = loadSiteInfo(this.#db, scope);
      // Unknown scopes are not remembered, so probing random ids cannot grow memory.
      if (site) this.#sites.set(key, site);
    }
    return site;
  }

  async hasScope(scope: Scope): Promise<boolean> {
    return this.#site(scope) !== undefined;
  }

  async getFilterDefinitions(scope: Scope, locale: string): Promise<FilterDefinitions | null> {
    const site = this.#site(scope);
    if (!site) return null;
    const resolved = resolveLocale(locale, site.locales);
    const key = `definitions\u0000${site.id}\u0000${resolved}`;
    const cached = this.#answers.get(key);
    if (cached && !Array.isArray(cached)) return cached;
    const definitions: FilterDefinitions = {
      globalFilters: site.globalFilters.map((filter) => ({
        name: filter.name,
        label: pickText(filter.labels, resolved),
      })),
      defaultGlobalFilter: site.defaultGlobalFilter?.name ?? '',
      filterGroups: site.defaultGlobalFilter
        ? this.#filterGroups(site.defaultGlobalFilter, resolved)
        : [],
    };
    this.#answers.set(key, definitions);
    return definitions;
  }

  #filterGroups(filter: GlobalFilterInfo, locale: string): FilterGroup[] {
    const key = `groups\u0000${filter.id}\u0000${locale}`;
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
    const site = this.#site(scope);
    if (!site) return null;
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
    const filterGroups = this.#filterGroups(filter, resolved);
    const itemGroups = [...idsByGroup.values()].map((ids) => [...ids].sort((a, b) => a - b));
    const query = { locale: resolved, globalFilterId: filter.id, itemGroups, terms };
    // Counts, highlights and zero-result steps (search/describeAnswer.ts).
    const describe = (total: number, partners: Partner[]) => ({
      totalFound: total,
      appliedCriteria,
      ...describeAnswer(this.#index(site), {
        query,
        text: criteria.text,
        total,
        globalFilters: site.globalFilters,
        filterGroups,
        partners,
      }),
    });

    if (terms.length === 0 && idsByGroup.size === 0) {
      // What every visitor asks first: the whole answer is kept, its page read straight
      // from the editorial index, its count kept by imports.
      const key = `${site.id}\u0000${filter.id}\u0000${resolved}\u0000${offset}\u0000${resultsPerPage}\u0000${criteria.text}`;
      const cached = touch(this.#pageCache, key);
      if (cached) return cached;
      const rows = this.#editorialPage.all({
        locale: resolved,
        filter: filter.id,
        limit: resultsPerPage,
        offset,
      });
      const result = describe(filter.partnerCount, rows.map(toPartner));
      this.#pageCache.set(key, result);
      for (const oldKey of this.#pageCache.keys()) {
        if (this.#pageCache.size <= PAGE_CACHE_MAX_ENTRIES) break;
        this.#pageCache.delete(oldKey);
      }
      return result;
    }

    const key = [
      site.id,
      filter.id,
      resolved,
      itemGroups.map((ids) => ids.join(',')).join(';'),
      terms.join(' '),
    ].join('\u0000');
    const index = this.#index(site);
    const ordered = this.#orderedIds(key, offset + resultsPerPage, () => index.find(query));
    const docIds = index.documentIds(
      resolved,
      ordered.ids.subarray(offset, offset + resultsPerPage),
    );
    const rows = docIds.length === 0 ? [] : this.#cardsByIds.all({ ids: JSON.stringify(docIds) });
    return describe(ordered.total, rows.map(toPartner));
  }

  #index(site: SiteInfo): SiteIndex {
    let index = this.#indexes.get(site.id);
    if (!index) {
      index = loadSiteIndex(this.#db, site);
      this.#indexes.set(site.id, index);
    }
    return index;
  }

  /**
   * Loads every site and builds its search index now rather than on its first search:
   * a server calls it before listening, so no visitor waits for it (seconds at 100k).
   */
  warm(): void {
    for (const scope of this.#sitesScopes.all()) {
      const site = this.#site(scope);
      if (site) this.#index(site);
    }
  }

  async importDirectory(data: DirectoryData, options?: ImportOptions): Promise<ImportSummary> {
    const parsed = directoryDataSchema.safeParse(data);
    if (!parsed.success) {
      throw new DirectoryImportError(
        parsed.error.issues.map((issue) => ({
          path: issue.path.filter((part) => typeof part !== 'symbol'),
          message: issue.message,
        })),
      );
    }
    try {
      return this.#db.transaction(() => importIntoSqlite(this.#db, parsed.data, options))();
    } finally {
      this.#forget();
      // Fresh statistics help the planner choose between index and FTS paths.
      this.#db.pragma('optimize');
    }
  }

  /**
   * Matching partners in answer order, at least up to `end` (or all), kept for the
   * next pages and visitors: the first ones only, until someone pages further.
   */
  #orderedIds(key: string, end: number, find: () => Int32Array): OrderedIds {
    // Least recently used goes first out.
    const cached = touch(this.#idCache, key);
    if (cached && (end <= cached.ids.length || cached.ids.length === cached.total)) {
      return cached;
    }
    if (cached) this.#dropIds(key, cached);
    const all = find();
    const kept = {
      ids: end <= ID_CACHE_FIRST_IDS ? all.slice(0, ID_CACHE_FIRST_IDS) : all,
      total: all.length,
    };
    this.#idCache.set(key, kept);
    this.#idCacheSize += kept.ids.length + 1;
    for (const [oldKey, value] of this.#idCache) {
      if (this.#idCacheSize <= ID_CACHE_MAX_IDS && this.#idCache.size <= ID_CACHE_MAX_ENTRIES) {
        break;
      }
      this.#dropIds(oldKey, value);
    }
    // This answer's page is within `all` even when the cache kept less or dropped it.
    return { ids: all, total: all.length };
  }

  #dropIds(key: string, value: OrderedIds): void {
    this.#idCache.delete(key);
    this.#idCacheSize -= value.ids.length + 1;
  }

  #forget(): void {
    this.#sites.clear();
    this.#answers.clear();
    this.#indexes.clear();
    this.#pageCache.clear();
    this.#idCache.clear();
    this.#idCacheSize = 0;
  }

  async isEmpty(): Promise<boolean> {
    return this.#hasSite.get()?.found !== 1;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

/** Opens (creating and migrating when needed) a SQLite store. Synchronous: await is optional. */
export function openSqliteStore(options: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(options);
}
