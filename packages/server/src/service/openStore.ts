/**
 * Opens the search service over the database the environment names: PostgreSQL when
 * DATABASE_URL is a postgres:// address, else the SQLite file of DATABASE_PATH.
 */
import { SearchService } from './SearchService';
import type { PostgresSourceOptions } from '../store/postgres/openSource';
import { openSource as openPostgresSource } from '../store/postgres/openSource';
import type { SqliteSourceOptions } from '../store/sqlite/openSource';
import { openSource as openSqliteSource } from '../store/sqlite/openSource';

export type SqliteStoreOptions = SqliteSourceOptions;
export type PostgresStoreOptions = PostgresSourceOptions;

/** SQLite: synchronous (the file is opened and migrated before it returns). */
export function openSqliteStore(options: SqliteStoreOptions): SearchService {
  return new SearchService(openSqliteSource(options));
}

/** PostgreSQL: connects and runs the migrations (under an advisory lock) first. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<SearchService> {
  return new SearchService(await openPostgresSource(options));
}

export interface StoreEnvironment {
  DATABASE_URL?: string | undefined;
  /** Already resolved to an absolute path. */
  databasePath: string;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/** DATABASE_URL when it names PostgreSQL, undefined for SQLite; throws on any other. */
export function postgresUrlOf(environment: StoreEnvironment): string | undefined {
  const url = environment.DATABASE_URL;
  if (url === undefined || url === '') return undefined;
  if (!isPostgresUrl(url)) {
    throw new Error('DATABASE_URL must start with postgres:// (or leave it unset for SQLite)');
  }
  return url;
}

export async function openStore(environment: StoreEnvironment): Promise<SearchService> {
  const url = postgresUrlOf(environment);
  if (url !== undefined) return openPostgresStore({ connectionString: url });
  return openSqliteStore({ path: environment.databasePath });
}

/** Where the store is, for logs: never the password of a URL. */
export function describeStore(environment: StoreEnvironment): string {
  const url = environment.DATABASE_URL;
  if (!isPostgresUrl(url)) return environment.databasePath;
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable)';
  }
}
