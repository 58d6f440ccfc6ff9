/**
 * npm run import -- FILE [--company ID] [--site ID]
 * Loads a JSON or CSV file of partners into DATABASE_PATH (./data/partners.db), all or
 * nothing. See packages/server/README.md for the format.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SEED_COMPANY_ID, SEED_SCOPE_GROUP_ID } from '../seed/generateDirectory';
import { openSqliteStore } from '../store/openStore';
import { runImport } from './runImport';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      company: { type: 'string', default: SEED_COMPANY_ID },
      site: { type: 'string', default: SEED_SCOPE_GROUP_ID },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    process.stderr.write(
      'usage: npm run import -- FILE.json|FILE.csv [--company ID] [--site ID]\n',
    );
    return 2;
  }
  const databasePath = resolve(process.env.DATABASE_PATH ?? './data/partners.db');
  const store = openSqliteStore({ path: databasePath });
  try {
    const code = await runImport({
      file,
      store,
      companyId: values.company,
      scopeGroupId: values.site,
    });
    if (code === 0) process.stderr.write(`database: ${databasePath}\n`);
    return code;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
