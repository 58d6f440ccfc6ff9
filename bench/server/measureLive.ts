/**
 * Several servers on one database: how soon a committed change (a partner, then a saved
 * tuning) is seen by another server, the slowest search while a partner change is applied,
 * and the HTTP mix answered by a server over PostgreSQL beside one over SQLite (both answer
 * from memory).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE_PATH, searchPath } from '@partners-network/contract';
import { createXsrfToken, generateDirectory, openPostgresStore } from '@partners-network/server';
import type { TestPostgres } from '../../packages/server/src/store/postgres/__tests__/startPostgres';
import { startPostgres } from '../../packages/server/src/store/postgres/__tests__/startPostgres';
import type { RunningChild } from '../lib/child';
import { log } from '../lib/environment';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { percentile, summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import { readSiteDefinitions, SCOPE, searchRequests, startApiChild } from './measureServer';
import type { LoadGenerator } from '../lib/loadGenerator';
import { startLoadGenerator } from '../lib/loadGenerator';
import { buildQueryMix } from './queryMix';

export interface LiveOptions {
  sizes: number[];
  /** Changes timed per size and database. */
  changes: number;
  seconds: number;
  workDir: string;
}

const ADMIN_TOKEN = 'bench-admin-token';
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** A search for `text`; found: its answer holds the probe partner of `probe` (default: text). */
async function timedSearch(url: string, text: string, token: string, probe = text) {
  const start = process.hrtime.bigint();
  const response = await fetch(`${url}${searchPath(SCOPE)}?locale=en-US`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
    },
    body: JSON.stringify({
      globalFilter: 'technology-partners',
      text,
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    }),
  });
  const body = await response.text();
  // The answer echoes the text in its criteria: look for the card's title.
  return { ms: ms(start), found: body.includes(`"title":"Live Probe ${probe}"`) };
}

/** PUT through `writer`, then time until `reader` finds it, searching every 5 ms meanwhile. */
async function change(writer: string, reader: string, index: number, token: string) {
  const word = `liveprobe${index}x${Date.now() % 100000}`;
  // Timed from the moment the PUT is sent: its commit comes within milliseconds, but its
  // answer only once the writer's own index shows it (a whole rebuild at 100k), while the
  // other server may already be rebuilding. Timing from the answer hid that rebuild.
  const sent = process.hrtime.bigint();
  const response = await fetch(
    `${writer}${API_BASE_PATH}/${SCOPE.companyId}/${SCOPE.scopeGroupId}/partners/${word}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: word,
        title: `Live Probe ${word}`,
        url: `/partners/${word}`,
        globalFilters: ['technology-partners'],
      }),
    },
  );
  if (response.status !== 201) throw new Error(`PUT answered ${response.status}`);
  const answeredMs = ms(sent);
  const searches: number[] = [];
  for (;;) {
    const search = await timedSearch(reader, word, token);
    searches.push(search.ms);
    if (search.found) return { word, visibleMs: ms(sent), answeredMs, searches };
    if (ms(sent) > 30_000) throw new Error(`${word} not visible after 30 s`);
    await sleep(5);
  }
}

/**
 * PUT a tuning through `writer` whose one-way synonym makes a new word find the probe
 * partner `target`, then time until `reader` finds it, searching every 5 ms meanwhile: the
 * same clock as `change()`, from sending the PUT to the first answer that shows it.
 */
async function tuningChange(
  writer: string,
  reader: string,
  index: number,
  target: string,
  token: string,
) {
  const word = `tuneprobe${index}x${Date.now() % 100000}`;
  // Before: the word finds nothing, so the first answer that finds the target is the tuning's.
  if ((await timedSearch(reader, word, token, target)).found) {
    throw new Error(`${word} found ${target} before any tuning`);
  }
  const sent = process.hrtime.bigint();
  const response = await fetch(
    `${writer}${API_BASE_PATH}/${SCOPE.companyId}/${SCOPE.scopeGroupId}/tuning`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        synonymSets: [{ kind: 'oneWay', from: word, to: [target] }],
        queryRules: [],
      }),
    },
  );
  if (response.status !== 200) throw new Error(`tuning PUT answered ${response.status}`);
  for (;;) {
    if ((await timedSearch(reader, word, token, target)).found) return ms(sent);
    if (ms(sent) > 30_000) throw new Error(`tuning for ${word} not live after 30 s`);
    await sleep(5);
  }
}

async function twoServers(env: Record<string, string>) {
  const settings = { BENCH_MODE: 'api', BENCH_ADMIN_TOKEN: ADMIN_TOKEN, ...env };
  const first = await startApiChild(settings);
  const second = await startApiChild(settings).catch(async (error: unknown) => {
    await first.stop();
    throw error;
  });
  return [first, second] as const;
}

export async function measureLive(options: LiveOptions): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const { token } = createXsrfToken();
  let postgres: TestPostgres | undefined;
  let generator: LoadGenerator | undefined;
  try {
    generator = await startLoadGenerator();
    postgres = await startPostgres();
    for (const size of options.sizes) {
      const sqlitePath = join(options.workDir, `live-${size}.db`);
      copyFileSync(await ensureDirectoryDb(size), sqlitePath);
      const url = await postgres.createDatabase();
      log(`  PostgreSQL: importing ${size} partners`);
      const seeding = await openPostgresStore({ connectionString: url });
      await seeding.importDirectory(generateDirectory({ partnerCount: size }));
      await seeding.close();
      const definitions = await readSiteDefinitions(sqlitePath);
      const mix = buildQueryMix(definitions, 400);

      for (const [name, env] of [
        ['SQLite', { BENCH_DATABASE_PATH: sqlitePath }],
        ['PostgreSQL', { BENCH_DATABASE_URL: url }],
      ] as const) {
        log(`  ${size}: two servers over ${name}`);
        const servers: readonly [RunningChild, RunningChild] = await twoServers(env);
        try {
          const [first, second] = servers;
          const visible: number[] = [];
          const answered: number[] = [];
          const slowest: number[] = [];
          const searches: number[] = [];
          const probes: string[] = [];
          // The first search a fresh server answers, apart: its process compiles the route
          // and the search on it. Then a few more before the changes, so that the slowest
          // search while a change is applied is about the change, not about starting.
          const firstEver = (await timedSearch(second.url, `firstprobe${Date.now()}`, token)).ms;
          for (let index = 0; index < 20; index += 1) {
            await timedSearch(second.url, `warmprobe${index}x${Date.now()}`, token);
          }
          for (let index = 0; index < options.changes; index += 1) {
            // A change comes at any moment, not in step with the servers' polling.
            await sleep(Math.random() * 300);
            const result = await change(first.url, second.url, index, token);
            probes.push(result.word);
            visible.push(result.visibleMs);
            answered.push(result.answeredMs);
            slowest.push(Math.max(...result.searches));
            searches.push(...result.searches);
          }
          // The floor: as many searches for new words through the second server, each
          // 5 ms after the previous, with no change being applied.
          const quiet: number[] = [];
          for (let index = 0; index < searches.length; index += 1) {
            quiet.push(
              (await timedSearch(second.url, `quietprobe${index}x${Date.now()}`, token)).ms,
            );
            await sleep(5);
          }
          const label = `${size >= 1000 ? `${size / 1000}k` : size}`;
          const goal = size >= 100_000 ? 2000 : 1000;
          figures.push(
            figure(
              `live-${size}-${name}-visible-p50`,
              `${label}: ${name}, a PUT through one server visible on another (from its sending), p50`,
              'ms',
              summarize([percentile(visible, 50)]),
            ),
            figure(
              `live-${size}-${name}-visible-p99`,
              `${label}: ${name}, a PUT through one server visible on another (from its sending), p99`,
              'ms',
              summarize([percentile(visible, 99)]),
              { op: '<=', limit: goal, text: `<= ${goal} ms` },
            ),
            figure(
              `live-${size}-${name}-put-answered-p50`,
              `${label}: ${name}, the PUT answered (its writer's index shows it), p50`,
              'ms',
              summarize([percentile(answered, 50)]),
            ),
            figure(
              `live-${size}-${name}-slowest-search`,
              `${label}: ${name}, slowest search on the other server while the change is applied`,
              'ms',
              summarize([Math.max(...slowest)]),
              size >= 100_000 ? { op: '<=', limit: 50, text: '<= 50 ms' } : undefined,
            ),
            figure(
              `live-${size}-${name}-first-search`,
              `${label}: ${name}, the first search a fresh server answers (before the changes)`,
              'ms',
              summarize([firstEver]),
            ),
            figure(
              `live-${size}-${name}-quiet-slowest-search`,
              `${label}: ${name}, slowest of as many searches with no change applied (floor)`,
              'ms',
              summarize([Math.max(...quiet)]),
            ),
            figure(
              `live-${size}-${name}-search-p99`,
              `${label}: ${name}, those searches on the other server, p99`,
              'ms',
              summarize([percentile(searches, 99)]),
            ),
          );
          const requests = searchRequests(mix, token);
          await generator.load(first.url, requests, 10, { seconds: 1 });
          const mix10 = await generator.load(first.url, requests, 10, { seconds: options.seconds });
          figures.push(
            figure(
              `live-${size}-${name}-mix10-p99`,
              `${label}: ${name}, HTTP 10 conn., mix, p99`,
              'ms',
              summarize([mix10.p99]),
            ),
            figure(
              `live-${size}-${name}-mix10-rps`,
              `${label}: ${name}, HTTP 10 conn., mix, requests/s`,
              'req/s',
              summarize([mix10.rps]),
            ),
          );
          const { maxRssKB } = await first.stats();
          notes.push(
            `${label} over ${name}: peak RSS of a server ${(maxRssKB / 1024).toFixed(0)} MB (its index worker included).`,
          );
          // Saved tuning, last: nothing measured above runs with a tuning saved.
          const tuned: number[] = [];
          for (let index = 0; index < options.changes; index += 1) {
            await sleep(Math.random() * 300);
            const target = probes[index % probes.length] ?? '';
            tuned.push(await tuningChange(first.url, second.url, index, target, token));
          }
          figures.push(
            figure(
              `live-${size}-${name}-tuning-visible-p50`,
              `${label}: ${name}, a tuning saved through one server live on another (from its sending), p50`,
              'ms',
              summarize([percentile(tuned, 50)]),
            ),
            figure(
              `live-${size}-${name}-tuning-visible-p99`,
              `${label}: ${name}, a tuning saved through one server live on another (from its sending), p99`,
              'ms',
              summarize([percentile(tuned, 99)]),
              { op: '<=', limit: 1000, text: '<= 1000 ms' },
            ),
          );
        } finally {
          await Promise.all(servers.map((server) => server.stop()));
        }
      }
    }
  } finally {
    await generator?.stop();
    await postgres?.destroy();
  }
  return {
    title: 'Several servers on one database',
    method: `Per size and database: two API servers (apiChild, buildApp over the service, following commits) in child processes on one database, a copy of the cached SQLite directory or a throwaway PostgreSQL server started by the bench (initdb/pg_ctl, fsync off) seeded with the same generated directory. ${options.changes} changes, one after the other, each after a random pause of up to 300 ms (so that changes do not come in step with the servers' polling): a PUT of a new partner through the first server, then searches for its unique word through the second every 5 ms; visible = from sending the PUT (it commits within milliseconds; it answers only once the first server's own index shows it) to the first search through the second server that finds it; slowest search = the slowest of those searches (the second server applies the change meanwhile), after 20 searches for other new words that warm the second server up (the first search a fresh server answers is a figure of its own); its floor = the slowest of as many searches for new words through the second server, 5 ms apart, once no change is applied: what the machine gives with no change in flight. Then the HTTP mix (400 searches, 1 s warm-up, ${options.seconds} s at 10 connections) against the first server. Last (so nothing above runs with a tuning saved), ${options.changes} saved tunings, each after a random pause of up to 300 ms: a PUT of the site's tuning through the first server whose one-way synonym makes a new word find one of the probe partners (that word found nothing just before), then searches for the word through the second server every 5 ms; live = from sending the PUT to the first answer that shows the partner.`,
    figures,
    notes,
  };
}
