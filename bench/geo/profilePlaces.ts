/**
 * Diagnostic, not part of `npm run bench`: the geo section's places suggestions, each typed
 * text timed `passes` times (its fastest kept), with the slowest texts listed, to see which
 * texts make the p99 (long names typed with a typo, broad beginnings, many names to fold).
 *
 *   npx tsx bench/geo/profilePlaces.ts [passes=10] [slowest=30]
 */
import {
  SiteLocationsBuilder,
  cityKeyOf,
  gazetteer,
  suggestPlaces,
} from '@partners-network/server';
import { percentile } from '../lib/stats';
import { partnersOf, typedTexts } from './measureGeo';

const passes = Number(process.argv[2] ?? 10);
const slowest = Number(process.argv[3] ?? 30);
const partners = partnersOf(100_000);
const builder = new SiteLocationsBuilder(partners.length);
partners.forEach((own, ordinal) => builder.add(ordinal, own));
const byCity = (await builder.build(cityKeyOf)).partnersByCity();
const world = gazetteer();
const rows = typedTexts().map(({ text, locale }) => {
  let best = Infinity;
  for (let pass = 0; pass < passes; pass += 1) {
    const started = performance.now();
    suggestPlaces(world, text, locale, { byCity, limit: 8 });
    best = Math.min(best, performance.now() - started);
  }
  return { text, locale, best };
});
const times = rows.map((row) => row.best);
console.log(
  `${rows.length} texts, fastest of ${passes}: p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, sum ${times.reduce((sum, time) => sum + time, 0).toFixed(0)} ms`,
);
for (const row of [...rows].sort((a, b) => b.best - a.best).slice(0, slowest)) {
  console.log(`${row.best.toFixed(3)} ms  ${JSON.stringify(row.text)} ${row.locale}`);
}
