/**
 * The API under load for the counting comparison (measureCounting.ts): the reference API
 * (`buildApp`) over the SQLite file BENCH_DATABASE_PATH as apiChild.ts runs it, with the
 * search counts on (BENCH_STATS=on: counted in memory, flushed to the same file every
 * BENCH_STATS_FLUSH_MS) or off (BENCH_STATS=off: STATS=off, nothing counted). With
 * BENCH_STATS=switch (switchCounting.ts) it counts as `on` does until SIGUSR2 turns the
 * counting of searches off, and the next one on again: one process measured both ways.
 */
import { SearchStats, buildApp, openSqliteStats, openSqliteStore } from '@partners-network/server';
import { reportChildError, serveParent } from '../lib/child';

/** Counting that a signal turns off and on (the flush's timer runs either way). */
class SwitchedCounting extends SearchStats {
  enabled = true;

  override countSearch(...args: Parameters<SearchStats['countSearch']>): void {
    if (this.enabled) super.countSearch(...args);
  }
}

try {
  const path = process.env.BENCH_DATABASE_PATH ?? '';
  if (!path) throw new Error('BENCH_DATABASE_PATH');
  const store = openSqliteStore({ path });
  await store.warm();
  store.startFollowing();
  const stats = openSqliteStats({ path });
  const flushMs = Number(process.env.BENCH_STATS_FLUSH_MS ?? 60_000);
  let counting: SearchStats | undefined;
  if (process.env.BENCH_STATS === 'on') counting = new SearchStats(stats, { flushMs });
  if (process.env.BENCH_STATS === 'switch') {
    const switched = new SwitchedCounting(stats, { flushMs });
    process.on('SIGUSR2', () => {
      switched.enabled = !switched.enabled;
    });
    counting = switched;
  }
  counting?.start();
  const app = await buildApp({
    store,
    service: store,
    logger: false,
    ...(counting ? { counting, metricsSources: [counting] } : {}),
    stats,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveParent(`http://127.0.0.1:${port}`, async () => {
    await app.close();
    await counting?.close();
    await stats.close();
    await store.close();
  });
} catch (error) {
  reportChildError(error);
}
