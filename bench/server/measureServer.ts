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
  createXsrfToken,
  openSqliteStore,
} from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { percentile, summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import type { MixQuery } from './queryMix';
import { buildQueryMix } from './queryMix';

const SCOPE: Scope = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };
const CHILD = join(BENCH_DIR, 'server/apiChild.ts');
const MIX_SIZE = 400;
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
  const store = openSqliteStore({ path });
  try {
    const first: number[] = [];
    const again: number[] = [];
    for (const query of mix) {
      const start = process.hrtime.bigint();
      await store.search(SCOPE, query.criteria, query.locale);
      first.push(ms(start));
    }
    for (let pass = 0; pass < 2; pass += 1) {
      for (const query of mix) {
        const start = process.hrtime.bigint();
        await store.search(SCOPE, query.criteria, query.locale);
        again.push(ms(start));
      }
    }
    return {
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
async function load(
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
}

async function measureSize(count: number, options: ServerOptions): Promise<Figure[]> {
  const path = await ensureDirectoryDb(count);
  const definitionsStore = openSqliteStore({ path });
  const definitions = await definitionsStore.getFilterDefinitions(SCOPE, 'en-US');
  await definitionsStore.close();
  if (!definitions) throw new Error(`no site in ${path}`);
  const mix = buildQueryMix(definitions, MIX_SIZE);
  // Another seed: warms the JIT and the page cache without asking the mix's own searches.
  const warmUp = buildQueryMix(definitions, MIX_SIZE / 2, 7);
  const firstSearch = mix.filter((query) => query.kind === 'first search').slice(0, 1);
  const { token } = createXsrfToken();
  const runs: SizeRun[] = [];
  for (let run = 1; run <= options.runs; run += 1) {
    const store = await measureStore(path, mix);
    // A fresh server process per run: its caches start empty and its peak memory is its own.
    const server: RunningChild = await startChild(CHILD, {
      BENCH_MODE: 'api',
      BENCH_DATABASE_PATH: path,
    });
    try {
      await load(server.url, warmUp, token, 10, { seconds: 1 });
      const cold = await load(server.url, mix, token, 10, { amount: mix.length });
      const first10 = await load(server.url, firstSearch, token, 10, { seconds: options.seconds });
      const mix10 = await load(server.url, mix, token, 10, { seconds: options.seconds });
      const mix50 = await load(server.url, mix, token, 50, { seconds: options.seconds });
      const { maxRssKB } = await server.stats();
      runs.push({ store, cold, first10, mix10, mix50, maxRssMB: maxRssKB / MB });
      log(
        `server ${count} run ${run}/${options.runs}: store first ask p50 ${store.firstP50.toFixed(2)} p99 ${store.firstP99.toFixed(2)} ms; HTTP mix 10c p99 ${mix10.p99.toFixed(2)} ms ${mix10.rps.toFixed(0)} req/s, 50c p99 ${mix50.p99.toFixed(2)} ms; first search ${first10.rps.toFixed(0)} req/s; peak RSS ${(maxRssKB / MB).toFixed(0)} MB`,
      );
    } finally {
      await server.stop();
    }
  }
  const of = (pick: (run: SizeRun) => number) => summarize(runs.map(pick));
  const label = count >= 1000 ? `${count / 1000}k` : String(count);
  const p99Goal =
    count === 10_000
      ? { op: '<=' as const, limit: 10, text: '<= 10 ms' }
      : count === 100_000
        ? { op: '<=' as const, limit: 25, text: '<= 25 ms' }
        : undefined;
  return [
    figure(
      `server.${label}.store.first.p50`,
      `${label}: store, first ask, p50`,
      'ms',
      of((r) => r.store.firstP50),
    ),
    figure(
      `server.${label}.store.first.p99`,
      `${label}: store, first ask, p99`,
      'ms',
      of((r) => r.store.firstP99),
    ),
    figure(
      `server.${label}.store.first.max`,
      `${label}: store, first ask, slowest query`,
      'ms',
      of((r) => r.store.firstMax),
    ),
    figure(
      `server.${label}.store.again.p50`,
      `${label}: store, asked again, p50`,
      'ms',
      of((r) => r.store.againP50),
    ),
    figure(
      `server.${label}.store.again.p99`,
      `${label}: store, asked again, p99`,
      'ms',
      of((r) => r.store.againP99),
    ),
    figure(
      `server.${label}.http.cold.p50`,
      `${label}: HTTP 10 conn., mix, every query a first ask, p50`,
      'ms',
      of((r) => r.cold.p50),
    ),
    figure(
      `server.${label}.http.cold.p99`,
      `${label}: HTTP 10 conn., mix, every query a first ask, p99`,
      'ms',
      of((r) => r.cold.p99),
      p99Goal,
    ),
    figure(
      `server.${label}.http.mix10.p50`,
      `${label}: HTTP 10 conn., mix, p50`,
      'ms',
      of((r) => r.mix10.p50),
    ),
    figure(
      `server.${label}.http.mix10.p99`,
      `${label}: HTTP 10 conn., mix, p99`,
      'ms',
      of((r) => r.mix10.p99),
      p99Goal,
    ),
    figure(
      `server.${label}.http.mix10.rps`,
      `${label}: HTTP 10 conn., mix, requests/s`,
      'req/s',
      of((r) => r.mix10.rps),
    ),
    figure(
      `server.${label}.http.mix50.p50`,
      `${label}: HTTP 50 conn., mix, p50`,
      'ms',
      of((r) => r.mix50.p50),
    ),
    figure(
      `server.${label}.http.mix50.p99`,
      `${label}: HTTP 50 conn., mix, p99`,
      'ms',
      of((r) => r.mix50.p99),
    ),
    figure(
      `server.${label}.http.mix50.rps`,
      `${label}: HTTP 50 conn., mix, requests/s`,
      'req/s',
      of((r) => r.mix50.rps),
    ),
    figure(
      `server.${label}.http.first10.p50`,
      `${label}: HTTP 10 conn., first search, p50`,
      'ms',
      of((r) => r.first10.p50),
    ),
    figure(
      `server.${label}.http.first10.p99`,
      `${label}: HTTP 10 conn., first search, p99`,
      'ms',
      of((r) => r.first10.p99),
    ),
    figure(
      `server.${label}.http.first10.rps`,
      `${label}: HTTP 10 conn., first search, requests/s`,
      'req/s',
      of((r) => r.first10.rps),
    ),
    figure(
      `server.${label}.memory`,
      `${label}: server peak memory (maxRSS of its process)`,
      'MB',
      of((r) => r.maxRssMB),
      count === 100_000 ? { op: '<=', limit: 300, text: '<= 300 MB' } : undefined,
    ),
  ];
}

/** The floor: a bare Fastify route answering the first search's page, fixed. */
async function measureFloor(options: ServerOptions, path: string) {
  const store = openSqliteStore({ path });
  const definitions = await store.getFilterDefinitions(SCOPE, 'en-US');
  if (!definitions) throw new Error('no site');
  const criteria: SearchCriteria = {
    globalFilter: definitions.defaultGlobalFilter,
    text: '',
    filterItemIds: [],
    offset: 0,
    resultsPerPage: 10,
  };
  const answer = await store.search(SCOPE, criteria, 'en-US');
  await store.close();
  if (!answer) throw new Error('no answer');
  const body = {
    partners: answer.partners,
    totalFound: answer.totalFound,
    error: false,
    filterGroups: answer.filterGroups,
    searchPartnersCriteria: answer.appliedCriteria,
  };
  const bodyPath = join(options.workDir, 'floor-page.json');
  writeFileSync(bodyPath, JSON.stringify(body));
  const query: MixQuery[] = [{ kind: 'first search', locale: 'en-US', criteria }];
  const { token } = createXsrfToken();
  const runs: { at10: LoadResult; at50: LoadResult }[] = [];
  for (let run = 1; run <= options.runs; run += 1) {
    const server = await startChild(CHILD, { BENCH_MODE: 'floor', BENCH_FLOOR_BODY: bodyPath });
    try {
      await load(server.url, query, token, 10, { seconds: 1 });
      const at10 = await load(server.url, query, token, 10, { seconds: options.seconds });
      const at50 = await load(server.url, query, token, 50, { seconds: options.seconds });
      runs.push({ at10, at50 });
      log(
        `floor run ${run}/${options.runs}: 10c ${at10.rps.toFixed(0)} req/s p99 ${at10.p99.toFixed(2)} ms; 50c ${at50.rps.toFixed(0)} req/s`,
      );
    } finally {
      await server.stop();
    }
  }
  const of = (pick: (run: { at10: LoadResult; at50: LoadResult }) => number) =>
    summarize(runs.map(pick));
  return {
    bytes: JSON.stringify(body).length,
    figures: [
      figure(
        'server.floor.10.rps',
        'Floor: bare Fastify, fixed page, 10 conn., requests/s',
        'req/s',
        of((r) => r.at10.rps),
      ),
      figure(
        'server.floor.10.p50',
        'Floor: 10 conn., p50',
        'ms',
        of((r) => r.at10.p50),
      ),
      figure(
        'server.floor.10.p99',
        'Floor: 10 conn., p99',
        'ms',
        of((r) => r.at10.p99),
      ),
      figure(
        'server.floor.50.rps',
        'Floor: 50 conn., requests/s',
        'req/s',
        of((r) => r.at50.rps),
      ),
      figure(
        'server.floor.50.p99',
        'Floor: 50 conn., p99',
        'ms',
        of((r) => r.at50.p99),
      ),
    ],
  };
}

export async function measureServer(options: ServerOptions): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const middle = options.sizes.includes(10_000) ? 10_000 : (options.sizes[0] ?? 1000);
  const floor = await measureFloor(options, await ensureDirectoryDb(middle));
  figures.push(...floor.figures);
  const floorRps = floor.figures[0]?.summary.median ?? 0;
  for (const count of options.sizes) {
    const sizeFigures = await measureSize(count, options);
    figures.push(...sizeFigures);
    const first = sizeFigures.find((entry) => entry.id.endsWith('.http.first10.rps'));
    if (first && floorRps > 0) {
      const ratios = first.summary.runs.map((rps) => rps / floorRps);
      figures.push(
        figure(
          first.id.replace('.rps', '.vsFloor'),
          `${first.label.replace(', requests/s', '')}: share of the floor's requests/s`,
          'ratio',
          summarize(ratios),
          { op: '>=', limit: 0.5, text: '>= 0.5x the floor' },
        ),
      );
    }
  }
  notes.push(
    'Each server process gets 1 s of warm-up first (the floor: its one request; the API: a mix of another seed, so the measured mix is still a first ask).',
    `Query mix: ${MIX_SIZE} searches, deterministic (bench/server/queryMix.ts); the floor answers a fixed ${floor.bytes}-byte page of 10 partners (the first search's answer at ${middle} partners).`,
  );
  return {
    title: 'How much one server carries',
    method: `Generated directories (seed 20121, 3 locales) in SQLite files cached under bench/.cache/. Store: in this process, a fresh store per run, the ${MIX_SIZE} searches of the mix once (first ask, caches empty) then twice more (asked again). HTTP: the API (buildApp) in a child process on 127.0.0.1, a fresh process per run; autocannon in the bench process (the same 2 cores), pipelining 1, XSRF cookie and header. Per run: 1 s of warm-up with other searches (JIT, page cache), the mix once at 10 connections with every query asked for the first time, then ${options.seconds} s of the first search at 10 connections, ${options.seconds} s of the mix at 10 and at 50 connections. Latency p50/p99 from every response's own time. Peak memory: the server process's maxRSS (process.resourceUsage()) after the run.`,
    figures,
    notes,
  };
}
