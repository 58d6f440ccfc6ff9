/**
 * The start-up warm-up over HTTP (warmUpServer, http/warmUpOverLoopback): before it listens,
 * a server of a large site answers that site's own searches over a loopback socket of its
 * own, and keeps nothing of them: no log line, no `/metrics` figure, no visitor's count, no
 * cache entry, nothing held against a client's rate limit. A visitor's search after it is
 * logged, counted and answered as on a server without it. It starts with a full garbage
 * collection, so the start-up's garbage does not bring one into the first visitors' requests.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPath } from '@partners-network/contract';
import { buildApp } from '../app';
import { WARM_UP_ANSWERS_FROM } from '../answer/warmUpAnswers';
import { serverLoggerOptions } from '../http/requestLogging';
import type { SearchService } from '../service/SearchService';
import { openSqliteStore } from '../service/openStore';
import { seedIfEmpty } from '../service/seedIfEmpty';
import { SearchStats } from '../stats/SearchStats';
import { openStats } from '../store/sqlite/openStats';
import type { StatsStore } from '../store/StatsStore';
import { MAIN, storeFixture } from '../store/__tests__/storeFixture';
import { warmUpServer } from '../warmUpServer';

const folder = mkdtempSync(join(tmpdir(), 'partners-warm-up-'));
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
const lines: string[] = [];
let store: SearchService;
let stats: StatsStore;
let counting: SearchStats;
let app: FastifyInstance;

beforeAll(async () => {
  const path = join(folder, 'large.db');
  store = openSqliteStore({ path });
  await seedIfEmpty(store, { partnerCount: WARM_UP_ANSWERS_FROM });
  await store.warm();
  stats = openStats({ path });
  counting = new SearchStats(stats);
  app = await buildApp({
    store,
    service: store,
    logger: serverLoggerOptions(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    ),
    metricsSources: [store],
    counting,
    rateLimit: { perMinute: 5 },
  });
}, 60_000);

afterAll(async () => {
  await app.close();
  await counting.close();
  await stats.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Full collections forced (collectGarbage) while `run` runs. */
async function forcedFullCollections(run: () => Promise<unknown>): Promise<number> {
  let forced = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail: unknown = 'detail' in entry ? entry.detail : undefined;
      if (typeof detail !== 'object' || detail === null) continue;
      const kind = 'kind' in detail ? detail.kind : undefined;
      const flags = 'flags' in detail && typeof detail.flags === 'number' ? detail.flags : 0;
      if (
        kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
        (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
      ) {
        forced += 1;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await run();
    // Entries are delivered after the collection, in a later task.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return forced;
}

/** Log lines of answered searches. */
const searchLines = () =>
  lines.filter((line) => line.includes('request completed') && line.includes('/search'));

const metricLines = async (pattern: RegExp) => {
  const answer = await app.inject({ method: 'GET', url: '/metrics' });
  return answer.body.split('\n').filter((line) => pattern.test(line) && !line.startsWith('#'));
};

describe('warmUpServer', () => {
  it('answers the largest site over loopback before listening, and keeps nothing of it', async () => {
    let warmUp: Awaited<ReturnType<typeof warmUpServer>> | undefined;
    const forced = await forcedFullCollections(async () => {
      warmUp = await warmUpServer(app, store, { searches: 300 });
    });
    expect(warmUp).toMatchObject({ answered: 300, failed: 0 });
    expect(forced).toBe(1);
    expect(app.server.listening).toBe(false);
    // Nothing logged, counted in /metrics or counted as a visitor's search; no answer kept.
    expect(searchLines()).toEqual([]);
    expect(await metricLines(/^pn_http_requests_total\{.*search/)).toEqual([]);
    expect(await metricLines(/^pn_search_duration_seconds_count/)).toEqual([]);
    expect(await metricLines(/^pn_cache_entries\{cache="(answers|first-pages|cards)"\}/)).toEqual([
      'pn_cache_entries{cache="first-pages"} 0',
      'pn_cache_entries{cache="answers"} 0',
      'pn_cache_entries{cache="cards"} 0',
    ]);
    expect(counting.waiting).toBe(0);
    const scope = store.warmUpSearches(1)[0]?.scope;
    if (!scope) throw new Error('no warm-up search');

    // A visitor's search after it: answered (the limit of 5 a minute not spent), logged,
    // counted, and its answer kept.
    const visitor = await app.inject({
      method: 'POST',
      url: `${searchPath(scope)}?locale=en-US`,
      headers: { ...XSRF, 'content-type': 'application/json' },
      payload: { globalFilter: '', text: '', filterItemIds: [], offset: 0, resultsPerPage: 10 },
    });
    expect(visitor.statusCode).toBe(200);
    expect(searchLines()).toHaveLength(1);
    expect(counting.waiting).toBe(1);
    expect(await metricLines(/^pn_http_requests_total\{.*search.*200/)).toHaveLength(1);
    expect(await metricLines(/^pn_cache_entries\{cache="first-pages"\}/)).toEqual([
      'pn_cache_entries{cache="first-pages"} 1',
    ]);
  });

  it('asks nothing of a server whose sites are all small', async () => {
    const smallStore = openSqliteStore({ path: join(folder, 'small.db') });
    await smallStore.importDirectory(storeFixture());
    await smallStore.warm();
    const small = await buildApp({ store: smallStore, service: smallStore });
    try {
      expect(await smallStore.hasScope(MAIN)).toBe(true);
      const forced = await forcedFullCollections(async () => {
        expect(await warmUpServer(small, smallStore)).toMatchObject({ answered: 0, failed: 0 });
      });
      expect(forced).toBe(0);
    } finally {
      await small.close();
      await smallStore.close();
    }
  });
});
