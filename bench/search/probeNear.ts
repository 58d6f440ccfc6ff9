/**
 * The search section's near-a-city goal, taken apart: the text and near engines answered
 * as `measureSearch.ts` answers them (each fresh, the same warm-up), but each search timed
 * in PASSES passes, so that the section's figure (each search's median of its first three
 * passes, then the p99 of the 203) can be read beside steadier ones from the same times.
 * CPU=1 times each search's CPU time instead (process.cpuUsage), for A/Bs on a loaded host.
 * Not part of `npm run bench`:
 *   SIZE=1000 ROUNDS=3 PASSES=15 [CPU=1] npx tsx bench/search/probeNear.ts
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { percentile } from '../lib/stats';
import { readSearchMix } from './measureSearch';
import { ours, oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 3);
const passes = Number(process.env.PASSES ?? 15);
/** CPU=1: each search's CPU time rather than its wall-clock time. */
const cpu = process.env.CPU === '1';
const { read, texts } = await readSearchMix(size);

let gcMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcCount += 1;
  }
}).observe({ entryTypes: ['gc'] });

const median = (values: number[]) => percentile(values, 50);
const fmt = (value: number) => value.toFixed(3);
for (let round = 0; round < rounds; round += 1) {
  const line: string[] = [];
  for (const engine of [ours(), oursAnswering(), oursNear()].filter(
    (engine) => !process.env.ONLY || engine.name.includes(process.env.ONLY),
  )) {
    await engine.build(read.documents, read.site);
    for (const text of texts.slice(0, 40)) await engine.search(text);
    const times: number[][] = [];
    gcMs = 0;
    gcCount = 0;
    for (let pass = 0; pass < passes; pass += 1) {
      const row: number[] = [];
      for (const text of texts) {
        if (cpu) {
          // The process's CPU time (user and system, every thread): what the search cost,
          // whatever the scheduler gave other processes meanwhile (a loaded host).
          const before = process.cpuUsage();
          await engine.search(text);
          const used = process.cpuUsage(before);
          row.push((used.user + used.system) / 1000);
        } else {
          const start = process.hrtime.bigint();
          await engine.search(text);
          row.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }
      times.push(row);
    }
    await new Promise((resolve) => setImmediate(resolve));
    engine.drop();
    if (engine.name.startsWith('ours (')) continue;
    const per = (pick: (values: number[]) => number, from: number, to: number) =>
      percentile(
        texts.map((_, at) => pick(times.slice(from, to).map((row) => row[at] ?? 0))),
        99,
      );
    const first = per(median, 0, 1);
    const med3 = per(median, 0, 3);
    const medAll = per(median, 0, passes);
    const medLater = per(median, 1, passes);
    const min = per((values) => Math.min(...values), 0, passes);
    // The searches' fastest times summed: what the engine's work costs in all (ms).
    const fastest = texts.map((_, at) => Math.min(...times.map((row) => row[at] ?? 0)));
    const sumMin = fastest.reduce((sum, value) => sum + value, 0);
    const p50Min = percentile(fastest, 50);
    // Every timing of every pass after the first, pooled: p99 of 203 x (passes - 1).
    const pooled = percentile(times.slice(1).flat(), 99);
    line.push(
      `${engine.name.startsWith('ours, near') ? 'near' : 'text'}: first ${fmt(first)} med3 ${fmt(med3)} med${passes} ${fmt(medAll)} medLater ${fmt(medLater)} min ${fmt(min)} pooledLater ${fmt(pooled)} p50min ${fmt(p50Min)} summin ${sumMin.toFixed(2)} (gc ${gcCount}, ${gcMs.toFixed(1)} ms)`,
    );
    if (process.env.SLOWEST) {
      const ranked = texts
        .map((text, at) => ({
          text,
          at,
          med:
            process.env.SLOWEST === 'min'
              ? Math.min(...times.map((row) => row[at] ?? 0))
              : median(
                  times
                    .slice(0, process.env.SLOWEST === 'all' ? passes : 3)
                    .map((row) => row[at] ?? 0),
                ),
          all: times.map((row) => (row[at] ?? 0).toFixed(3)),
        }))
        .sort((a, b) => b.med - a.med)
        .slice(0, Number(process.env.TOP ?? 5));
      for (const slow of ranked)
        line.push(
          `   #${slow.at} "${slow.text}" ${fmt(slow.med)}: ${slow.all.slice(0, 8).join(' ')}`,
        );
    }
  }
  console.log(`round ${round + 1}\n  ${line.join('\n  ')}`);
}
