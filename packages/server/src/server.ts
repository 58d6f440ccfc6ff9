/**
 * Runs the reference API: PORT (8080), HOST (localhost), DATABASE_PATH
 * (./data/partners.db). Seeds an empty database; later starts reuse it. On SIGTERM or
 * SIGINT it stops accepting, lets in-flight requests finish, then closes the store.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { seedIfEmpty } from './seed/seedIfEmpty';
import { openSqliteStore } from './store/sqlite/SqliteStore';

function readPort(value: string | undefined): number {
  const port = Number(value ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value ?? ''}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const port = readPort(process.env.PORT);
  const host = process.env.HOST ?? 'localhost';
  const databasePath = resolve(process.env.DATABASE_PATH ?? './data/partners.db');

  const store = openSqliteStore({ path: databasePath });
  const app = await buildApp({ store, logger: true });
  if (await seedIfEmpty(store)) app.log.info({ databasePath }, 'seeded an empty database');

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  const address = await app.listen({ port, host });
  // Plain line on stdout so a person or a script sees where to go.
  process.stdout.write(`Partners Network API listening on ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
