/**
 * Diagnostic, not part of `npm run bench`: the operate section's memory rounds with every part
 * of the API's memory printed each second, to put growth on a part rather than guess: RSS
 * (anonymous and file-backed, from /proc), the JS heap used and held, the memory outside it
 * (external, of which array buffers), and what is neither. Two rounds of the 20,000-search mix
 * at 100 connections with a browser's Accept-Encoding, the API logging to a file; each round
 * ends with two readings in the server: after full collections alone ("collected"), then
 * after V8's memory-reducing collection once RSS stopped falling ("compacted", the operate
 * section's figure), with RSS from /proc in the 3 s after it. Options:
 *
 *   npx tsx bench/server/profileMemory.ts [partnerCount=100000] [seconds=60]
 *     [--rate N]            at most N requests a second (default: as fast as answered)
 *     [--flags "--a --b"]   Node flags after SERVER_NODE_FLAGS (a later flag wins)
 *     [--env K=V,K=V]       environment of the server (e.g. MALLOC_ARENA_MAX=2)
 *     [--after 5,15,30]     after the readings, read again (no collection) these many
 *                           seconds later, to see memory given back late
 *
 * After the two rounds it puts the difference between the rounds' readings (each kind) on
 * mappings of /proc/<pid>/smaps (which grew, which came or went, by kind and by size).
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, createXsrfToken } from '@partners-network/server';
import type { RunningChild } from '../lib/child';
import type { Mapping } from '../lib/mallocArenas';
import { mallocArenas, readMappings } from '../lib/mallocArenas';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { ensureDirectoryDb } from './directories';
import { readSiteDefinitions, searchRequests, startApiChild } from './measureServer';
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
const after = (option('--after') ?? '').split(',').filter(Boolean).map(Number);
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

/** VmRSS of a process, MB. */
function rssNow(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / MB;
}

/**
 * Where RSS changed between two readings of smaps: by kind of mapping, the anonymous ones by
 * size (V8's pages are 256 KB, malloc's mmapped chunks over its threshold), and the mappings
 * whose resident size changed most, with those that came or went.
 */
function mappingChanges(before: Mapping[], after: Mapping[]): string {
  // The main arena grows and shrinks at its end (brk): one mapping however far it reaches.
  const key = (map: Mapping) =>
    map.kind === 'main arena' ? '[heap]' : `${map.start.toString(16)}-${map.end.toString(16)}`;
  const size = (map: Mapping) => {
    const kb = (map.end - map.start) / 1024;
    return kb < 1024 ? `${kb} KB` : `${(kb / 1024).toFixed(kb % 1024 === 0 ? 0 : 1)} MB`;
  };
  const kinds = new Map<string, { before: number; after: number; count: [number, number] }>();
  const add = (map: Mapping, which: 0 | 1) => {
    const group = map.kind === 'anonymous' ? `anonymous ${map.perms} ${size(map)}` : map.kind;
    const entry = kinds.get(group) ?? { before: 0, after: 0, count: [0, 0] };
    if (which === 0) entry.before += map.rssKB;
    else entry.after += map.rssKB;
    entry.count[which] += 1;
    kinds.set(group, entry);
  };
  before.forEach((map) => add(map, 0));
  after.forEach((map) => add(map, 1));
  const byKind = [...kinds.entries()]
    .filter(([, entry]) => Math.abs(entry.after - entry.before) >= 256)
    .sort((a, b) => Math.abs(b[1].after - b[1].before) - Math.abs(a[1].after - a[1].before))
    .map(
      ([group, entry]) =>
        `    ${group}: ${(entry.before / MB).toFixed(1)} -> ${(entry.after / MB).toFixed(1)} MB (${entry.count[0]} -> ${entry.count[1]} mappings)`,
    );
  const old = new Map(before.map((map) => [key(map), map]));
  const now = new Map(after.map((map) => [key(map), map]));
  const changes = [...new Set([...old.keys(), ...now.keys()])]
    .map((at) => ({ at, was: old.get(at), is: now.get(at) }))
    .map((entry) => ({ ...entry, delta: (entry.is?.rssKB ?? 0) - (entry.was?.rssKB ?? 0) }))
    .filter((entry) => Math.abs(entry.delta) >= 512)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
    .slice(0, 20)
    .map(({ at, was, is, delta }) => {
      const map = is ?? was;
      const state = !was ? 'new' : !is ? 'gone' : 'kept';
      return `    ${at} ${map ? `${map.kind} ${map.perms} ${size(map)} ${map.name}` : ''} ${state}: ${((was?.rssKB ?? 0) / MB).toFixed(1)} -> ${((is?.rssKB ?? 0) / MB).toFixed(1)} MB (${delta > 0 ? '+' : ''}${(delta / MB).toFixed(1)})`;
    });
  const sum = (maps: Mapping[]) => maps.reduce((total, map) => total + map.rssKB, 0) / MB;
  const huge = (maps: Mapping[]) => maps.reduce((total, map) => total + map.anonHugeKB, 0) / MB;
  return [
    `  all mappings: ${sum(before).toFixed(1)} -> ${sum(after).toFixed(1)} MB (huge pages ${huge(before).toFixed(1)} -> ${huge(after).toFixed(1)}); by kind:`,
    ...byKind,
    '  largest changes:',
    ...changes,
  ].join('\n');
}

async function describe(server: RunningChild, reading: 'now' | 'settle' | 'compact' = 'now') {
  const stats = await server.stats({
    settle: reading === 'settle',
    compact: reading === 'compact',
  });
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const rss = stats.rssKB / MB;
  const heap = stats.heapTotalKB / MB;
  const external = stats.externalKB / MB;
  const arenas = mallocArenas(server.pid);
  const spaces = Object.entries(stats.spacesKB ?? {})
    .filter(([, sizeKB]) => sizeKB > 0)
    .map(([name, sizeKB]) => `${name.replace('_space', '')} ${(sizeKB / MB).toFixed(1)}`)
    .join(', ');
  return {
    rss,
    line: `RSS ${round0(rss)} MB (anonymous ${round0(kb('RssAnon') / MB)}, files ${round0(kb('RssFile') / MB)}); heap ${round0(stats.heapUsedKB / MB)} used of ${round0(heap)} held (${spaces}); V8's malloc ${((stats.mallocedKB ?? 0) / MB).toFixed(1)}; outside ${round0(external)} (array buffers ${round0(stats.arrayBuffersKB / MB)}); neither ${round0(rss - heap - external)}; malloc's main arena ${round0(arenas.mainMB)}, ${arenas.threads} thread arenas ${round0(arenas.threadsMB)}; other anonymous ${round0(arenas.otherAnonymousMB)}`,
  };
}

const path = await ensureDirectoryDb(count);
const definitions = await readSiteDefinitions(path);
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
  const readings: Mapping[][] = [];
  const readingsLater: Mapping[][] = [];
  const compacted: Mapping[][] = [];
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
      `round ${round}: ${result.requests} answers, ${round0(result.rps)} req/s; collected: ${(await describe(server, 'settle')).line}`,
    );
    readings.push(readMappings(server.pid));
    // At once, as the operate section reads it: V8 shrinks the young generation at a
    // collection once allocation has slowed (8 to 2 MB at a reading 4 s after a round).
    console.log(`  compacted, RSS steady: ${(await describe(server, 'compact')).line}`);
    compacted.push(readMappings(server.pid));
    // RSS straight from /proc in the moments after the compacted reading: steady, where RSS
    // after full collections alone still fell as V8 unmapped pages on its own threads.
    const settledAt = Date.now();
    const trail: string[] = [];
    for (const at of [0, 50, 100, 200, 500, 1000, 2000, 3000]) {
      await new Promise((resolve) => setTimeout(resolve, settledAt + at - Date.now()));
      trail.push(`${at} ms ${rssNow(server.pid).toFixed(1)}`);
    }
    console.log(`  RSS after the reading: ${trail.join(', ')} MB`);
    const readAt = Date.now();
    for (const offset of after) {
      await new Promise((resolve) => setTimeout(resolve, readAt + offset * 1000 - Date.now()));
      console.log(`  ${offset} s after: ${(await describe(server)).line}`);
    }
    if (after.length > 0) readingsLater.push(readMappings(server.pid));
    console.log(`  caches after round ${round}: ${await cacheEntries(server.url)}`);
  }
  console.log(`peak: ${peak.line}`);
  const [first, second] = readings;
  if (first && second)
    console.log(`round 2 against round 1, collected:\n${mappingChanges(first, second)}`);
  const [firstCompacted, secondCompacted] = compacted;
  if (firstCompacted && secondCompacted)
    console.log(
      `round 2 against round 1, compacted:\n${mappingChanges(firstCompacted, secondCompacted)}`,
    );
  const [firstLater, secondLater] = readingsLater;
  if (firstLater && secondLater)
    console.log(
      `round 2 against round 1, ${after[after.length - 1] ?? 0} s after:\n${mappingChanges(firstLater, secondLater)}`,
    );
} finally {
  await server.stop();
  await generator.stop();
}
