/**
 * The search counts in SQLite: a connection of their own to the site's file (WAL lets it
 * write while searches load sites), migrated like the source. A flush is one transaction
 * of upserts that add to the stored counts.
 */
import Database from 'better-sqlite3';
import type { Scope } from '@partners-network/contract';
import type {
  ClickCount,
  StatsQuery,
  SearchCount,
  StatsBatch,
  StatsStore,
  StoredInsights,
} from '../StatsStore';
import { itemIdsColumn } from '../StatsStore';
import { migrate } from './migrate';
import type { SqliteSourceOptions } from './openSource';

/** The rows of one site, period and (when given) locale; `alias.` before each column. */
function where(alias = ''): string {
  return `${alias}company_id = @companyId AND ${alias}scope_group_id = @scopeGroupId
    AND ${alias}day BETWEEN @from AND @to AND (@locale IS NULL OR ${alias}locale = @locale)`;
}

/** Texts seen often enough to be listed (never a redacted search: its text is not kept). */
const SHOWN_TEXTS = `SELECT text, sum(searches) AS searches, sum(zero_results) AS zeroResults
  FROM search_count WHERE ${where()} AND redacted = 0
  GROUP BY text HAVING sum(searches) >= @min`;

const SQL = {
  addSearches: `INSERT INTO search_count (company_id, scope_group_id, day, locale, text, redacted,
      global_filter, item_ids, searches, zero_results)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (company_id, scope_group_id, day, locale, text, redacted, global_filter, item_ids)
    DO UPDATE SET searches = searches + excluded.searches,
      zero_results = zero_results + excluded.zero_results`,
  addClicks: `INSERT INTO click_count (company_id, scope_group_id, day, locale, text, redacted,
      partner_id, position, clicks)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (company_id, scope_group_id, day, locale, text, redacted, partner_id, position)
    DO UPDATE SET clicks = clicks + excluded.clicks`,
  pruneSearches: `DELETE FROM search_count WHERE day < ?`,
  pruneClicks: `DELETE FROM click_count WHERE day < ?`,
  eraseSearches: `DELETE FROM search_count WHERE company_id = ? AND scope_group_id = ?`,
  eraseClicks: `DELETE FROM click_count WHERE company_id = ? AND scope_group_id = ?`,
  days: `SELECT day, sum(searches) AS searches, sum(zero_results) AS zeroResults
    FROM search_count WHERE ${where()} GROUP BY day ORDER BY day`,
  redacted: `SELECT coalesce(sum(searches), 0) AS searches
    FROM search_count WHERE ${where()} AND redacted = 1`,
  shown: `SELECT coalesce(sum(searches), 0) AS searches, coalesce(sum(zeroResults), 0) AS zeroResults
    FROM (${SHOWN_TEXTS})`,
  texts: `WITH shown AS (${SHOWN_TEXTS} ORDER BY searches DESC, text LIMIT @limit),
    clicked AS (SELECT text, sum(clicks) AS clicks FROM click_count
      WHERE ${where()} AND redacted = 0 AND text IN (SELECT text FROM shown) GROUP BY text)
    SELECT s.text, s.searches, s.zeroResults, coalesce(c.clicks, 0) AS clicks
    FROM shown s LEFT JOIN clicked c ON c.text = s.text ORDER BY s.searches DESC, s.text`,
  zeroResults: `WITH shown AS (${SHOWN_TEXTS})
    SELECT text, global_filter AS globalFilter, item_ids AS itemIds, sum(zero_results) AS searches
    FROM search_count WHERE ${where()} AND redacted = 0 AND zero_results > 0
      AND text IN (SELECT text FROM shown)
    GROUP BY text, global_filter, item_ids
    ORDER BY searches DESC, text, global_filter, item_ids LIMIT @limit`,
  items: `SELECT s.global_filter AS globalFilter, CAST(j.value AS INTEGER) AS itemId,
      sum(s.searches) AS searches, sum(s.zero_results) AS zeroResults
    FROM search_count s, json_each(s.item_ids) j WHERE ${where('s.')}
    GROUP BY s.global_filter, itemId ORDER BY searches DESC, globalFilter, itemId LIMIT @limit`,
  partners: `SELECT c.partner_id AS partnerId, p.slug AS slug, sum(c.clicks) AS clicks
    FROM click_count c LEFT JOIN partner p ON p.id = c.partner_id AND p.site_id =
      (SELECT id FROM site WHERE company_id = @companyId AND scope_group_id = @scopeGroupId)
    WHERE ${where('c.')} GROUP BY c.partner_id, p.slug
    ORDER BY clicks DESC, partnerId LIMIT @limit`,
  positions: `SELECT position, sum(clicks) AS clicks FROM click_count WHERE ${where()}
    GROUP BY position ORDER BY position LIMIT @limit`,
  clicks: `SELECT coalesce(sum(clicks), 0) AS clicks FROM click_count WHERE ${where()}`,
};

interface Params {
  companyId: string;
  scopeGroupId: string;
  from: string;
  to: string;
  locale: string | null;
}

interface Searches {
  searches: number;
  zeroResults: number;
}

function searchRow(count: SearchCount): unknown[] {
  const { scope, search } = count;
  return [
    scope.companyId,
    scope.scopeGroupId,
    count.day,
    search.locale,
    search.text ?? '',
    search.text === null ? 1 : 0,
    search.globalFilter,
    itemIdsColumn(search.itemIds),
    count.searches,
    count.zeroResults,
  ];
}

function clickRow(count: ClickCount): unknown[] {
  return [
    count.scope.companyId,
    count.scope.scopeGroupId,
    count.day,
    count.locale,
    count.text ?? '',
    count.text === null ? 1 : 0,
    count.partnerId,
    count.position,
    count.clicks,
  ];
}

function parseItemIds(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

export interface SqliteStatsOptions extends SqliteSourceOptions {
  /** How long a flush waits for another connection's write lock before it fails (5000 ms). */
  busyTimeoutMs?: number;
}

export function openStats(options: SqliteStatsOptions): StatsStore {
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  migrate(db);

  const write = {
    searches: db.prepare<unknown[]>(SQL.addSearches),
    clicks: db.prepare<unknown[]>(SQL.addClicks),
    pruneSearches: db.prepare<[string]>(SQL.pruneSearches),
    pruneClicks: db.prepare<[string]>(SQL.pruneClicks),
  };
  const add = db.transaction((batch: StatsBatch, keepFrom: string) => {
    for (const count of batch.searches) write.searches.run(searchRow(count));
    for (const count of batch.clicks) write.clicks.run(clickRow(count));
    write.pruneSearches.run(keepFrom);
    write.pruneClicks.run(keepFrom);
  });

  const read = {
    days: db.prepare<[Params], { day: string } & Searches>(SQL.days),
    redacted: db.prepare<[Params], { searches: number }>(SQL.redacted),
    shown: db.prepare<[Params & { min: number }], Searches>(SQL.shown),
    texts: db.prepare<
      [Params & { min: number; limit: number }],
      { text: string; clicks: number } & Searches
    >(SQL.texts),
    zeroResults: db.prepare<
      [Params & { min: number; limit: number }],
      { text: string; globalFilter: string; itemIds: string; searches: number }
    >(SQL.zeroResults),
    items: db.prepare<
      [Params & { limit: number }],
      { globalFilter: string; itemId: number } & Searches
    >(SQL.items),
    partners: db.prepare<
      [Params & { limit: number }],
      { partnerId: number; slug: string | null; clicks: number }
    >(SQL.partners),
    positions: db.prepare<[Params & { limit: number }], { position: number; clicks: number }>(
      SQL.positions,
    ),
    clicks: db.prepare<[Params], { clicks: number }>(SQL.clicks),
  };
  // One snapshot: every figure of an answer is of the same moment.
  const insights = db.transaction((query: StatsQuery): StoredInsights => {
    const params: Params = {
      companyId: query.scope.companyId,
      scopeGroupId: query.scope.scopeGroupId,
      from: query.from,
      to: query.to,
      locale: query.locale ?? null,
    };
    const limited = { ...params, limit: query.limit };
    const shown = { ...limited, min: query.minTextCount };
    return {
      days: read.days.all(params),
      redacted: read.redacted.get(params)?.searches ?? 0,
      shown: read.shown.get({ ...params, min: query.minTextCount }) ?? {
        searches: 0,
        zeroResults: 0,
      },
      texts: read.texts.all(shown),
      zeroResults: read.zeroResults
        .all(shown)
        .map((row) => ({ ...row, itemIds: parseItemIds(row.itemIds) })),
      items: read.items.all(limited),
      partners: read.partners.all(limited),
      positions: read.positions.all(limited),
      clicks: read.clicks.get(params)?.clicks ?? 0,
    };
  });

  const eraseSearches = db.prepare<[string, string]>(SQL.eraseSearches);
  const eraseClicks = db.prepare<[string, string]>(SQL.eraseClicks);
  const erase = db.transaction((scope: Scope) => {
    eraseSearches.run(scope.companyId, scope.scopeGroupId);
    eraseClicks.run(scope.companyId, scope.scopeGroupId);
  });

  return {
    async add(batch, keepFrom) {
      add.immediate(batch, keepFrom);
    },
    async erase(scope) {
      erase.immediate(scope);
    },
    async insights(query) {
      return insights(query);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
