/**
 * The search section's whole mix answered over and over by one fresh engine (text or near,
 * as `measureSearch.ts` builds them), for a CPU profile of where each engine's warm time
 * goes. Not part of `npm run bench`:
 *   SIZE=1000 PASSES=200 ONLY=near node --cpu-prof --import tsx bench/search/profileMix.ts
 */
import { readSearchMix } from './measureSearch';
import { oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const passes = Number(process.env.PASSES ?? 200);
const { read, texts } = await readSearchMix(size);
for (const engine of [oursAnswering(), oursNear()].filter(
  (engine) => !process.env.ONLY || engine.name.includes(process.env.ONLY),
)) {
  await engine.build(read.documents, read.site);
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < passes; pass += 1) for (const text of texts) await engine.search(text);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`${engine.name}: ${(ms / passes).toFixed(2)} ms a pass of ${texts.length}`);
  engine.drop();
}
