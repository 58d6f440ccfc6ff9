/**
 * The search counts' contract over every database, as kysely runs one suite over every
 * dialect: a real SQLite file (two connections to it play two servers), and a real
 * PostgreSQL server this file starts (stopped and started again for a failed flush).
 */
import Database from 'better-sqlite3';
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import { openStats as openPostgresStats } from '../postgres/openStats';
import { openStats as openSqliteStats } from '../sqlite/openStats';
import { describeStatsContract } from './describeStatsContract';
import { useTestDatabases } from './useTestDatabases';

const databases = useTestDatabases('partners-stats-');

describeStatsContract('SQLite', async () => {
  const path = databases.sqlitePath('stats');
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
  const postgres = databases.postgres();
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
