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
import { BADGE_SEPARATOR, importIntoSqlite } from './importIntoSqlite';
import type { GlobalFilterInfo, SiteInfo } from './loadSiteInfo';
import { loadSiteInfo } from './loadSiteInfo';
import { migrate } from './migrate';
import { toFtsQuery } from './toFtsQuery';

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

interface TextCardRow extends CardRow {
  total: number;
}

type SearchParams = Record<string, string | number>;

const CARD_COLUMNS = `d.title, d.summary, d.badges, d.url, d.image_url AS imageUrl`;

/**
 * OR within a group, AND across groups: one clause per group with selected items.
 * Ids come as a JSON array so the statement text only depends on how many groups.
 */
function filterClauses(groupCount: number, partnerColumn: string): string {
  let sql = '';
  for (let index = 0; index < groupCount; index += 1) {
    sql += ` AND ${partnerColumn} IN (SELECT pi.partner_id FROM partner_item pi
      WHERE pi.item_id IN (SELECT value FROM json_each(@group${index})))`;
  }
  return sql;
}

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
  readonly #editorialPages = new Map<number, Statement<[SearchParams], CardRow>>();
  readonly #editorialCounts = new Map<number, Statement<[SearchParams], { total: number }>>();
  readonly #textPages = new Map<number, Statement<[SearchParams], TextCardRow>>();
  readonly #textCounts = new Map<number, Statement<[SearchParams], { total: number }>>();
  readonly #hasSite: Statement<[], { found: number }>;

  constructor(options: SqliteStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.#db = new Database(options.path);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = NORMAL');
    this.#db.pragma('foreign_keys = ON');
    this.#db.pragma('busy_timeout = 5000');
    migrate(this.#db);
    this.#hasSite = this.#db.prepare(`SELECT EXISTS (SELECT 1 FROM site) AS found`);
  }

  #site(scope: Scope): SiteInfo | undefined {
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
    const groupCount = idsByGroup.size;
    const params: SearchParams = {
      locale: resolved,
      filter: filter.id,
      limit: resultsPerPage,
      offset,
    };
    [...idsByGroup.values()].forEach((ids, index) => {
      params[`group${index}`] = JSON.stringify(ids);
    });

    const match = toFtsQuery(criteria.text);
    let rows: CardRow[];
    let totalFound: number;
    if (match === null) {
      rows = this.#editorialPage(groupCount).all(params);
      // The count of an unfiltered global filter is kept by imports: no counting here.
      totalFound =
        groupCount === 0
          ? filter.partnerCount
          : (this.#editorialCount(groupCount).get(params)?.total ?? 0);
    } else {
      params.match = match;
      const textRows = this.#textPage(groupCount).all(params);
      rows = textRows;
      totalFound =
        textRows[0]?.total ??
        (offset > 0 ? (this.#textCount(groupCount).get(params)?.total ?? 0) : 0);
    }

    return {
      partners: rows.map(toPartner),
      totalFound,
      filterGroups: this.#filterGroups(filter, resolved),
      appliedCriteria: {
        globalFilter: filter.name,
        text: criteria.text,
        filterItemIds: appliedIds,
        offset,
        resultsPerPage,
      },
    };
  }

  #editorialPage(groupCount: number) {
    let statement = this.#editorialPages.get(groupCount);
    if (!statement) {
      statement = this.#db.prepare<[SearchParams], CardRow>(
        `SELECT ${CARD_COLUMNS}
         FROM partner_global_filter pg
         JOIN partner_doc d ON d.partner_id = pg.partner_id AND d.locale = @locale
         WHERE pg.global_filter_id = @filter ${filterClauses(groupCount, 'pg.partner_id')}
         ORDER BY pg.position, pg.partner_id
         LIMIT @limit OFFSET @offset`,
      );
      this.#editorialPages.set(groupCount, statement);
    }
    return statement;
  }

  #editorialCount(groupCount: number) {
    let statement = this.#editorialCounts.get(groupCount);
    if (!statement) {
      statement = this.#db.prepare<[SearchParams], { total: number }>(
        `SELECT count(*) AS total FROM partner_global_filter pg
         WHERE pg.global_filter_id = @filter ${filterClauses(groupCount, 'pg.partner_id')}`,
      );
      this.#editorialCounts.set(groupCount, statement);
    }
    return statement;
  }

  /**
   * FTS5 drives (CROSS JOIN fixes the order), so MATCH runs once and bm25 ranks;
   * the window count gives totalFound from the same pass.
   */
  #textPage(groupCount: number) {
    let statement = this.#textPages.get(groupCount);
    if (!statement) {
      statement = this.#db.prepare<[SearchParams], TextCardRow>(
        `WITH hits AS MATERIALIZED (
           SELECT rowid AS docId, bm25(partner_fts, 10.0, 1.0, 4.0) AS rank
           FROM partner_fts WHERE partner_fts MATCH @match
         )
         SELECT ${CARD_COLUMNS}, count(*) OVER () AS total
         FROM hits
         CROSS JOIN partner_doc d ON d.id = hits.docId
         CROSS JOIN partner_global_filter pg
           ON pg.partner_id = d.partner_id AND pg.global_filter_id = @filter
         WHERE d.locale = @locale ${filterClauses(groupCount, 'd.partner_id')}
         ORDER BY hits.rank, pg.position, d.partner_id
         LIMIT @limit OFFSET @offset`,
      );
      this.#textPages.set(groupCount, statement);
    }
    return statement;
  }

  #textCount(groupCount: number) {
    let statement = this.#textCounts.get(groupCount);
    if (!statement) {
      statement = this.#db.prepare<[SearchParams], { total: number }>(
        `SELECT count(*) AS total
         FROM partner_fts
         CROSS JOIN partner_doc d ON d.id = partner_fts.rowid
         CROSS JOIN partner_global_filter pg
           ON pg.partner_id = d.partner_id AND pg.global_filter_id = @filter
         WHERE partner_fts MATCH @match AND d.locale = @locale
           ${filterClauses(groupCount, 'd.partner_id')}`,
      );
      this.#textCounts.set(groupCount, statement);
    }
    return statement;
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
      this.#sites.clear();
      this.#answers.clear();
      // Fresh statistics help the planner choose between index and FTS paths.
      this.#db.pragma('optimize');
    }
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
