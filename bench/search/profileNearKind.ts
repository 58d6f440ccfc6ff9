/**
 * The section's mix answered as `tailNear.ts` answers it (each engine fresh, the text engine
 * then the near one, round after round, 40 searches of warm-up), with the near engine's slow
 * kind (text, no radius) and the same texts in the text engine each answered through a
 * function of its own, so a CPU profile can say where the kind's extra goes in the mix
 * (caches as the mix leaves them). Prints the kind's mean µs a search, each side. Not part
 * of `npm run bench`:
 *   SIZE=1000 ROUNDS=6 PASSES=40 node --cpu-prof --cpu-prof-interval 50 --cpu-prof-dir=/tmp/x \
 *     --import tsx bench/search/profileNearKind.ts
 * then `npx tsx bench/search/readKindProfile.ts /tmp/x/<the larger profile> <69 x 40 x 6>`.
 */
import type { SearchEngine } from './searchEngines';
import { readSearchMix } from './measureSearch';
import { oursAnswering, oursNear } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const passes = Number(process.env.PASSES ?? 400);
const { read, texts } = await readSearchMix(size);
const turns = new Map<string, number>();
for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
const slow = texts.map((text) => {
  const turn = turns.get(text) ?? 0;
  return turn % 2 === 0 && turn % 3 !== 2;
});

async function slowKindNear(engine: SearchEngine, text: string) {
  return engine.search(text);
}
async function slowKindText(engine: SearchEngine, text: string) {
  return engine.search(text);
}
async function otherSearch(engine: SearchEngine, text: string) {
  return engine.search(text);
}

const spent = { text: 0, near: 0 };
const rounds = Number(process.env.ROUNDS ?? 4);
// As tailNear.ts and the section: each engine fresh, one after the other, round after round.
for (let round = 0; round < rounds; round += 1) {
  for (const isNear of [false, true]) {
    const engine = isNear ? oursNear() : oursAnswering();
    await engine.build(read.documents, read.site);
    for (const typed of texts.slice(0, 40)) await engine.search(typed);
    for (let pass = 0; pass < passes; pass += 1) {
      for (let at = 0; at < texts.length; at += 1) {
        const typed = texts[at] ?? '';
        if (!slow[at]) {
          await otherSearch(engine, typed);
          continue;
        }
        const start = process.hrtime.bigint();
        await (isNear ? slowKindNear(engine, typed) : slowKindText(engine, typed));
        spent[isNear ? 'near' : 'text'] += Number(process.hrtime.bigint() - start);
      }
    }
    engine.drop();
  }
}
const count = slow.filter(Boolean).length * passes * rounds;
console.log(
  `slow kind: text ${(spent.text / 1000 / count).toFixed(1)} µs, near ${(spent.near / 1000 / count).toFixed(1)} µs a search (${count} each)`,
);
