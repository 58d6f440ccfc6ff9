/**
 * How long the ten nearest of random candidates take by a scan of their locations and by
 * the shared points, on a generated directory: where `SCAN_PER_POINT_AT_MOST` in
 * packages/server/src/search/PartnerLocations.ts should switch; then how long counting them
 * within a radius takes by `countWithin` and by `within` (`FEW_LOCATIONS`). Not part of
 * `npm run bench`:
 *   npx tsx bench/search/scanVsPoints.ts              (1k partners)
 *   SIZE=10000 COUNTS=50,100,200,400 npx tsx bench/search/scanVsPoints.ts
 */
import {
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  buildSite,
  openSqliteStore,
  readWholeSite,
} from '@partners-network/server';
import { Bitset } from '../../packages/server/src/search/Bitset';
import { SiteLocations } from '../../packages/server/src/search/PartnerLocations';
import type { GeoPoint } from '../../packages/server/src/search/PartnerLocations';
import { ensureDirectoryDb } from '../server/directories';

const size = Number(process.env.SIZE ?? 1000);
const counts = (process.env.COUNTS ?? '20,40,80,160,250,400,700').split(',').map(Number);
const store = openSqliteStore({ path: await ensureDirectoryDb(size) });
const site = await readWholeSite(store.source, {
  companyId: SEED_COMPANY_ID,
  scopeGroupId: SEED_SCOPE_GROUP_ID,
});
await store.close();
if (!site) throw new Error('no seed site');
const { locations } = await buildSite(site, { workerFrom: Infinity });
if (!(locations instanceof SiteLocations)) throw new Error('a whole build has SiteLocations');
const cities = new Map<string, GeoPoint>();
for (const partner of site.partners) {
  for (const location of partner.record.locations ?? []) {
    cities.set(`${location.country}:${location.city}`, location);
  }
}
const points = [...cities.values()];
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
/** Microseconds a call, the fastest of 30 rounds of 40 calls. */
function time(run: (point: GeoPoint, candidates: Bitset) => unknown, sets: Bitset[]): string {
  let best = Infinity;
  for (let round = 0; round < 30; round += 1) {
    const start = process.hrtime.bigint();
    for (let call = 0; call < 40; call += 1) {
      const point = points[call % points.length];
      const set = sets[call % sets.length];
      if (point && set) run(point, set);
    }
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 40_000);
  }
  return `${best.toFixed(1)} µs`;
}
for (const count of counts) {
  const sets = Array.from({ length: 20 }, () => {
    const set = new Bitset(size);
    while (set.count() < count) set.add(Math.floor(random() * size));
    return set.and(locations.located());
  });
  const scan = time((point, set) => locations.scan(point, 10, set, Infinity), sets);
  const byPoints = time((point, set) => locations.byPoints(point, 10, set, Infinity), sets);
  const chosen = time((point, set) => locations.nearest(point, 10, { among: set }), sets);
  console.log(`${count} candidates: scan ${scan}, by points ${byPoints}, nearest() ${chosen}`);
}
for (const count of [5, 50, 200, 500]) {
  const sets = Array.from({ length: 20 }, () => {
    const set = new Bitset(size);
    while (set.count() < count) set.add(Math.floor(random() * size));
    return set;
  });
  for (const radiusKm of [250, 2500, 20_000]) {
    const counted = time((point, set) => locations.countWithin(point, radiusKm, set), sets);
    const within = time((point, set) => locations.within(point, radiusKm).andCount(set), sets);
    console.log(
      `${count} candidates within ${radiusKm} km: countWithin ${counted}, within ${within}`,
    );
  }
}
