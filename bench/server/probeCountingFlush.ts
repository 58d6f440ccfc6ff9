/**
 * Diagnostic, not part of `npm run bench`: counting's own work in one process, without
 * HTTP, as the counting section makes it (400 different searches of one site, counted
 * over and over, flushed every "second" into a copy of the 100k directory's file).
 *
 *   npx tsx bench/server/probeCountingFlush.ts [intervals=40] [countsPerInterval=6000]
 *
 * Per interval: the counts' time (each count after 256 KB of other memory traffic, as a
 * request's work leaves the caches: the cold cost, each timed alone
 * with the clock's own reads taken off), and the flush's wall and CPU time (the process's),
 * split into SearchStats's part (a store that keeps nothing) and the SQLite store's.
 * Medians over the intervals after the first five.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '@partners-network/contract';
import { SearchStats, openSqliteStats } from '@partners-network/server';
import type { StatsStore } from '@partners-network/server';
import { countedSearch } from '../../packages/server/src/stats/countedSearch';
import { ensureDirectoryDb } from './directories';

const intervals = Number(process.argv[2] ?? 40);
const countsPerInterval = Number(process.argv[3] ?? 6000);
const SCOPE: Scope = { companyId: 'bench', scopeGroupId: 'main' };
const LOCALES = ['en-US', 'fr-FR', 'de-DE', 'ja-JP'];
const WORDS = ['solar', 'energie', 'conseil', 'logistics', 'bau', 'software', 'paris', 'lyon'];

/** The process's CPU time so far, in µs (user + system; the flush runs on this thread). */
function threadCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const searches = Array.from({ length: 400 }, (_, index) => {
  const words = [WORDS[index % WORDS.length] ?? '', WORDS[(index * 7) % WORDS.length] ?? ''];
  const typed = `${words.join(' ')} ${index}`;
  return countedSearch({
    locale: LOCALES[index % LOCALES.length] ?? 'en-US',
    typed,
    terms: typed.split(' '),
    globalFilter: index % 3 === 0 ? 'country' : '',
    itemIds: index % 5 === 0 ? [index % 17, 3] : [],
  });
});

/** 256 KB (PROBE_TRAFFIC_KB) touched between two counts, as a request's own work would. */
const traffic = new Float64Array(Number(process.env.PROBE_TRAFFIC_KB ?? 256) * 128);
let sink = 0;
function stir(): void {
  for (let at = 0; at < traffic.length; at += 8) sink += traffic[at] ?? 0;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'probe-counting-'));
  const path = join(workDir, 'probe.db');
  copyFileSync(await ensureDirectoryDb(100_000), path);
  const sqlite = openSqliteStats({ path });
  // The flush's two parts: SearchStats alone (a store that keeps nothing), then the store.
  let storeMicros = 0;
  let storeCpu = 0;
  const timed: StatsStore = {
    async add(batch, keepFrom) {
      const wall = performance.now();
      const cpu = threadCpuMicros();
      await sqlite.add(batch, keepFrom);
      storeCpu += threadCpuMicros() - cpu;
      storeMicros += (performance.now() - wall) * 1000;
    },
    erase: (scope) => sqlite.erase(scope),
    insights: (query) => sqlite.insights(query),
    close: () => sqlite.close(),
  };
  const stats = new SearchStats(timed, { flushMs: 1000 });
  const figures = { count: [] as number[], flushWall: [] as number[], flushCpu: [] as number[] };
  const storeFigures = { wall: [] as number[], cpu: [] as number[] };
  for (let interval = 0; interval < intervals; interval += 1) {
    // Each count timed alone after the traffic, and the clock's own pair of reads the same
    // way: the difference is the count's.
    let clock = 0;
    let counts = 0;
    for (let at = 0; at < countsPerInterval; at += 1) {
      stir();
      const search = searches[(at * 131) % searches.length];
      if (!search) continue;
      if (at % 2 === 0) {
        const started = performance.now();
        stats.countSearch(SCOPE, search, at % 11 === 0);
        counts += performance.now() - started;
      } else {
        const started = performance.now();
        clock += performance.now() - started;
      }
    }
    const pairs = countsPerInterval / 2;
    storeMicros = 0;
    storeCpu = 0;
    const wall = performance.now();
    const cpu = threadCpuMicros();
    await stats.flush();
    figures.flushCpu.push(threadCpuMicros() - cpu);
    figures.flushWall.push((performance.now() - wall) * 1000);
    storeFigures.wall.push(storeMicros);
    storeFigures.cpu.push(storeCpu);
    figures.count.push(((counts - clock) * 1000) / pairs);
  }
  await stats.close();
  await sqlite.close();
  rmSync(workDir, { recursive: true, force: true });
  const from = (values: number[]) => median(values.slice(5));
  console.log(
    `count (cold) ${from(figures.count).toFixed(3)} µs; flush of 400 rows: wall ${from(figures.flushWall).toFixed(0)} µs, CPU ${from(figures.flushCpu).toFixed(0)} µs, of which the store wall ${from(storeFigures.wall).toFixed(0)} µs, CPU ${from(storeFigures.cpu).toFixed(0)} µs (sink ${sink})`,
  );
}

await main();
