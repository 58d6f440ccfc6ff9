/**
 * Opens the search counts in the database the environment names (as openStore does for
 * the partners): PostgreSQL when DATABASE_URL is set, else the SQLite file.
 */
import { openStats as openPostgresStats } from '../store/postgres/openStats';
import { openStats as openSqliteStats } from '../store/sqlite/openStats';
import type { StatsStore } from '../store/StatsStore';
import type { StoreEnvironment } from './openStore';
import { postgresUrlOf } from './openStore';

export async function openStatsStore(environment: StoreEnvironment): Promise<StatsStore> {
  const url = postgresUrlOf(environment);
  if (url !== undefined) return openPostgresStats({ connectionString: url });
  return openSqliteStats({ path: environment.databasePath });
}
