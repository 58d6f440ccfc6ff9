/** `npm start`: the demo portal page, the widget and the reference API on one origin. */
import { resolve } from 'node:path';
import { startDemoServer } from './startDemoServer';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? 'localhost';
const databasePath = resolve(process.env.DATABASE_PATH ?? 'data/partners.db');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

try {
  const demo = await startDemoServer({ port, host, databasePath, logger: true });
  console.log(`Partners Network demo: ${demo.url}/  (database ${databasePath})`);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing requests in flight, then closing the database…`);
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  console.error('The demo could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
