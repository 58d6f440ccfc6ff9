/**
 * Diagnostic, not part of `npm run bench`: the operate section's memory rounds with every part
 * of the API's memory printed each second, to put growth on a part rather than guess: RSS
 * (anonymous and file-backed, from /proc), the JS heap used and held, the memory outside it
 * (external, of which array buffers), and what is neither. Two rounds of the 20,000-search mix
 * at 100 connections with a browser's Accept-Encoding, the API logging to a file; each round
 * ends with a full collection in the server. Options:
 *
 *   npx tsx bench/server/profileMemory.ts [partnerCount=100000] [seconds=60]
 *     [--rate N]            at most N requests a second (default: as fast as answered)
 *     [--flags "--a --b"]   Node flags after SERVER_NODE_FLAGS (a later flag wins)
 *     [--env K=V,K=V]       environment of the server (e.g. MALLOC_ARENA_MAX=2)
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, createXsrfToken, openSqliteStore } from '@partners-network/server';
import type { RunningChild } from '../lib/child';
import { mallocArenas } from '../lib/mallocArenas';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { ensureDirectoryDb } from './directories';
import { SCOPE, searchRequests, startApiChild } from './measureServer';
import { buildQueryMix } from './queryMix';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const rate = Number(option('--rate') ?? 0);
const flags = (option('--flags') ?? '').split(' ').filter(Boolean);
const env = Object.fromEntries(
  (option('--env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.split('=')[0] ?? '', pair.split('=')[1] ?? '']),
);
const count = Number(args[0] ?? 100_000);
const seconds = Number(args[1] ?? 60);

const MB = 1024;
const round0 = (value: number) => value.toFixed(0);

/** Entries of each cache and memo (`pn_cache_entries` of /metrics), those holding any. */
async function cacheEntries(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text().catch(() => '');
  const entries = [...text.matchAll(/^pn_cache_entries\{[^}]*cache="([^"]+)"[^}]*\} (\S+)$/gm)]
    .filter((match) => Number(match[2]) > 0)
    .map((match) => `${match[1] ?? ''} ${match[2] ?? ''}`);
  return entries.join(', ');
}

async function describe(server: RunningChild, settle = false) {
  const stats = await server.stats({ settle });
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const rss = stats.rssKB / MB;
  const heap = stats.heapTotalKB / MB;
  const external = stats.externalKB / MB;
  const arenas = mallocArenas(server.pid);
  return {
    rss,
    line: `RSS ${round0(rss)} MB (anonymous ${round0(kb('RssAnon') / MB)}, files ${round0(kb('RssFile') / MB)}); heap ${round0(stats.heapUsedKB / MB)} used of ${round0(heap)} held; outside ${round0(external)} (array buffers ${round0(stats.arrayBuffersKB / MB)}); neither ${round0(rss - heap - external)}; malloc's main arena ${round0(arenas.mainMB)}, ${arenas.threads} thread arenas ${round0(arenas.threadsMB)}; other anonymous ${round0(arenas.otherAnonymousMB)}`,
  };
}

const path = await ensureDirectoryDb(count);
const definitionsStore = openSqliteStore({ path });
const definitions = await definitionsStore.getFilterDefinitions(SCOPE, 'en-US');
await definitionsStore.close();
if (!definitions) throw new Error(`no site in ${path}`);
const { token } = createXsrfToken();
const requests = searchRequests(
  buildQueryMix(definitions, 20_000, 12),
  token,
  BROWSER_ACCEPT_ENCODING,
);
const generator = await startLoadGenerator();
const server = await startApiChild(
  { BENCH_DATABASE_PATH: path, BENCH_LOGGER: 'on', ...env },
  300_000,
  ['--expose-gc', ...flags],
  join(tmpdir(), `pn-profile-memory-${process.pid}.log`),
);
try {
  console.log(
    `${count} partners, ${SERVER_NODE_FLAGS.join(' ')} ${flags.join(' ')} ${JSON.stringify(env)}, ${rate ? `at most ${rate} req/s` : 'as fast as answered'}; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.log(`start: ${(await describe(server)).line}`);
  let peak = { rss: 0, line: '' };
  for (const round of [1, 2]) {
    let sampling = true;
    const started = Date.now();
    const sampler = (async () => {
      while (sampling) {
        const now = await describe(server);
        if (now.rss > peak.rss) peak = now;
        console.log(`  ${round}: ${round0((Date.now() - started) / 1000)} s ${now.line}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const result = await generator.load(
      server.url,
      requests,
      100,
      { seconds },
      { timeoutSeconds: 60, ...(rate ? { maxRate: rate } : {}) },
    );
    sampling = false;
    await sampler;
    console.log(
      `round ${round}: ${result.requests} answers, ${round0(result.rps)} req/s; collected: ${(await describe(server, true)).line}`,
    );
    console.log(`  caches after round ${round}: ${await cacheEntries(server.url)}`);
  }
  console.log(`peak: ${peak.line}`);
} finally {
  await server.stop();
  await generator.stop();
}
