/**
 * The steps of the section's searches near a city with text and no radius (relevance, then
 * distance: the near engine's slowest), each timed alone over those searches (fastest of
 * ROUNDS each, summed), beside the text search's own steps. Not part of `npm run bench`:
 *   SIZE=1000 ROUNDS=300 npx tsx bench/search/stepsNear.ts
 */
import { SiteLocations } from '@partners-network/server';
import { relevanceThenDistance, markDistances } from '../../packages/server/src/answer/findNear';
import { resolveSearch } from '../../packages/server/src/answer/resolveSearch';
import { searchResponseOf } from '../../packages/server/src/store/searchResponseOf';
import { loadNearSlowCases } from './nearSlowCases';

const size = Number(process.env.SIZE ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 300);
const { built, answers, cases: slow } = await loadNearSlowCases(size);
const siteLocations = built.locations;
if (!(siteLocations instanceof SiteLocations)) throw new Error('not a whole build');
const cases = slow.map(({ text, criteria, near }) => {
  const search = resolveSearch(built.info, near, 'en-US');
  const textSearch = resolveSearch(built.info, criteria, 'en-US');
  if (!search?.near || !textSearch) throw new Error('no search');
  const ranked = built.index.findFirst(search.query, 10, { wholeRank: 'set' });
  const ordered = relevanceThenDistance(built.locations, search.near, ranked, 10);
  const nearAnswer = answers.answer(near, 'en-US');
  const textAnswer = answers.answer(criteria, 'en-US');
  return { text, criteria, near, search, textSearch, ranked, ordered, nearAnswer, textAnswer };
});
const steps: Record<string, (c: (typeof cases)[number]) => unknown> = {
  'answer, text': (c) => answers.answer(c.criteria, 'en-US'),
  'answer, near': (c) => answers.answer(c.near, 'en-US'),
  'resolve, text': (c) => resolveSearch(built.info, c.criteria, 'en-US'),
  'resolve, near': (c) => resolveSearch(built.info, c.near, 'en-US'),
  'findFirst 100 (text)': (c) => built.index.findFirst(c.textSearch.query, 100),
  'findFirst 10 whole rank as a set': (c) =>
    built.index.findFirst(c.search.query, 10, { wholeRank: 'set' }),
  relevanceThenDistance: (c) =>
    c.search.near && relevanceThenDistance(built.locations, c.search.near, c.ranked, 10),
  'nearest among the rank': (c) =>
    c.search.near &&
    c.ranked.crossingRank &&
    built.locations.nearest(c.search.near, 10, { among: c.ranked.crossingRank }),
  'scan of the rank': (c) =>
    c.search.near &&
    c.ranked.crossingRank &&
    siteLocations.scan(c.search.near, 10, c.ranked.crossingRank, Infinity),
  'byPoints of the rank': (c) =>
    c.search.near &&
    c.ranked.crossingRank &&
    siteLocations.byPoints(c.search.near, 10, c.ranked.crossingRank, Infinity),
  'distanceOf (orderFrom, new point)': (c) =>
    c.search.near && built.locations.distanceOf(0, c.search.near),
  'copies + markDistances': (c) => {
    const copies = c.nearAnswer.partners.map((card) => ({ ...card }));
    if (c.search.near) markDistances(copies, c.ordered.ids, built.locations, c.search.near);
    return copies;
  },
  'copies only': (c) => c.nearAnswer.partners.map((card) => ({ ...card })),
  'JSON, text answer': (c) => JSON.stringify(searchResponseOf(c.textAnswer)),
  'JSON, near answer': (c) => JSON.stringify(searchResponseOf(c.nearAnswer)),
};
const best = new Map<string, number>();
// COLD=1: the caches thrashed before each timed step (as the mix's other searches do).
const thrash = new Float64Array(process.env.COLD ? 1 << 20 : 0);
let sink = 0;
const only = process.env.STEPS?.split('|');
for (let round = 0; round < rounds; round += 1) {
  for (const [name, step] of Object.entries(steps)) {
    if (only && !only.some((part) => name.includes(part))) continue;
    let sum = 0;
    for (const c of cases) {
      for (let at = 0; at < thrash.length; at += 8) sink += thrash[at] ?? 0;
      const start = process.hrtime.bigint();
      step(c);
      sum += Number(process.hrtime.bigint() - start);
    }
    best.set(name, Math.min(best.get(name) ?? Infinity, sum / 1000 / cases.length));
  }
}
if (sink) console.log(sink);
console.log(`${cases.length} searches, mean µs per search (the fastest round of ${rounds}):`);
for (const [name, us] of best) console.log(`  ${name.padEnd(36)} ${us.toFixed(2)}`);
const c0 = cases[0];
if (c0 && process.env.SHOW) {
  console.log(
    JSON.stringify(searchResponseOf(c0.nearAnswer)).length,
    JSON.stringify(searchResponseOf(c0.textAnswer)).length,
  );
  console.log(JSON.stringify(searchResponseOf(c0.nearAnswer)).slice(0, 3000));
}
if (process.env.SHOW) {
  for (const c of cases) {
    const rank = c.ranked.crossingRank;
    const scores = c.ranked.scores;
    console.log(
      `${c.text.padEnd(20)} total ${c.ranked.total} listed ${c.ranked.ordinals.length} groups ${new Set(scores).size} rank ${rank ? rank.count() : '-'} located ${rank ? rank.andCount(built.locations.located()) : '-'}`,
    );
  }
}
