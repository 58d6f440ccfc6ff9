/**
 * What the near diagnostics (stepsNear.ts, hlNear.ts) share: the search section's directory
 * of `size` partners built with one global filter, its answers with no cache kept (each asked
 * afresh), and the section's searches near a city with text and no radius (the near engine's
 * slowest kind), each with its city, as the section pairs them. Not part of `npm run bench`.
 */
import { buildSite } from '@partners-network/server';
import { SiteAnswers } from '../../packages/server/src/answer/SiteAnswers';
import { answerCaches } from '../../packages/server/src/answer/AnswerCaches';
import { CacheKind } from '../../packages/server/src/cache/KeptCache';
import { readSearchMix } from './measureSearch';

export async function loadNearSlowCases(size: number) {
  const { read, texts } = await readSearchMix(size);
  const site = read.site;
  const built = await buildSite(
    {
      ...site,
      definitions: {
        ...site.definitions,
        globalFilters: [{ id: 0, name: 'all', position: 0, labels: {}, groupIds: [] }],
        defaultGlobalFilterId: 0,
      },
      partners: site.partners.map((partner) => ({
        ...partner,
        record: { ...partner.record, globalFilters: ['all'] },
      })),
    },
    { workerFrom: Infinity },
  );
  const seen = new Map<string, { latitude: number; longitude: number }>();
  for (const partner of site.partners) {
    for (const location of partner.record.locations ?? []) {
      seen.set(`${location.country}:${location.city}`, location);
    }
  }
  const cities = [...seen.values()];
  const turns = new Map<string, number>();
  for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
  const wanted = texts.filter((text) => {
    const turn = turns.get(text) ?? 0;
    return turn % 2 === 0 && turn % 3 !== 2;
  });
  const unkept = <V extends object>(kind: string) =>
    new CacheKind<V>({ name: kind, maxEntries: 1 });
  const answers = new SiteAnswers(built, {
    ...answerCaches(),
    answers: unkept('answers'),
    firstPages: unkept('first-pages'),
    orderedIds: unkept('ordered-ids'),
  });
  const cases = wanted.map((text) => {
    const turn = turns.get(text) ?? 0;
    const point = cities[turn % cities.length] ?? { latitude: 0, longitude: 0 };
    const criteria = {
      globalFilter: 'all',
      text,
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    };
    return { text, criteria, near: { ...criteria, near: point } };
  });
  return { built, answers, cases };
}
