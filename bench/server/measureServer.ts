/**
 * How much one server carries: in-process store latency, then HTTP under load with
 * autocannon (loopback, bounded by time or count) against the API in a child process,
 * and the floor (a bare Fastify route answering a fixed page of the same size).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Scope, SearchCriteria } from '@partners-network/contract';
import { searchPath } from '@partners-network/contract';
import {
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  SERVER_NODE_FLAGS,
  createXsrfToken,
  openSqliteStore,
} from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import type { Figure, Goal, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { percentile, summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import type { MixQuery } from './queryMix';
import { buildQueryMix } from './queryMix';

export const SCOPE: Scope = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };
export const CHILD = join(BENCH_DIR, 'server/apiChild.ts');

/** The API child (or the floor), run with the Node flags of the server's start script. */
export function startApiChild(
  env: Record<string, string>,
  timeoutMs?: number,
  nodeOptions: string[] = [],
): Promise<RunningChild> {
  return startChild(CHILD, env, timeoutMs, [...SERVER_NODE_FLAGS, ...nodeOptions]);
}
const MIX_SIZE = 400;
/** Searches drawn for the first-ask pass, before duplicates are dropped. */
const COLD_MIX_SIZE = 2000;
const MB = 1024;

export interface ServerOptions {
  sizes: number[];
  runs: number;
  /** Seconds of each timed autocannon scenario. */
  seconds: number;
  workDir: string;
}

interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Store only, in this process: every query of the mix on a fresh store (first ask), then again. */
async function measureStore(path: string, mix: MixQuery[]) {
  const opened = process.hrtime.bigint();
  const store = openSqliteStore({ path });
  // What a server does before it listens: load the sites and build their search index.
  await store.warm();
  const warmMs = ms(opened);
  try {
    const first: number[] = [];
    const again: number[] = [];
    for (const query of mix) {
      const start = process.hrtime.bigint();
      await store.search(SCOPE, query.criteria, query.locale);
      first.push(ms(start));
    }
    // Asked again: the first half of the mix, each search once more.
    for (const query of mix.slice(0, mix.length / 2)) {
      const start = process.hrtime.bigint();
      await store.search(SCOPE, query.criteria, query.locale);
      again.push(ms(start));
    }
    const kinds = [...new Set(mix.map((query) => query.kind))];
    const byKind = kinds.map((kind) => {
      const firstOf = first.filter((_, index) => mix[index]?.kind === kind);
      const againOf = again.filter((_, index) => mix[index]?.kind === kind);
      return `${kind} (${firstOf.length}): first ask p50 ${percentile(firstOf, 50).toFixed(2)} ms, slowest ${Math.max(...firstOf).toFixed(1)} ms; ${againOf.length > 0 ? `again p50 ${percentile(againOf, 50).toFixed(2)} ms, slowest ${Math.max(...againOf).toFixed(1)} ms` : 'not asked again'}`;
    });
    const slowest = mix
      .map((query, index) => ({ query, time: first[index] ?? 0, again: again[index] ?? 0 }))
      .sort((a, b) => b.time - a.time)
      .slice(0, 5)
      .map(
        ({ query, time, again: repeat }) =>
          `${JSON.stringify({ text: query.criteria.text, items: query.criteria.filterItemIds, offset: query.criteria.offset, globalFilter: query.criteria.globalFilter, locale: query.locale })} ${time.toFixed(1)} ms, again ${repeat.toFixed(1)} ms`,
      );
    return {
      warmMs,
      byKind,
      slowest,
      firstP50: percentile(first, 50),
      firstP99: percentile(first, 99),
      firstMax: Math.max(...first),
      againP50: percentile(again, 50),
      againP99: percentile(again, 99),
    };
  } finally {
    await store.close();
  }
}

function requestFor(query: MixQuery, token: string) {
  return {
    method: 'POST' as const,
    path: `${searchPath(SCOPE)}?locale=${query.locale}`,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
    },
    body: JSON.stringify(query.criteria),
  };
}

/**
 * One autocannon scenario: the queries cycle in order over all connections. Latency
 * comes from autocannon's per-response times (sub-millisecond), not its integer histogram.
 */
export async function load(
  url: string,
  queries: MixQuery[],
  token: string,
  connections: number,
  bound: { seconds: number } | { amount: number },
): Promise<LoadResult> {
  const prepared = queries.map((query) => requestFor(query, token));
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        pipelining: 1,
        timeout: 10,
        ...('seconds' in bound ? { duration: bound.seconds } : { amount: bound.amount }),
        requests: [
          {
            setupRequest(request) {
              const chosen = prepared[next % prepared.length];
              next += 1;
              return { ...request, ...chosen };
            },
          },
        ],
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  if (latencies.length === 0) throw new Error('no answer under load');
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / result.duration,
    requests: latencies.length,
  };
}

interface SizeRun {
  store: Awaited<ReturnType<typeof measureStore>>;
  cold: LoadResult;
  first10: LoadResult;
  mix10: LoadResult;
  mix50: LoadResult;
  maxRssMB: number;
  floor10: LoadResult;
  floor50: LoadResult;
}

interface SizeResult {
  figures: Figure[];
  notes: string[];
  floorRuns: { at10: LoadResult; at50: LoadResult }[];
  floorBytes: number;
}

/** The first search's answer, as the API sends it: the floor serves exactly these bytes. */
async function writeFloorPage(
  path: string,
  criteria: SearchCriteria,
  out: string,
): Promise<number> {
  const store = openSqliteStore({ path });
  try {
    const answer = await store.search(SCOPE, criteria, 'en-US');
    if (!answer) throw new Error(`no site in ${path}`);
    const body = JSON.stringify({
      partners: answer.partners,
      totalFound: answer.totalFound,
      error: false,
      filterGroups: answer.filterGroups,
      searchPartnersCriteria: answer.appliedCriteria,
    });
    writeFileSync(out, body);
    return Buffer.byteLength(body);
  } finally {
    await store.close();
  }
}

async function measureSize(count: number, options: ServerOptions): Promise<SizeResult> {
  const path = await ensureDirectoryDb(count);
  const definitionsStore = openSqliteStore({ path });
  const definitions = await definitionsStore.getFilterDefinitions(SCOPE, 'en-US');
  await definitionsStore.close();
  if (!definitions) throw new Error(`no site in ${path}`);
  const mix = buildQueryMix(definitions, MIX_SIZE);
  // Another seed: warms the JIT and the page cache without asking the mix's own searches.
  const warmUp = buildQueryMix(definitions, MIX_SIZE / 2, 7);
  // The first-ask pass over HTTP: the distinct searches of a larger mix of a third seed,
  // none of them asked in the warm-up, each asked once. Hundreds of samples, so its p99 is
  // not just the one or two slowest requests.
  const keyOf = (query: MixQuery) => JSON.stringify([query.locale, query.criteria]);
  const warmedUp = new Set(warmUp.map(keyOf));
  const coldMix = [
    ...new Map(
      buildQueryMix(definitions, COLD_MIX_SIZE, 8)
        .filter((query) => !warmedUp.has(keyOf(query)))
        .map((query) => [keyOf(query), query]),
    ).values(),
  ];
  const firstSearch = mix.filter((query) => query.kind === 'first search').slice(0, 1);
  const first = firstSearch[0];
  if (!first) throw new Error('the mix has no first search');
  const floorPage = join(options.workDir, `floor-page-${count}.json`);
  const floorBytes = await writeFloorPage(path, first.criteria, floorPage);
  const { token } = createXsrfToken();
  const runs: SizeRun[] = [];
  for (let run = 1; run <= options.runs; run += 1) {
    const store = await measureStore(path, mix);
    // A fresh server process per run: its caches start empty and its peak memory is its own.
    const server: RunningChild = await startApiChild({
      BENCH_MODE: 'api',
      BENCH_DATABASE_PATH: path,
    });
    let api: Omit<SizeRun, 'store' | 'floor10' | 'floor50'>;
    try {
      await load(server.url, warmUp, token, 10, { seconds: 1 });
      const cold = await load(server.url, coldMix, token, 10, { amount: coldMix.length });
      const first10 = await load(server.url, firstSearch, token, 10, { seconds: options.seconds });
      const mix10 = await load(server.url, mix, token, 10, { seconds: options.seconds });
      const mix50 = await load(server.url, mix, token, 50, { seconds: options.seconds });
      const { maxRssKB } = await server.stats();
      api = { cold, first10, mix10, mix50, maxRssMB: maxRssKB / MB };
    } finally {
      await server.stop();
    }
    // The floor right after, so both see the same load from the rest of the machine.
    const floor = await startApiChild({ BENCH_MODE: 'floor', BENCH_FLOOR_BODY: floorPage });
    let floor10: LoadResult;
    let floor50: LoadResult;
    try {
      await load(floor.url, firstSearch, token, 10, { seconds: 0.5 });
      floor10 = await load(floor.url, firstSearch, token, 10, { seconds: options.seconds });
      floor50 = await load(floor.url, firstSearch, token, 50, { seconds: options.seconds });
    } finally {
      await floor.stop();
    }
    runs.push({ store, ...api, floor10, floor50 });
    log(
      `server ${count} run ${run}/${options.runs}: store first ask p50 ${store.firstP50.toFixed(2)} p99 ${store.firstP99.toFixed(2)} ms; HTTP first asks 10c p99 ${api.cold.p99.toFixed(2)} ms; HTTP mix 10c p99 ${api.mix10.p99.toFixed(2)} ms ${api.mix10.rps.toFixed(0)} req/s, 50c p99 ${api.mix50.p99.toFixed(2)} ms; first search ${api.first10.rps.toFixed(0)} req/s (floor ${floor10.rps.toFixed(0)}); peak RSS ${api.maxRssMB.toFixed(0)} MB`,
    );
  }
  const of = (pick: (run: SizeRun) => number) => summarize(runs.map(pick));
  const label = count >= 1000 ? `${count / 1000}k` : String(count);
  // Issue 6: p99 at most 10 ms at 10k and 25 ms at 100k. Issue 14 (typos, counts and
  // highlights on) asks the mix for at most 10 ms at 100k as well.
  const p99Goal =
    count === 10_000
      ? { op: '<=' as const, limit: 10, text: '<= 10 ms' }
      : count === 100_000
        ? { op: '<=' as const, limit: 25, text: '<= 25 ms' }
        : undefined;
  const mixP99Goal =
    count === 10_000 || count === 100_000
      ? { op: '<=' as const, limit: 10, text: '<= 10 ms' }
      : undefined;
  const line = (
    id: string,
    text: string,
    unit: Figure['unit'],
    pick: (run: SizeRun) => number,
    goal?: Goal,
  ) => figure(`server.${label}.${id}`, `${label}: ${text}`, unit, of(pick), goal);
  const lastStore = runs.at(-1)?.store;
  return {
    notes: lastStore
      ? [
          `${label}, store latency by kind of search (last run): ${lastStore.byKind.join('; ')}.`,
          `${label}, slowest first asks (last run): ${lastStore.slowest.join('; ')}.`,
          `${label}, first-ask pass over HTTP: ${coldMix.length} distinct searches, each asked once.`,
        ]
      : [],
    floorBytes,
    floorRuns: runs.map((run) => ({ at10: run.floor10, at50: run.floor50 })),
    figures: [
      line('store.warm', 'store, opened and search index built', 'ms', (r) => r.store.warmMs),
      line('store.first.p50', 'store, first ask, p50', 'ms', (r) => r.store.firstP50),
      line('store.first.p99', 'store, first ask, p99', 'ms', (r) => r.store.firstP99),
      line('store.first.max', 'store, first ask, slowest search', 'ms', (r) => r.store.firstMax),
      line('store.again.p50', 'store, asked again, p50', 'ms', (r) => r.store.againP50),
      line('store.again.p99', 'store, asked again, p99', 'ms', (r) => r.store.againP99),
      line(
        'http.cold.p50',
        'HTTP 10 conn., mix, every search a first ask, p50',
        'ms',
        (r) => r.cold.p50,
      ),
      line(
        'http.cold.p99',
        'HTTP 10 conn., mix, every search a first ask, p99',
        'ms',
        (r) => r.cold.p99,
        p99Goal,
      ),
      line('http.mix10.p50', 'HTTP 10 conn., mix, p50', 'ms', (r) => r.mix10.p50),
      line('http.mix10.p99', 'HTTP 10 conn., mix, p99', 'ms', (r) => r.mix10.p99, mixP99Goal),
      line('http.mix10.rps', 'HTTP 10 conn., mix, requests/s', 'req/s', (r) => r.mix10.rps),
      line('http.mix50.p50', 'HTTP 50 conn., mix, p50', 'ms', (r) => r.mix50.p50),
      line('http.mix50.p99', 'HTTP 50 conn., mix, p99', 'ms', (r) => r.mix50.p99),
      line('http.mix50.rps', 'HTTP 50 conn., mix, requests/s', 'req/s', (r) => r.mix50.rps),
      line('http.first10.p50', 'HTTP 10 conn., first search, p50', 'ms', (r) => r.first10.p50),
      line('http.first10.p99', 'HTTP 10 conn., first search, p99', 'ms', (r) => r.first10.p99),
      line(
        'http.first10.rps',
        'HTTP 10 conn., first search, requests/s',
        'req/s',
        (r) => r.first10.rps,
      ),
      line(
        'http.first10.vsFloor',
        "HTTP 10 conn., first search, share of the floor's requests/s (floor measured right after, each run)",
        'ratio',
        (r) => r.first10.rps / r.floor10.rps,
        { op: '>=', limit: 0.5, text: '>= 0.5x the floor' },
      ),
      line(
        'memory',
        'server peak memory (maxRSS of its process)',
        'MB',
        (r) => r.maxRssMB,
        count === 100_000 ? { op: '<=', limit: 300, text: '<= 300 MB' } : undefined,
      ),
    ],
  };
}

export async function measureServer(options: ServerOptions): Promise<Section> {
  const figures: Figure[] = [];
  const floorRuns: SizeResult['floorRuns'] = [];
  const floorBytes: string[] = [];
  const notes: string[] = [];
  for (const count of options.sizes) {
    const result = await measureSize(count, options);
    figures.push(...result.figures);
    notes.push(...result.notes);
    floorRuns.push(...result.floorRuns);
    floorBytes.push(`${result.floorBytes} bytes at ${count}`);
  }
  const floor = (
    text: string,
    unit: Figure['unit'],
    pick: (run: (typeof floorRuns)[number]) => number,
  ) =>
    figure(
      `server.floor.${text.replace(/\W+/g, '-')}`,
      `Floor (bare Fastify, fixed page), ${text}`,
      unit,
      summarize(floorRuns.map(pick)),
    );
  figures.unshift(
    floor('10 conn., requests/s', 'req/s', (r) => r.at10.rps),
    floor('10 conn., p50', 'ms', (r) => r.at10.p50),
    floor('10 conn., p99', 'ms', (r) => r.at10.p99),
    floor('50 conn., requests/s', 'req/s', (r) => r.at50.rps),
    floor('50 conn., p99', 'ms', (r) => r.at50.p99),
  );
  return {
    title: 'How much one server carries',
    method: `Generated directories (seed 20121, 3 locales) in SQLite files cached under bench/.cache/. Store: in this process, a fresh store per run, the ${MIX_SIZE} searches of the mix once (first ask, caches empty) then its first half once more (asked again). HTTP: the API (buildApp) in a child process on 127.0.0.1, a fresh process per run; autocannon in the bench process (the same 2 cores), pipelining 1, XSRF cookie and header. Per run: 1 s of warm-up with a mix of another seed (JIT and page cache warm; the measured searches are still first asks), at 10 connections the distinct searches of a ${COLD_MIX_SIZE}-search mix of a third seed, each once (every search a first ask; how many: the notes below), then ${options.seconds} s each of the first search at 10 connections and the mix at 10 and at 50 connections. Right after, in its own child process, the floor: a bare Fastify route answering every POST with the first search's answer (same bytes), ${options.seconds} s at 10 and at 50 connections; the floor figures are the median over the runs of every size. Latency p50/p99 from every response's own time. Peak memory: the API process's maxRSS (process.resourceUsage()) at the end of its run.`,
    figures,
    notes: [
      ...notes,
      `Query mix: ${MIX_SIZE} searches, deterministic (bench/server/queryMix.ts). The floor's page: ${floorBytes.join(', ')}.`,
    ],
  };
}
