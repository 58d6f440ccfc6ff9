/**
 * The search counts' contract over every database, as kysely runs one suite over every
 * dialect: a real SQLite file (two connections to it play two servers), and a real
 * PostgreSQL server this file starts (stopped and started again for a failed flush).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import type { TestPostgres } from '../postgres/__tests__/startPostgres';
import { startPostgres } from '../postgres/__tests__/startPostgres';
import { openStats as openPostgresStats } from '../postgres/openStats';
import { openStats as openSqliteStats } from '../sqlite/openStats';
import { describeStatsContract } from './describeStatsContract';

const folder = mkdtempSync(join(tmpdir(), 'partners-stats-'));
let counter = 0;
let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  await postgres.destroy();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describeStatsContract('SQLite', async () => {
  const path = join(folder, `stats-${(counter += 1)}.db`);
  const service = openSqliteStore({ path });
  let locker: Database.Database | undefined;
  return {
    service,
    // A write lock held by another connection, as another process's long write would.
    openStats: async () => openSqliteStats({ path, busyTimeoutMs: 50 }),
    async breakWrites() {
      locker = new Database(path);
      locker.exec('BEGIN EXCLUSIVE');
    },
    async repairWrites() {
      locker?.exec('COMMIT');
      locker?.close();
    },
    close: () => service.close(),
  };
});

describeStatsContract('PostgreSQL', async () => {
  const connectionString = await postgres.createDatabase();
  const service = await openPostgresStore({ connectionString, poolSize: 3 });
  return {
    service,
    openStats: () => openPostgresStats({ connectionString }),
    breakWrites: () => postgres.stop(),
    repairWrites: () => postgres.start(),
    close: () => service.close(),
  };
});
