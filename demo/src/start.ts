/** `npm start`: the demo portal page, the widget and the reference API on one origin. */
import { resolve } from 'node:path';
import type { OperationSettings } from '@partners-network/server';
import {
  onShutdownSignals,
  parseAdminTokens,
  readOperationSettings,
} from '@partners-network/server';
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

try {
  const demo = await startDemoServer({
    port,
    host,
    databasePath,
    logger: true,
    operation: settings,
    stats: settings.stats,
    adminTokens: parseAdminTokens(process.env.ADMIN_TOKEN),
  });
  console.log(`Partners Network demo: ${demo.url}/  (database ${databasePath})`);
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
