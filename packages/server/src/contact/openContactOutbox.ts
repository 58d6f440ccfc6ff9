/** The contact outbox (issue 26) in the database the environment names, beside the partners. */
import type { StoreEnvironment } from '../service/openStore';
import { isPostgresUrl } from '../service/openStore';
import type { ContactOutbox } from '../store/ContactOutbox';
import { openOutbox as openPostgresOutbox } from '../store/postgres/openOutbox';
import { openOutbox as openSqliteOutbox } from '../store/sqlite/openOutbox';

/** PostgreSQL when DATABASE_URL is set (openStore has refused any other address), else SQLite. */
export async function openContactOutbox(environment: StoreEnvironment): Promise<ContactOutbox> {
  const url = environment.DATABASE_URL;
  if (isPostgresUrl(url)) return openPostgresOutbox({ connectionString: url });
  return openSqliteOutbox({ path: environment.databasePath });
}
