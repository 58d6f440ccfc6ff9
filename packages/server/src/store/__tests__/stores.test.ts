/**
 * The store, source and contact outbox contracts over every database, as kysely runs one suite over every dialect:
 * a real SQLite file, and a real PostgreSQL server this file starts.
 */
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import { openOutbox as openPostgresOutbox } from '../postgres/openOutbox';
import { openSource as openPostgresSource } from '../postgres/openSource';
import { openOutbox as openSqliteOutbox } from '../sqlite/openOutbox';
import { openSource as openSqliteSource } from '../sqlite/openSource';
import { describeOutboxContract } from './describeOutboxContract';
import { describeSourceContract } from './describeSourceContract';
import { describeStoreContract } from './describeStoreContract';
import { useTestDatabases } from './useTestDatabases';

const databases = useTestDatabases('partners-stores-');

describeStoreContract('SQLite', async () =>
  openSqliteStore({ path: databases.sqlitePath('store') }),
);

describeStoreContract('PostgreSQL', async () =>
  openPostgresStore({ connectionString: await databases.postgres().createDatabase(), poolSize: 3 }),
);

describeSourceContract('SQLite', async () =>
  openSqliteSource({ path: databases.sqlitePath('source') }),
);

describeSourceContract('PostgreSQL', async () =>
  openPostgresSource({
    connectionString: await databases.postgres().createDatabase(),
    poolSize: 3,
  }),
);

describeOutboxContract('SQLite', async () => {
  const path = databases.sqlitePath('outbox');
  return async () => openSqliteOutbox({ path });
});

describeOutboxContract('PostgreSQL', async () => {
  const connectionString = await databases.postgres().createDatabase();
  return () => openPostgresOutbox({ connectionString, poolSize: 2 });
});
