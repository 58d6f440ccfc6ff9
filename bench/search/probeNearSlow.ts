/**
 * The slowest searches near a city of the search section's mix (the p99's), each answered
 * over and over by a fresh near engine as `measureSearch.ts` builds it: for a CPU profile
 * of their own steps, or the fastest of ROUNDS per search. Not part of `npm run bench`:
 * ONLY=near (or counts) answers with that engine alone, for a profile of its own:
 *   SIZE=1000 ROUNDS=2000 [TEXTS='expe|info'] [ONLY=near] node --cpu-prof --import tsx bench/search/probeNearSlow.ts
 */
import { readSearchMix } from './measureSearch';
import { oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 2000);
const wanted = (
  process.env.TEXTS ??
  'expe|info|ocnsul|analyitcs in|cloud|zürich|integrsaton|zurich|portals ex|consulting'
).split('|');
const { read, texts } = await readSearchMix(size);
for (const engine of [oursAnswering(), oursNear()].filter(
  (engine) => !process.env.ONLY || engine.name.includes(process.env.ONLY),
)) {
  await engine.build(read.documents, read.site);
  // Every text once, in the mix's order: each keeps the city and radius the section gives it.
  for (const text of texts) await engine.search(text);
  const fastest = new Map<string, number>();
  for (let round = 0; round < rounds; round += 1) {
    for (const text of wanted) {
      const start = process.hrtime.bigint();
      await engine.search(text);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      fastest.set(text, Math.min(fastest.get(text) ?? Infinity, ms));
    }
  }
  const line = wanted.map((text) => `${text} ${(fastest.get(text) ?? 0).toFixed(3)}`).join(', ');
  const sum = [...fastest.values()].reduce((total, ms) => total + ms, 0);
  console.log(`${engine.name}: sum ${sum.toFixed(3)} ms; ${line}`);
  engine.drop();
}
