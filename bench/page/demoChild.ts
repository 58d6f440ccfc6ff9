/** Child process: the real demo server (page + widget + API) on 127.0.0.1, a free port. */
import { startDemoServer } from '@partners-network/demo';
import { reportChildError, serveParent } from '../lib/child';

const databasePath = process.env.BENCH_DATABASE_PATH;
const widgetDist = process.env.BENCH_WIDGET_DIST;
try {
  if (!databasePath || !widgetDist) throw new Error('BENCH_DATABASE_PATH and BENCH_WIDGET_DIST');
  const demo = await startDemoServer({ port: 0, host: '127.0.0.1', databasePath, widgetDist });
  serveParent(demo.url, () => demo.close());
} catch (error) {
  reportChildError(error);
}
