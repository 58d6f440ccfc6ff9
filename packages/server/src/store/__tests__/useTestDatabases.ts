/**
 * The databases of a test file that runs its suites over SQLite and PostgreSQL: a
 * temporary folder for SQLite files and a real PostgreSQL server, started before the
 * file's tests and removed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { TestPostgres } from '../postgres/__tests__/startPostgres';
import { startPostgres } from '../postgres/__tests__/startPostgres';

export interface TestDatabases {
  /** The temporary folder (removed after the file's tests). */
  folder: string;
  /** A new SQLite file's path in the folder, named `{name}-{n}.db`. */
  sqlitePath(name: string): string;
  /** The PostgreSQL server (once the file's tests run). */
  postgres(): TestPostgres;
}

export function useTestDatabases(folderPrefix: string): TestDatabases {
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  let counter = 0;
  let postgres: TestPostgres | undefined;

  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);

  afterAll(async () => {
    await postgres?.destroy();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  return {
    folder,
    sqlitePath: (name) => join(folder, `${name}-${(counter += 1)}.db`),
    postgres() {
      if (!postgres) throw new Error('PostgreSQL starts in beforeAll: ask for it in a test');
      return postgres;
    },
  };
}
