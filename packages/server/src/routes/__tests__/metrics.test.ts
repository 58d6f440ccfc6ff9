import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterGroupsPath, searchPath } from '@partners-network/contract';
import { buildApp } from '../../app';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { serverLoggerOptions } from '../../http/requestLogging';

const folder = mkdtempSync(join(tmpdir(), 'partners-metrics-'));
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'metrics.db') });
  await store.importDirectory(storeFixture());
  app = await buildApp({ store, metricsSources: [store] });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

function search(text: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: searchPath(MAIN),
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
      ...headers,
    },
    payload: JSON.stringify({
      globalFilter: '',
      text,
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    }),
  });
}

/** The value of one sample line: `name{labels} value`. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, times searches, and reads the store', async () => {
    expect((await app.inject({ url: filterGroupsPath(MAIN) })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: filterGroupsPath({ ...MAIN, scopeGroupId: '999' }) })).statusCode,
    ).toBe(404);
    await search('');
    await search('');
    await search('cloud');
    await app.inject({ url: '/no/such/page' });

    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.payload;
    const filterRoute = 'route="/o/preferred-partners/v1/:companyId/:scopeGroupId/filter-groups"';
    expect(sample(text, 'pn_http_requests_total', `method="GET",${filterRoute},status="200"`)).toBe(
      1,
    );
    expect(sample(text, 'pn_http_requests_total', `method="GET",${filterRoute},status="404"`)).toBe(
      1,
    );
    expect(
      sample(text, 'pn_http_requests_total', 'method="GET",route="(no route)",status="404"'),
    ).toBe(1);
    expect(text).toMatch(/pn_http_request_duration_seconds_bucket\{le="0\.005",method="POST"/);
    expect(sample(text, 'pn_search_duration_seconds_count', 'outcome="found"')).toBe(3);
    // The ids are never labels: one series per route, however many ids are asked.
    expect(text).not.toContain('scopeGroupId="999"');
    expect(text).not.toMatch(/route="\/o\/preferred-partners\/v1\/\d/);

    const site = `company_id="${MAIN.companyId}",scope_group_id="${MAIN.scopeGroupId}"`;
    expect(sample(text, 'pn_site_indexed_partners', site)).toBeGreaterThan(0);
    expect(sample(text, 'pn_site_change_version', site)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pn_site_seconds_since_last_change', site)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'pn_cache_hits_total', 'cache="first-pages"')).toBe(1);
    expect(sample(text, 'pn_cache_misses_total', 'cache="first-pages"')).toBe(1);
    expect(sample(text, 'pn_cache_entries', 'cache="first-pages"')).toBe(1);
    expect(sample(text, 'pn_cache_max_entries', 'cache="ordered-ids"')).toBeGreaterThan(0);
    expect(sample(text, 'pn_cache_max_entries', 'cache="cards"')).toBe(2000);

    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+/m);
  });

  it("shows the process's memos beside the caches: entries, bound, hits, misses, clears", async () => {
    const before = (await app.inject({ url: '/metrics' })).payload;
    const memo = (text: string, name: string, cache: string) =>
      sample(text, name, `cache="${cache}"`) ?? Number.NaN;
    // Distinct texts (an answer's own caches would answer a repeated search without them).
    await search('société cloud', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    await search('sociétés cloud', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const after = (await app.inject({ url: '/metrics' })).payload;
    const grew = (name: string, cache: string) =>
      memo(after, name, cache) - memo(before, name, cache);

    for (const cache of [
      'memo-word-characters',
      'memo-folded-words',
      'memo-cut-texts',
      'memo-negotiated-encodings',
      'memo-country-names',
    ]) {
      expect(memo(after, 'pn_cache_max_entries', cache)).toBeGreaterThan(0);
      expect(memo(after, 'pn_cache_clears_total', cache)).toBe(0);
    }
    // "é" of the second search is a known character, "sociétés" a new word to fold.
    expect(grew('pn_cache_hits_total', 'memo-word-characters')).toBeGreaterThan(0);
    expect(grew('pn_cache_misses_total', 'memo-folded-words')).toBeGreaterThan(0);
    expect(memo(after, 'pn_cache_entries', 'memo-folded-words')).toBeGreaterThan(0);
    // The second answer's cards were cut for the first one's highlights.
    expect(grew('pn_cache_hits_total', 'memo-cut-texts')).toBeGreaterThan(0);
    // One header negotiated once, then known.
    expect(grew('pn_cache_misses_total', 'memo-negotiated-encodings')).toBe(1);
    expect(grew('pn_cache_hits_total', 'memo-negotiated-encodings')).toBe(1);
    // The memos of the process are not caches of a site: they carry no site's bound in weight.
    expect(sample(after, 'pn_cache_max_weight', 'cache="memo-cut-texts"')).toBeUndefined();
  });

  it('lets another service add its figures later', async () => {
    app.metrics.addSource({
      figures: () => ({
        sites: [],
        caches: [{ cache: 'search-service', entries: 7, maxEntries: 100, hits: 3, misses: 4 }],
      }),
    });
    const text = (await app.inject({ url: '/metrics' })).payload;
    expect(sample(text, 'pn_cache_entries', 'cache="search-service"')).toBe(7);
  });

  it('counts every answer the same when the app logs (the log controller counts them)', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      store,
      logger: serverLoggerOptions({ write: (line: string) => void lines.push(line) }),
    });
    try {
      expect((await logged.inject({ url: filterGroupsPath(MAIN) })).statusCode).toBe(200);
      await logged.inject({ url: '/no/such/page' });
      await logged.inject({ url: '/no/such/page' });
      const text = (await logged.inject({ url: '/metrics' })).payload;
      const filterRoute = 'route="/o/preferred-partners/v1/:companyId/:scopeGroupId/filter-groups"';
      expect(
        sample(text, 'pn_http_requests_total', `method="GET",${filterRoute},status="200"`),
      ).toBe(1);
      expect(
        sample(text, 'pn_http_requests_total', 'method="GET",route="(no route)",status="404"'),
      ).toBe(2);
      expect(text).toMatch(/pn_http_request_duration_seconds_bucket\{le="0\.005",method="GET"/);
      // Counted, and still logged: one line per request (the scrape's own too).
      expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(4);
    } finally {
      await logged.close();
    }
  });
});
