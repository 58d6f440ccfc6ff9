/**
 * npm run import -- FILE [--company ID] [--site ID] [--replace]
 * Loads a JSON or CSV file of partners into DATABASE_URL (postgres://…) or else
 * DATABASE_PATH (./data/partners.db), all or nothing; --replace also removes the
 * site's partners the file does not name. Running servers pick the change up within
 * a second. See packages/server/README.md for the format.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SEED_COMPANY_ID, SEED_SCOPE_GROUP_ID } from '../seed/generateDirectory';
import { describeStore, openStore } from '../service/openStore';
import { runImport } from './runImport';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      company: { type: 'string', default: SEED_COMPANY_ID },
      site: { type: 'string', default: SEED_SCOPE_GROUP_ID },
      replace: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    process.stderr.write(
      'usage: npm run import -- FILE.json|FILE.csv [--company ID] [--site ID] [--replace]\n',
    );
    return 2;
  }
  const environment = {
    DATABASE_URL: process.env.DATABASE_URL,
    databasePath: resolve(process.env.DATABASE_PATH ?? './data/partners.db'),
  };
  const store = await openStore(environment);
  try {
    const code = await runImport({
      file,
      store,
      companyId: values.company,
      scopeGroupId: values.site,
      replace: values.replace,
    });
    if (code === 0) process.stderr.write(`database: ${describeStore(environment)}\n`);
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
