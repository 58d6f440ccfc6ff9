/**
 * The store, source and contact outbox contracts over every database, as kysely runs one suite over every dialect:
 * a real SQLite file, and a real PostgreSQL server this file starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import type { TestPostgres } from '../postgres/__tests__/startPostgres';
import { startPostgres } from '../postgres/__tests__/startPostgres';
import { openOutbox as openPostgresOutbox } from '../postgres/openOutbox';
import { openSource as openPostgresSource } from '../postgres/openSource';
import { openOutbox as openSqliteOutbox } from '../sqlite/openOutbox';
import { openSource as openSqliteSource } from '../sqlite/openSource';
import { describeOutboxContract } from './describeOutboxContract';
import { describeSourceContract } from './describeSourceContract';
import { describeStoreContract } from './describeStoreContract';

const folder = mkdtempSync(join(tmpdir(), 'partners-stores-'));
let counter = 0;
let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  await postgres.destroy();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describeStoreContract('SQLite', async () =>
  openSqliteStore({ path: join(folder, `store-${(counter += 1)}.db`) }),
);

describeStoreContract('PostgreSQL', async () =>
  openPostgresStore({ connectionString: await postgres.createDatabase(), poolSize: 3 }),
);

describeSourceContract('SQLite', async () =>
  openSqliteSource({ path: join(folder, `source-${(counter += 1)}.db`) }),
);

describeSourceContract('PostgreSQL', async () =>
  openPostgresSource({ connectionString: await postgres.createDatabase(), poolSize: 3 }),
);

describeOutboxContract('SQLite', async () => {
  const path = join(folder, `outbox-${(counter += 1)}.db`);
  return async () => openSqliteOutbox({ path });
});

describeOutboxContract('PostgreSQL', async () => {
  const connectionString = await postgres.createDatabase();
  return () => openPostgresOutbox({ connectionString, poolSize: 2 });
});
