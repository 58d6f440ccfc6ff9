/**
 * Runs the reference API: PORT (8080), HOST (localhost), DATABASE_PATH
 * (./data/partners.db), SEED_PARTNER_COUNT (260), SHUTDOWN_DRAIN_MS (5000). Seeds an
 * empty database; later starts reuse it. On SIGTERM or SIGINT `/readyz` answers 503 at
 * once, answers go on for the drain period with `Connection: close`, then it stops
 * accepting, lets in-flight requests finish, closes the store and exits 0.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { DEFAULT_SHUTDOWN_DRAIN_MS, onShutdownSignals } from './http/drain';
import { DEFAULT_PARTNER_COUNT } from './seed/generateDirectory';
import { seedIfEmpty } from './seed/seedIfEmpty';
import { openSqliteStore } from './store/sqlite/SqliteStore';

function readInteger(name: string, value: string | undefined, min: number, max: number) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value ?? ''}"`);
  }
  return number;
}

async function main(): Promise<void> {
  const port = readInteger('PORT', process.env.PORT ?? '8080', 0, 65535);
  const partnerCount = readInteger(
    'SEED_PARTNER_COUNT',
    process.env.SEED_PARTNER_COUNT ?? String(DEFAULT_PARTNER_COUNT),
    0,
    1_000_000,
  );
  const drainMs = readInteger(
    'SHUTDOWN_DRAIN_MS',
    process.env.SHUTDOWN_DRAIN_MS ?? String(DEFAULT_SHUTDOWN_DRAIN_MS),
    0,
    600_000,
  );
  const host = process.env.HOST ?? 'localhost';
  const databasePath = resolve(process.env.DATABASE_PATH ?? './data/partners.db');

  const store = openSqliteStore({ path: databasePath });
  const app = await buildApp({ store, logger: true });
  if (await seedIfEmpty(store, { partnerCount })) {
    app.log.info({ databasePath, partnerCount }, 'seeded an empty database');
  }
  const warmStart = performance.now();
  store.warm();
  app.log.info(
    { ms: Math.round(performance.now() - warmStart) },
    'search index built; listening next',
  );

  onShutdownSignals({
    app,
    drainMs,
    close: async () => {
      await app.close();
      await store.close();
    },
    exit: (code) => process.exit(code),
  });

  const address = await app.listen({ port, host });
  // Plain line on stdout so a person or a script sees where to go.
  process.stdout.write(`Partners Network API listening on ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
