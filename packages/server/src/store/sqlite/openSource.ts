/**
 * The SQLite source: one file, opened by better-sqlite3 (synchronous, in-process: the
 * fastest way to a local file). Other processes' commits are seen by polling each
 * site's version every 100 ms: one read of a table of a few rows.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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
import type { StoredPartner } from '../SiteRecords';
import {
  emptyDefinitions,
  emptyTuning,
  partnerRecordSchema,
  siteDefinitionsSchema,
  storedTuningSchema,
} from '../SiteRecords';
import type { ReadSite } from '../planWrite';
import { planWrite, pruneUpTo } from '../planWrite';
import { fileGuard } from './fileGuard';
import { migrate } from './migrate';
import type { PartnerRow } from './statements';
import { prepareStatements } from './statements';

const PROGRESS_EVERY = 1000;
/** Partners read per query while a site loads. */
const LOAD_PAGE = 500;

export interface SqliteSourceOptions {
  /** A file path (its folder is created) or ':memory:'. */
  path: string;
}

function toPartner(row: PartnerRow): StoredPartner {
  return {
    id: row.id,
    slug: row.slug,
    position: row.position,
    record: partnerRecordSchema.parse(JSON.parse(row.record)),
  };
}

export function openSource(options: SqliteSourceOptions): PartnerSource {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const checkFile = fileGuard(options.path);

  const sql = prepareStatements(db);

  function readSite(scope: Scope) {
    const row = sql.siteRow.get(scope.companyId, scope.scopeGroupId);
    if (!row) return undefined;
    return {
      id: row.id,
      version: row.version,
      definitions: siteDefinitionsSchema.parse(JSON.parse(row.definitions)),
      tuning: storedTuningSchema.parse(JSON.parse(row.tuning)),
    };
  }

  /** Reads the sites a write names, creating missing ones (dropped again if unchanged). */
  const readForWrite = (sites: readonly SiteWrite[]): ReadSite[] =>
    sites.map(({ scope, slugs }) => {
      const existing = readSite(scope);
      if (!existing) {
        sql.insertSite.run(scope.companyId, scope.scopeGroupId, JSON.stringify(emptyDefinitions()));
      }
      const id = existing?.id ?? sql.siteRow.get(scope.companyId, scope.scopeGroupId)?.id;
      if (id === undefined) throw new Error('site row missing right after its insert');
      const partners =
        slugs === 'all'
          ? sql.partnerPositions.all(id)
          : slugs.flatMap((slug) => sql.partnerPosition.get(id, slug) ?? []);
      return {
        id,
        state: {
          scope,
          existed: existing !== undefined,
          definitions: existing?.definitions ?? emptyDefinitions(),
          tuning: existing?.tuning ?? emptyTuning(),
          partners: new Map(
            partners.map((row) => [row.slug, { id: row.id, position: row.position }]),
          ),
          maxPosition: sql.maxPosition.get(id)?.last ?? -1,
        },
      };
    });

  /** One site's change under a new version: removals kept, partners written. */
  const writeChange = (id: number, change: SiteChange, onWritten: () => void) => {
    const version = sql.updateSite.get(JSON.stringify(change.definitions), id)?.version;
    if (version === undefined) throw new Error('a change for a site that is gone');
    if (change.tuning) sql.updateTuning.run(JSON.stringify(change.tuning), id);
    for (const slug of change.deletes) {
      const removed = sql.deletePartner.get(id, slug);
      if (removed) sql.insertRemoved.run(id, removed.id, version);
    }
    const prune = pruneUpTo(version);
    if (prune !== undefined) {
      sql.pruneRemoved.run(id, prune);
      sql.raiseChangesFrom.run(prune, id);
    }
    for (const partner of change.upserts) {
      sql.upsertPartner.run(
        id,
        partner.slug,
        partner.position,
        JSON.stringify(partner.record),
        version,
      );
      onWritten();
    }
  };

  const writeAll = (
    sites: readonly SiteWrite[],
    compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: unknown },
    onProgress?: (done: number, total: number) => void,
  ) => {
    const plan = planWrite(readForWrite(sites), compute);
    for (const id of plan.dropped) sql.deleteSite.run(id);
    let done = 0;
    for (const { id, change } of plan.changes) {
      writeChange(id, change, () => {
        done += 1;
        if (done % PROGRESS_EVERY === 0 || done === plan.total) onProgress?.(done, plan.total);
      });
    }
    return plan;
  };
  const transaction = db.transaction(writeAll);

  /** One read transaction: the changes are those of the version read. */
  const readChanges = db.transaction(
    (scope: Scope, version: number, limit: number): SiteChanges | 'reload' | undefined => {
      const site = readSite(scope);
      if (!site) return undefined;
      if (version < (sql.changesFrom.get(site.id)?.changesFrom ?? Infinity)) return 'reload';
      const count = sql.changedCount.get(site.id, version, site.id, version)?.count ?? Infinity;
      if (count > limit) return 'reload';
      return {
        version: site.version,
        definitions: site.definitions,
        tuning: site.tuning,
        upserts: sql.changedPartners.all(site.id, version).map(toPartner),
        removedIds: sql.removedIds.all(site.id, version).map((row) => row.id),
      };
    },
  );

  const source: PartnerSource = {
    capabilities: { notifies: false, remote: false, pollMs: 100 },
    async siteVersions(): Promise<SiteVersion[]> {
      checkFile();
      return sql.versions.all().map((row) => ({
        scope: { companyId: row.companyId, scopeGroupId: row.scopeGroupId },
        version: row.version,
      }));
    },
    async loadSite<T>(scope: Scope, read: SiteReader<T>): Promise<T | undefined> {
      checkFile();
      // A connection of its own, in one read transaction: a write between two pages (by
      // this process or another) is not seen, so the pages are those of the version read.
      // WAL lets it read while others write. An in-memory database has one connection.
      const snapshot =
        options.path === ':memory:' ? undefined : new Database(options.path, { readonly: true });
      const reader = snapshot ?? db;
      try {
        snapshot?.exec('BEGIN');
        const row = reader
          .prepare<
            [string, string],
            { id: number; definitions: string; tuning: string; version: number }
          >(
            `SELECT id, definitions, tuning, version FROM site
             WHERE company_id = ? AND scope_group_id = ?`,
          )
          .get(scope.companyId, scope.scopeGroupId);
        if (!row) return undefined;
        const count = reader
          .prepare<[number], { count: number }>(
            `SELECT count(*) AS count FROM partner WHERE site_id = ?`,
          )
          .get(row.id);
        const page = reader.prepare<[number, number, number, number], PartnerRow>(
          `SELECT id, slug, position, record FROM partner
           WHERE site_id = ? AND (position, id) > (?, ?) ORDER BY position, id LIMIT ?`,
        );
        async function* pages(): AsyncGenerator<StoredPartner[]> {
          let after = { position: Number.MIN_SAFE_INTEGER, id: Number.MIN_SAFE_INTEGER };
          for (;;) {
            const rows = page.all(row?.id ?? 0, after.position, after.id, LOAD_PAGE);
            if (rows.length > 0) yield rows.map(toPartner);
            const last = rows.at(-1);
            if (!last || rows.length < LOAD_PAGE) return;
            after = last;
            // Searches go on between two pages.
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        return await read(
          {
            id: row.id,
            scope,
            version: row.version,
            definitions: siteDefinitionsSchema.parse(JSON.parse(row.definitions)),
            tuning: storedTuningSchema.parse(JSON.parse(row.tuning)),
            partnerCount: count?.count ?? 0,
          },
          pages(),
        );
      } finally {
        if (snapshot?.inTransaction) snapshot.exec('COMMIT');
        snapshot?.close();
      }
    },
    async readPartner(scope: Scope, slug: string): Promise<StoredPartner | undefined> {
      const site = sql.siteRow.get(scope.companyId, scope.scopeGroupId);
      const row = site ? sql.partnerBySlug.get(site.id, slug) : undefined;
      return row ? toPartner(row) : undefined;
    },
    async changesSince(scope: Scope, version: number, limit: number) {
      return readChanges(scope, version, limit);
    },
    async write<T>(
      sites: readonly SiteWrite[],
      compute: (states: SiteWriteState[]) => { changes: SiteChange[]; result: T },
      onProgress?: (done: number, total: number) => void,
    ): Promise<T> {
      checkFile();
      // BEGIN IMMEDIATE: the states read are still true when the changes are written.
      let outcome: { value: T } | undefined;
      transaction.immediate(
        sites,
        (states) => {
          const computed = compute(states);
          outcome = { value: computed.result };
          return computed;
        },
        onProgress,
      );
      if (!outcome) throw new Error('the write transaction did not run');
      return outcome.value;
    },
    async isEmpty(): Promise<boolean> {
      return sql.hasSite.get()?.found !== 1;
    },
    async exclusive<T>(task: () => Promise<T>): Promise<T> {
      return task();
    },
    watch(): void {
      // Polled: SQLite has no notifications between processes.
    },
    async close(): Promise<void> {
      if (db.open) db.close();
    },
  };
  return source;
}
