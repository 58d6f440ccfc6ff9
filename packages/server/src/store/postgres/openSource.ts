/**
 * The PostgreSQL source, for several servers on one database: `pg` with a pool for
 * queries and writes, and one direct connection that LISTENs for commits. A
 * notification is only a wake-up: the service catches up from the change versions,
 * because a notification sent while that connection is down is lost.
 */
import pg from 'pg';
import type { PoolClient } from 'pg';
import * as z from 'zod';
import type { Scope } from '@partners-network/contract';
import type {
  PartnerSource,
  SiteChange,
  SiteChanges,
  SiteVersion,
  SiteWrite,
  SiteReader,
  SiteWriteState,
} from '../PartnerSource';
import type { ReadSite } from '../planWrite';
import { planWrite, pruneUpTo } from '../planWrite';
import { scopeKey } from '../scopeKey';
import type { StoredPartner } from '../SiteRecords';
import {
  emptyDefinitions,
  partnerRecordSchema,
  siteDefinitionsSchema,
  storedTuningSchema,
} from '../SiteRecords';
import { SourceUnavailableError } from '../PartnerSource';
import { isConnectionError } from './isConnectionError';
import { openPool } from './openPool';

export interface PostgresSourceOptions {
  /** postgres://user:password@host:port/database */
  connectionString: string;
  /** Most pooled connections of this server (default 10). */
  poolSize?: number;
}

/** The channel commits are announced on; the payload is the site as JSON [companyId, scopeGroupId]. */
export const CHANGE_CHANNEL = 'partners_changed';
/** Advisory lock key held while an empty database is seeded. */
const SEED_LOCK = 7_310_012;
/** Partners read per query while a site loads (each query gives the event loop back). */
const LOAD_PAGE = 500;
/** Upserted partners per statement: one JSON parameter each. */
const UPSERT_CHUNK = 5000;

const partnerRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  position: z.number(),
  record: partnerRecordSchema,
});

const siteRowSchema = z.object({
  id: z.number(),
  definitions: siteDefinitionsSchema,
  tuning: storedTuningSchema,
  version: z.number(),
});

const loadHeadSchema = z.object({
  id: z.number(),
  definitions: siteDefinitionsSchema,
  tuning: storedTuningSchema,
  version: z.number(),
  partner_count: z.coerce.number(),
});

const changesHeadSchema = z.object({
  id: z.number(),
  definitions: siteDefinitionsSchema,
  tuning: storedTuningSchema,
  version: z.number(),
  changes_from: z.number(),
  changed: z.coerce.number(),
});

const versionRowSchema = z.object({
  company_id: z.string(),
  scope_group_id: z.string(),
  version: z.number(),
});

function toPartner(row: unknown): StoredPartner {
  return partnerRowSchema.parse(row);
}

/**
 * Reads (creating missing ones) and locks the sites a write names, in one order, so two
 * writers of the same sites cannot deadlock.
 */
async function lockSites(client: PoolClient, sites: readonly SiteWrite[]): Promise<ReadSite[]> {
  const ordered = [...new Map(sites.map((site) => [scopeKey(site.scope), site])).values()].sort(
    (a, b) => (scopeKey(a.scope) < scopeKey(b.scope) ? -1 : 1),
  );
  const read: ReadSite[] = [];
  for (const { scope, slugs } of ordered) {
    const inserted = await client.query(
      `INSERT INTO site (company_id, scope_group_id, definitions) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id`,
      [scope.companyId, scope.scopeGroupId, JSON.stringify(emptyDefinitions())],
    );
    const locked = await client.query(
      `SELECT id, definitions, tuning, version FROM site
       WHERE company_id = $1 AND scope_group_id = $2 FOR UPDATE`,
      [scope.companyId, scope.scopeGroupId],
    );
    const site = siteRowSchema.parse(locked.rows[0]);
    const partners = await client.query<{ id: number; slug: string; position: number }>(
      slugs === 'all'
        ? `SELECT id, slug, position FROM partner WHERE site_id = $1`
        : `SELECT id, slug, position FROM partner WHERE site_id = $1 AND slug = ANY($2)`,
      slugs === 'all' ? [site.id] : [site.id, slugs],
    );
    const last = await client.query<{ last: number | null }>(
      `SELECT max(position) AS last FROM partner WHERE site_id = $1`,
      [site.id],
    );
    read.push({
      id: site.id,
      state: {
        scope,
        existed: inserted.rowCount === 0,
        definitions: site.definitions,
        tuning: site.tuning,
        partners: new Map(
          partners.rows.map((row) => [row.slug, { id: row.id, position: row.position }]),
        ),
        maxPosition: last.rows[0]?.last ?? -1,
      },
    });
  }
  return read;
}

/**
 * Writes one site's change under a new version: its removals (kept for the servers that
 * catch up), its partners in chunks, and a notification delivered at commit. Returns the
 * partners written; `onWritten` hears them as chunks go.
 */
async function writeChange(
  client: PoolClient,
  id: number,
  change: SiteChange,
  onWritten: (written: number) => void,
): Promise<number> {
  const raised = await client.query<{ version: number }>(
    `UPDATE site SET definitions = $1, version = version + 1 WHERE id = $2 RETURNING version`,
    [JSON.stringify(change.definitions), id],
  );
  const version = z.number().parse(raised.rows[0]?.version);
  if (change.tuning) {
    await client.query(`UPDATE site SET tuning = $1 WHERE id = $2`, [
      JSON.stringify(change.tuning),
      id,
    ]);
  }
  if (change.deletes.length > 0) {
    await client.query(
      `WITH gone AS (DELETE FROM partner WHERE site_id = $1 AND slug = ANY($2) RETURNING id)
       INSERT INTO partner_removed (site_id, partner_id, version) SELECT $1, id, $3 FROM gone`,
      [id, change.deletes, version],
    );
  }
  const prune = pruneUpTo(version);
  if (prune !== undefined) {
    await client.query(`DELETE FROM partner_removed WHERE site_id = $1 AND version <= $2`, [
      id,
      prune,
    ]);
    await client.query(`UPDATE site SET changes_from = greatest(changes_from, $1) WHERE id = $2`, [
      prune,
      id,
    ]);
  }
  let written = 0;
  for (let start = 0; start < change.upserts.length; start += UPSERT_CHUNK) {
    await client.query(
      `INSERT INTO partner (site_id, slug, position, record, version)
       SELECT $1, r.slug, r.position, r.record, $3
       FROM jsonb_to_recordset($2::jsonb) AS r (slug text, position integer, record jsonb)
       ON CONFLICT (site_id, slug) DO UPDATE
         SET position = excluded.position, record = excluded.record, version = excluded.version`,
      [id, JSON.stringify(change.upserts.slice(start, start + UPSERT_CHUNK)), version],
    );
    written += Math.min(UPSERT_CHUNK, change.upserts.length - start);
    onWritten(written);
  }
  // Delivered at commit, to every listening server.
  await client.query(`SELECT pg_notify($1, $2)`, [
    CHANGE_CHANNEL,
    JSON.stringify([change.scope.companyId, change.scope.scopeGroupId]),
  ]);
  return written;
}

export async function openSource(options: PostgresSourceOptions): Promise<PartnerSource> {
  const pool = await openPool(options.connectionString, options.poolSize ?? 10);

  async function inTransaction<T>(task: (client: PoolClient) => Promise<T>, begin = 'BEGIN') {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await task(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const source: PartnerSource = {
    capabilities: { notifies: true, remote: true, pollMs: 3000 },

    async siteVersions(): Promise<SiteVersion[]> {
      const result = await pool.query(`SELECT company_id, scope_group_id, version FROM site`);
      return result.rows.map((row: unknown) => {
        const parsed = versionRowSchema.parse(row);
        return {
          scope: { companyId: parsed.company_id, scopeGroupId: parsed.scope_group_id },
          version: parsed.version,
        };
      });
    },

    async loadSite<T>(scope: Scope, read: SiteReader<T>): Promise<T | undefined> {
      // One snapshot: the partners are those of the version read. Pages by keyset, so
      // the rows of 100k partners are never in memory at once.
      return inTransaction(async (client) => {
        const site = await client.query(
          `SELECT id, definitions, tuning, version,
             (SELECT count(*) FROM partner p WHERE p.site_id = s.id) AS partner_count
           FROM site s WHERE company_id = $1 AND scope_group_id = $2`,
          [scope.companyId, scope.scopeGroupId],
        );
        if (site.rows[0] === undefined) return undefined;
        const row = loadHeadSchema.parse(site.rows[0]);
        async function* pages(): AsyncGenerator<StoredPartner[]> {
          // Before every row: positions and ids are 32-bit integers here.
          let after = { position: -2_147_483_648, id: -2_147_483_648 };
          for (;;) {
            const result = await client.query(
              `SELECT id, slug, position, record FROM partner
               WHERE site_id = $1 AND (position, id) > ($2, $3) ORDER BY position, id LIMIT $4`,
              [row.id, after.position, after.id, LOAD_PAGE],
            );
            const partners = result.rows.map(toPartner);
            if (partners.length > 0) yield partners;
            const last = partners.at(-1);
            if (!last || partners.length < LOAD_PAGE) return;
            after = last;
          }
        }
        return read(
          {
            id: row.id,
            scope,
            version: row.version,
            definitions: row.definitions,
            tuning: row.tuning,
            partnerCount: row.partner_count,
          },
          pages(),
        );
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },

    async changesSince(scope: Scope, version: number, limit: number) {
      return inTransaction(async (client): Promise<SiteChanges | 'reload' | undefined> => {
        const head = await client.query(
          `SELECT id, definitions, tuning, version, changes_from,
             (SELECT count(*) FROM partner p WHERE p.site_id = s.id AND p.version > $3)
             + (SELECT count(*) FROM partner_removed r WHERE r.site_id = s.id AND r.version > $3)
             AS changed
           FROM site s WHERE company_id = $1 AND scope_group_id = $2`,
          [scope.companyId, scope.scopeGroupId, version],
        );
        if (head.rows[0] === undefined) return undefined;
        const site = changesHeadSchema.parse(head.rows[0]);
        if (version < site.changes_from || site.changed > limit) return 'reload';
        const partners = await client.query(
          `SELECT id, slug, position, record FROM partner WHERE site_id = $1 AND version > $2
           ORDER BY position, id`,
          [site.id, version],
        );
        const removed = await client.query<{ partner_id: number }>(
          `SELECT partner_id FROM partner_removed WHERE site_id = $1 AND version > $2`,
          [site.id, version],
        );
        return {
          version: site.version,
          definitions: site.definitions,
          tuning: site.tuning,
          upserts: partners.rows.map(toPartner),
          removedIds: removed.rows.map((row) => z.number().parse(row.partner_id)),
        };
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },

    async readPartner(scope: Scope, slug: string): Promise<StoredPartner | undefined> {
      const result = await pool.query(
        `SELECT p.id, p.slug, p.position, p.record FROM partner p JOIN site s ON s.id = p.site_id
         WHERE s.company_id = $1 AND s.scope_group_id = $2 AND p.slug = $3`,
        [scope.companyId, scope.scopeGroupId, slug],
      );
      return result.rows[0] === undefined ? undefined : toPartner(result.rows[0]);
    },

    async write<T>(
      sites: readonly SiteWrite[],
      compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: T },
      onProgress?: (done: number, total: number) => void,
    ): Promise<T> {
      return inTransaction(async (client) => {
        const plan = planWrite(await lockSites(client, sites), compute);
        for (const id of plan.dropped) await client.query(`DELETE FROM site WHERE id = $1`, [id]);
        let done = 0;
        for (const { id, change } of plan.changes) {
          const before = done;
          done += await writeChange(client, id, change, (written) =>
            onProgress?.(before + written, plan.total),
          );
        }
        return plan.result;
      });
    },

    async isEmpty(): Promise<boolean> {
      const result = await pool.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM site) AS found`,
      );
      return result.rows[0]?.found !== true;
    },

    async exclusive<T>(task: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
        try {
          return await task();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]);
        }
      } finally {
        client.release();
      }
    },

    watch(onWake: () => void, onState: (connected: boolean) => void): void {
      // A direct connection, not a pooled one: LISTEN belongs to one session.
      const connect = async () => {
        retry = undefined;
        if (closed) return;
        const client = new pg.Client({
          connectionString: options.connectionString,
          connectionTimeoutMillis: 3000,
          keepAlive: true,
        });
        const lost = () => {
          if (listener !== client) return;
          listener = undefined;
          client.removeAllListeners('notification');
          void client.end().catch(() => undefined);
          onState(false);
          if (!closed) retry = setTimeout(() => void connect(), 1000);
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', () => onWake());
        listener = client;
        try {
          await client.connect();
          await client.query(`LISTEN ${CHANGE_CHANNEL}`);
          onState(true);
        } catch {
          lost();
        }
      };
      void connect();
    },

    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return reportingUnavailable(source);
}

/**
 * The source with every error that means PostgreSQL cannot be reached turned into
 * SourceUnavailableError: searches go on from memory, writes get a 503.
 */
function reportingUnavailable(source: PartnerSource): PartnerSource {
  const reachable = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      throw isConnectionError(error) ? new SourceUnavailableError(error) : error;
    }
  };
  return {
    capabilities: source.capabilities,
    siteVersions: () => reachable(() => source.siteVersions()),
    loadSite: <T>(scope: Scope, read: SiteReader<T>) =>
      reachable(() => source.loadSite(scope, read)),
    readPartner: (scope, slug) => reachable(() => source.readPartner(scope, slug)),
    changesSince: (scope, version, limit) =>
      reachable(() => source.changesSince(scope, version, limit)),
    write: <T>(
      sites: readonly SiteWrite[],
      compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: T },
      onProgress?: (done: number, total: number) => void,
    ) => reachable(() => source.write(sites, compute, onProgress)),
    isEmpty: () => reachable(() => source.isEmpty()),
    exclusive: <T>(task: () => Promise<T>) => reachable(() => source.exclusive(task)),
    watch: (onWake, onState) => source.watch(onWake, onState),
    close: () => source.close(),
  };
}
