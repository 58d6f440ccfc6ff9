/**
 * The search section's 1k near-a-city goal as the section reads it, round by round: the
 * text and near engines answered as `measureSearch.ts` answers them (the index alone first,
 * each engine fresh, 40 searches of warm-up, nine passes in the mix's order, each search's
 * median), the p99 of each (the third slowest of 203), which searches they are, and the
 * medians summed over the near engine's slow kind (with text, no radius: relevance, then
 * distance) beside the same searches' text medians. Not part of `npm run bench`:
 *   SIZE=1000 ROUNDS=5 [PASSES=9] [TOP=6] [CPU=1] [WARM=40] npx tsx bench/search/tailNear.ts
 * CPU=1 times each search by the process's CPU time (`process.cpuUsage`, µs) rather than the
 * clock: on a machine shared with other benches, a search's wall time holds the scheduler's
 * waits. WARM: searches of warm-up before the timed passes (the section's 40), in the mix's
 * order, round after round.
 */
import { gc } from '../lib/gc';
import { percentile } from '../lib/stats';
import { readSearchMix } from './measureSearch';
import { ours, oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 5);
const passes = Number(process.env.PASSES ?? 9);
const top = Number(process.env.TOP ?? 6);
const warm = Number(process.env.WARM ?? 40);
const { read, texts } = await readSearchMix(size);
// The near engine's turns, as searchEngines' oursNear gives them (first ask of each text).
const turns = new Map<string, number>();
for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
const kindOf = (text: string) => {
  const turn = turns.get(text) ?? 0;
  return `${turn % 2 === 1 ? '100km' : 'any'}${turn % 3 === 2 ? ' no text' : ''}`;
};
const slowKind = texts.map((text) => kindOf(text) === 'any');
const fmt = (value: number) => value.toFixed(3);
/** Milliseconds: of the clock, or of the process's CPU (CPU=1). */
const now = process.env.CPU
  ? () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    }
  : () => Number(process.hrtime.bigint()) / 1e6;
const summary: string[] = [];
/** As the section measures memory around each build: full collections, a turn apart. */
const collect = async () => {
  if (process.env.NOGC) return;
  for (let pass = 0; pass < 3; pass += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
};
for (let round = 0; round < rounds; round += 1) {
  const medians: number[][] = [];
  for (const engine of [ours(), oursAnswering(), oursNear()]) {
    await collect();
    await engine.build(read.documents, read.site);
    await collect();
    for (let at = 0; at < warm; at += 1) await engine.search(texts[at % texts.length] ?? '');
    const times: number[][] = [];
    for (let pass = 0; pass < passes; pass += 1) {
      const row: number[] = [];
      for (const text of texts) {
        const start = now();
        await engine.search(text);
        row.push(now() - start);
      }
      times.push(row);
    }
    engine.drop();
    if (engine.name.startsWith('ours (')) continue;
    medians.push(
      texts.map((_, at) =>
        percentile(
          times.map((row) => row[at] ?? 0),
          50,
        ),
      ),
    );
  }
  const [text = [], near = []] = medians;
  const p99Text = percentile(text, 99);
  const p99Near = percentile(near, 99);
  const sumOf = (values: number[]) =>
    values.reduce((sum, value, at) => sum + (slowKind[at] ? value : 0), 0);
  const slowCount = slowKind.filter(Boolean).length;
  const slowest = (values: number[]) =>
    values
      .map((value, at) => ({ value, at }))
      .sort((a, b) => b.value - a.value)
      .slice(0, top)
      .map(
        ({ value, at }) =>
          `#${at} "${texts[at]}" (${kindOf(texts[at] ?? '')}) ${fmt(value)} [text ${fmt(text[at] ?? 0)}]`,
      );
  const line = `round ${round + 1}: p99 text ${fmt(p99Text)} near ${fmt(p99Near)} (${(p99Near / p99Text).toFixed(2)}x); p50 text ${fmt(percentile(text, 50))} near ${fmt(percentile(near, 50))}; ${slowCount} with text, no radius: medians summed text ${fmt(sumOf(text))} near ${fmt(sumOf(near))} (+${(((sumOf(near) - sumOf(text)) / slowCount) * 1000).toFixed(1)} µs each)`;
  summary.push(line);
  console.log(`${line}\n  near slowest: ${slowest(near).join('; ')}`);
  if (process.env.TEXT) console.log(`  text slowest: ${slowest(text).join('; ')}`);
}
console.log(summary.join('\n'));
