/**
 * A SHA-256 of every answer near a city of the search section's mix, with several radii
 * and sorts, and of the same searches' wire JSON: the same on two trees means the same
 * answers. Not part of `npm run bench`:  SIZE=1000 npx tsx bench/search/hashNear.ts
 */
import { createHash } from 'node:crypto';
import {
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  SiteAnswers,
  answerCaches,
  buildSite,
  openSqliteStore,
  readWholeSite,
} from '@partners-network/server';
import { ensureDirectoryDb } from '../server/directories';
import { buildQueryMix } from '../server/queryMix';

const size = Number(process.env.SIZE ?? 1000);
const store = openSqliteStore({ path: await ensureDirectoryDb(size) });
const site = await readWholeSite(store.source, {
  companyId: SEED_COMPANY_ID,
  scopeGroupId: SEED_SCOPE_GROUP_ID,
});
const definitions = await store.getFilterDefinitions(
  { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID },
  'en-US',
);
await store.close();
if (!site || !definitions) throw new Error('no site');
const built = await buildSite(site, { workerFrom: Infinity });
const cities = new Map<string, { latitude: number; longitude: number }>();
for (const partner of site.partners) {
  for (const location of partner.record.locations ?? []) {
    cities.set(`${location.country}:${location.city}`, location);
  }
}
const points = [...cities.values()];
// A few points off the cities too (a visitor's own position).
points.push(
  { latitude: 48.1, longitude: 11.4 },
  { latitude: -33.9, longitude: 151.1 },
  { latitude: 0, longitude: 179.9 },
);
const mix = buildQueryMix(definitions, 400);
const hash = createHash('sha256');
let count = 0;
const radii = [undefined, 10, 25, 50, 100, 250, 1000, 2500];
const sorts = [undefined, 'distance', 'relevance'] as const;
for (const [at, query] of mix.entries()) {
  const answers = new SiteAnswers(built, answerCaches());
  const point = points[(at * 7) % points.length];
  if (!point) continue;
  for (const radiusKm of radii) {
    const sort = sorts[(at + (radiusKm ?? 0)) % sorts.length];
    for (const offset of [0, 10, 150]) {
      const criteria = {
        ...query.criteria,
        offset,
        near: point,
        ...(radiusKm === undefined ? {} : { radiusKm }),
        ...(sort === undefined ? {} : { sort }),
      };
      const kept = answers.kept(criteria, query.locale);
      hash.update(String(kept.totalFound));
      hash.update(kept.text());
      count += 1;
    }
  }
}
console.log(`${size}: ${count} answers, sha256 ${hash.digest('hex')}`);
