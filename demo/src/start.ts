/**
 * `npm start`: the demo portal page, the widget and the reference API on one origin; with
 * ADMIN_TOKEN, or `npm start -- --console` (a random token printed for this run), the admin
 * API and the operator's console at /admin/.
 */
import { resolve } from 'node:path';
import type { OperationSettings } from '@partners-network/server';
import { onShutdownSignals, readOperationSettings } from '@partners-network/server';
import { readDemoAdminTokens } from './readDemoAdminTokens';
import { startDemoServer } from './startDemoServer';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? 'localhost';
const databasePath = resolve(process.env.DATABASE_PATH ?? 'data/partners.db');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

let settings: OperationSettings;
try {
  settings = readOperationSettings(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const admin = readDemoAdminTokens(process.env.ADMIN_TOKEN, process.argv.slice(2));

try {
  const demo = await startDemoServer({
    port,
    host,
    databasePath,
    logger: true,
    operation: settings,
    stats: settings.stats,
    adminTokens: admin.tokens,
  });
  console.log(`Partners Network demo: ${demo.url}/  (database ${databasePath})`);
  if (admin.generated) {
    console.log(
      `Operator's console: ${demo.url}/admin/  (admin token for this run: ${admin.generated})`,
    );
  } else if (admin.tokens.length > 0) {
    console.log(`Operator's console: ${demo.url}/admin/  (sign in with a token of ADMIN_TOKEN)`);
  }
  // SIGTERM/SIGINT: /readyz 503 at once, answers for SHUTDOWN_DRAIN_MS, then close and exit 0.
  onShutdownSignals({
    app: demo.app,
    drainMs: settings.drainMs,
    close: () => demo.close(),
    exit: (code) => process.exit(code),
  });
} catch (error) {
  console.error('The demo could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
