/**
 * Each search of the section's mix, text and near side by side: each one's fastest of
 * PASSES as the text engine answers it and as the near engine does, and what the near
 * engine asks (radius, order), slowest near first. Not part of `npm run bench`:
 *   SIZE=1000 PASSES=30 TOP=25 npx tsx bench/search/pairNear.ts
 */
import { readSearchMix } from './measureSearch';
import { oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const passes = Number(process.env.PASSES ?? 30);
const top = Number(process.env.TOP ?? 25);
const { read, texts } = await readSearchMix(size);
const fastest: number[][] = [];
for (const engine of [oursAnswering(), oursNear()]) {
  await engine.build(read.documents, read.site);
  for (const text of texts.slice(0, 40)) await engine.search(text);
  const best = texts.map(() => Infinity);
  for (let pass = 0; pass < passes; pass += 1) {
    for (let at = 0; at < texts.length; at += 1) {
      const start = process.hrtime.bigint();
      await engine.search(texts[at] ?? '');
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      best[at] = Math.min(best[at] ?? Infinity, ms);
    }
  }
  fastest.push(best);
  engine.drop();
}
// The near engine's turns: as searchEngines' oursNear gives them (first ask of each text).
const turns = new Map<string, number>();
for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
const rows = texts.map((text, at) => {
  const turn = turns.get(text) ?? 0;
  const kind = `${turn % 2 === 1 ? '100km' : 'any  '} ${turn % 3 === 2 ? 'no text' : 'text   '}`;
  return { at, text, kind, text_: fastest[0]?.[at] ?? 0, near: fastest[1]?.[at] ?? 0 };
});
rows.sort((a, b) => b.near - a.near);
for (const row of rows.slice(0, top)) {
  console.log(
    `#${String(row.at).padStart(3)} ${row.kind} ${row.text.padEnd(22)} text ${row.text_.toFixed(3)} near ${row.near.toFixed(3)} (+${((row.near - row.text_) * 1000).toFixed(1)} µs)`,
  );
}
const sum = (values: number[] | undefined) => (values ?? []).reduce((s, v) => s + v, 0);
console.log(`sums: text ${sum(fastest[0]).toFixed(2)} near ${sum(fastest[1]).toFixed(2)} ms`);
// The searches that make near's tail: with text, no radius (relevance, then distance).
const tail = rows.filter((row) => row.kind === 'any   text   ');
const tailSum = (engine: number) => tail.reduce((s, row) => s + (engine ? row.near : row.text_), 0);
console.log(
  `with text, no radius (${tail.length}): text ${tailSum(0).toFixed(3)} near ${tailSum(1).toFixed(3)} ms, +${(((tailSum(1) - tailSum(0)) / tail.length) * 1000).toFixed(1)} µs each`,
);
