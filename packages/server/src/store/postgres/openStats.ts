/**
 * The search counts in PostgreSQL, shared by every server: a small pool of their own
 * (a flush never waits behind a site's load), migrated like the source. A flush is one
 * transaction of upserts that add to the stored counts (`n = n + excluded.n`), its rows in
 * one order on every server, so two servers flushing at once wait for each other instead
 * of deadlocking.
 */
import type { PoolClient } from 'pg';
import * as z from 'zod';
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
import { SourceUnavailableError } from '../PartnerSource';
import { isConnectionError } from './isConnectionError';
import { openPool } from './openPool';
import type { PostgresSourceOptions } from './openSource';

/** Rows per statement: one JSON parameter each. */
const CHUNK = 2000;

/** $1 to $5: site, period and locale (null: every locale); `alias.` before each column. */
function where(alias = ''): string {
  return `${alias}company_id = $1 AND ${alias}scope_group_id = $2
    AND ${alias}day BETWEEN $3::date AND $4::date AND ($5::text IS NULL OR ${alias}locale = $5)`;
}

/** Texts seen often enough to be listed ($6: how often); never a redacted search. */
const SHOWN_TEXTS = `SELECT text, sum(searches) AS searches, sum(zero_results) AS zero_results
  FROM search_count WHERE ${where()} AND NOT redacted
  GROUP BY text HAVING sum(searches) >= $6::int`;

const SQL = {
  addSearches: `INSERT INTO search_count (company_id, scope_group_id, day, locale, text, redacted,
      global_filter, item_ids, searches, zero_results)
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (company_id text, scope_group_id text,
      day date, locale text, text text, redacted boolean, global_filter text, item_ids text,
      searches integer, zero_results integer)
    ON CONFLICT (company_id, scope_group_id, day, locale, text, redacted, global_filter, item_ids)
    DO UPDATE SET searches = search_count.searches + excluded.searches,
      zero_results = search_count.zero_results + excluded.zero_results`,
  addClicks: `INSERT INTO click_count (company_id, scope_group_id, day, locale, text, redacted,
      partner_id, position, clicks)
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (company_id text, scope_group_id text,
      day date, locale text, text text, redacted boolean, partner_id integer, position integer,
      clicks integer)
    ON CONFLICT (company_id, scope_group_id, day, locale, text, redacted, partner_id, position)
    DO UPDATE SET clicks = click_count.clicks + excluded.clicks`,
  pruneSearches: `DELETE FROM search_count WHERE day < $1::date`,
  pruneClicks: `DELETE FROM click_count WHERE day < $1::date`,
  eraseSearches: `DELETE FROM search_count WHERE company_id = $1 AND scope_group_id = $2`,
  eraseClicks: `DELETE FROM click_count WHERE company_id = $1 AND scope_group_id = $2`,
  days: `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(searches) AS searches,
      sum(zero_results) AS zero_results
    FROM search_count WHERE ${where()} GROUP BY day ORDER BY day`,
  redacted: `SELECT coalesce(sum(searches), 0) AS searches
    FROM search_count WHERE ${where()} AND redacted`,
  shown: `SELECT coalesce(sum(searches), 0) AS searches, coalesce(sum(zero_results), 0) AS zero_results
    FROM (${SHOWN_TEXTS}) AS shown`,
  texts: `WITH shown AS (${SHOWN_TEXTS} ORDER BY searches DESC, text COLLATE "C" LIMIT $7::int),
    clicked AS (SELECT text, sum(clicks) AS clicks FROM click_count
      WHERE ${where()} AND NOT redacted AND text IN (SELECT text FROM shown) GROUP BY text)
    SELECT s.text, s.searches, s.zero_results, coalesce(c.clicks, 0) AS clicks
    FROM shown s LEFT JOIN clicked c ON c.text = s.text
    ORDER BY s.searches DESC, s.text COLLATE "C"`,
  zeroResults: `WITH shown AS (${SHOWN_TEXTS})
    SELECT text, global_filter, item_ids, sum(zero_results) AS searches
    FROM search_count WHERE ${where()} AND NOT redacted AND zero_results > 0
      AND text IN (SELECT text FROM shown)
    GROUP BY text, global_filter, item_ids
    ORDER BY searches DESC, text COLLATE "C", global_filter COLLATE "C", item_ids COLLATE "C"
    LIMIT $7::int`,
  items: `SELECT s.global_filter, j.value::int AS item_id, sum(s.searches) AS searches,
      sum(s.zero_results) AS zero_results
    FROM search_count s CROSS JOIN LATERAL jsonb_array_elements_text(s.item_ids::jsonb) AS j (value)
    WHERE ${where('s.')}
    GROUP BY s.global_filter, item_id
    ORDER BY searches DESC, s.global_filter COLLATE "C", item_id LIMIT $6::int`,
  partners: `SELECT c.partner_id, p.slug, sum(c.clicks) AS clicks
    FROM click_count c LEFT JOIN partner p ON p.id = c.partner_id AND p.site_id =
      (SELECT id FROM site WHERE company_id = $1 AND scope_group_id = $2)
    WHERE ${where('c.')} GROUP BY c.partner_id, p.slug
    ORDER BY clicks DESC, c.partner_id LIMIT $6::int`,
  positions: `SELECT position, sum(clicks) AS clicks FROM click_count WHERE ${where()}
    GROUP BY position ORDER BY position LIMIT $6::int`,
  clicks: `SELECT coalesce(sum(clicks), 0) AS clicks FROM click_count WHERE ${where()}`,
};

const count = z.coerce.number();
const searchesRow = z.object({ searches: count, zero_results: count });
const rowsOf = <T extends z.ZodType>(schema: T) => z.array(schema);
const schemas = {
  days: rowsOf(searchesRow.extend({ day: z.string() })),
  sum: rowsOf(z.object({ searches: count })),
  shown: rowsOf(searchesRow),
  texts: rowsOf(searchesRow.extend({ text: z.string(), clicks: count })),
  zeroResults: rowsOf(
    z.object({
      text: z.string(),
      global_filter: z.string(),
      item_ids: z.string(),
      searches: count,
    }),
  ),
  items: rowsOf(searchesRow.extend({ global_filter: z.string(), item_id: count })),
  partners: rowsOf(z.object({ partner_id: count, slug: z.string().nullable(), clicks: count })),
  positions: rowsOf(z.object({ position: count, clicks: count })),
  clicks: rowsOf(z.object({ clicks: count })),
};

function searchRecord(row: SearchCount) {
  return {
    company_id: row.scope.companyId,
    scope_group_id: row.scope.scopeGroupId,
    day: row.day,
    locale: row.search.locale,
    text: row.search.text ?? '',
    redacted: row.search.text === null,
    global_filter: row.search.globalFilter,
    item_ids: itemIdsColumn(row.search.itemIds),
    searches: row.searches,
    zero_results: row.zeroResults,
  };
}

function clickRecord(row: ClickCount) {
  return {
    company_id: row.scope.companyId,
    scope_group_id: row.scope.scopeGroupId,
    day: row.day,
    locale: row.locale,
    text: row.text ?? '',
    redacted: row.text === null,
    partner_id: row.partnerId,
    position: row.position,
    clicks: row.clicks,
  };
}

/**
 * Records in one order on every server (by everything but their counts): row locks are
 * taken in that order, so two flushes of the same rows wait for each other, never deadlock.
 */
function inKeyOrder<T extends object>(records: T[], counts: readonly string[]): T[] {
  const keyed = records.map((record) => ({
    key: JSON.stringify(Object.entries(record).filter(([name]) => !counts.includes(name))),
    record,
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ record }) => record);
}

function parseItemIds(json: string): number[] {
  const parsed = z.array(z.number().int()).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export async function openStats(options: PostgresSourceOptions): Promise<StatsStore> {
  const pool = await openPool(options.connectionString, options.poolSize ?? 2);

  /** A database that cannot be reached is SourceUnavailableError (a 503 for the insights). */
  async function reachable<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      throw isConnectionError(error) ? new SourceUnavailableError(error) : error;
    }
  }

  /** One transaction on a client of the pool: all of `task` or nothing. */
  async function inTransaction(task: (client: PoolClient) => Promise<void>): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await task(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  function add(batch: StatsBatch, keepFrom: string): Promise<void> {
    return inTransaction(async (client) => {
      const parts = [
        {
          sql: SQL.addSearches,
          records: inKeyOrder(batch.searches.map(searchRecord), ['searches', 'zero_results']),
        },
        { sql: SQL.addClicks, records: inKeyOrder(batch.clicks.map(clickRecord), ['clicks']) },
      ];
      for (const { sql, records } of parts) {
        for (let start = 0; start < records.length; start += CHUNK) {
          await client.query(sql, [JSON.stringify(records.slice(start, start + CHUNK))]);
        }
      }
      await client.query(SQL.pruneSearches, [keepFrom]);
      await client.query(SQL.pruneClicks, [keepFrom]);
    });
  }

  function erase(scope: Scope): Promise<void> {
    return inTransaction(async (client) => {
      await client.query(SQL.eraseSearches, [scope.companyId, scope.scopeGroupId]);
      await client.query(SQL.eraseClicks, [scope.companyId, scope.scopeGroupId]);
    });
  }

  async function insights(query: StatsQuery): Promise<StoredInsights> {
    const client = await pool.connect();
    const base = [
      query.scope.companyId,
      query.scope.scopeGroupId,
      query.from,
      query.to,
      query.locale ?? null,
    ];
    const rows = async <T>(sql: string, schema: z.ZodType<T>, extra: unknown[] = []) =>
      schema.parse((await client.query(sql, [...base, ...extra])).rows);
    try {
      // One snapshot: every figure of an answer is of the same moment.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const shownOnly = [query.minTextCount, query.limit];
      const days = await rows(SQL.days, schemas.days);
      const redacted = await rows(SQL.redacted, schemas.sum);
      const shown = await rows(SQL.shown, schemas.shown, [query.minTextCount]);
      const texts = await rows(SQL.texts, schemas.texts, shownOnly);
      const zeroResults = await rows(SQL.zeroResults, schemas.zeroResults, shownOnly);
      const items = await rows(SQL.items, schemas.items, [query.limit]);
      const partners = await rows(SQL.partners, schemas.partners, [query.limit]);
      const positions = await rows(SQL.positions, schemas.positions, [query.limit]);
      const clicks = await rows(SQL.clicks, schemas.clicks);
      await client.query('COMMIT');
      return {
        days: days.map((row) => ({
          day: row.day,
          searches: row.searches,
          zeroResults: row.zero_results,
        })),
        redacted: redacted[0]?.searches ?? 0,
        shown: { searches: shown[0]?.searches ?? 0, zeroResults: shown[0]?.zero_results ?? 0 },
        texts: texts.map(({ text, searches, zero_results, clicks: opened }) => ({
          text,
          searches,
          zeroResults: zero_results,
          clicks: opened,
        })),
        zeroResults: zeroResults.map((row) => ({
          text: row.text,
          globalFilter: row.global_filter,
          itemIds: parseItemIds(row.item_ids),
          searches: row.searches,
        })),
        items: items.map((row) => ({
          globalFilter: row.global_filter,
          itemId: row.item_id,
          searches: row.searches,
          zeroResults: row.zero_results,
        })),
        partners: partners.map(({ partner_id, slug, clicks: opened }) => ({
          partnerId: partner_id,
          slug,
          clicks: opened,
        })),
        positions,
        clicks: clicks[0]?.clicks ?? 0,
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    add: (batch, keepFrom) => reachable(() => add(batch, keepFrom)),
    insights: (query) => reachable(() => insights(query)),
    erase: (scope) => reachable(() => erase(scope)),
    async close() {
      await pool.end();
    },
  };
}
