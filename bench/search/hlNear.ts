/**
 * The section's searches near a city with text and no radius (the near engine's slow kind):
 * how many distinct cards their answers show as text and near a city, their texts' length
 * and highlights, and markHighlights over each answer's own cards, hot (fastest of 300).
 * Near answers show other partners (more distinct cards, out of the caches in the mix's
 * order), not more work per card. Not part of `npm run bench`:
 *   npx tsx bench/search/hlNear.ts
 */
import { buildSite } from '@partners-network/server';
import { resolveSearch } from '../../packages/server/src/answer/resolveSearch';
import { copyCard } from '../../packages/server/src/site/buildSite';
import { markHighlights } from '../../packages/server/src/answer/markHighlights';
import { SiteAnswers } from '../../packages/server/src/answer/SiteAnswers';
import { answerCaches } from '../../packages/server/src/answer/AnswerCaches';
import { CacheKind } from '../../packages/server/src/cache/KeptCache';
import { readSearchMix } from './measureSearch';

const { read, texts } = await readSearchMix(1000);
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
for (const partner of site.partners)
  for (const location of partner.record.locations ?? [])
    seen.set(`${location.country}:${location.city}`, location);
const cities = [...seen.values()];
const turns = new Map<string, number>();
for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
const wanted = texts.filter((text) => {
  const turn = turns.get(text) ?? 0;
  return turn % 2 === 0 && turn % 3 !== 2;
});
const unkept = <V extends object>(kind: string) => new CacheKind<V>({ name: kind, maxEntries: 1 });
const answers = new SiteAnswers(built, {
  ...answerCaches(),
  answers: unkept('answers'),
  firstPages: unkept('first-pages'),
  orderedIds: unkept('ordered-ids'),
});
const cases = wanted.map((text) => {
  const turn = turns.get(text) ?? 0;
  const point = cities[turn % cities.length] ?? { latitude: 0, longitude: 0 };
  const criteria = { globalFilter: 'all', text, filterItemIds: [], offset: 0, resultsPerPage: 10 };
  const near = { ...criteria, near: point };
  const search = resolveSearch(built.info, near, 'en-US');
  if (!search) throw new Error('x');
  const words = built.index.matchedWords('en-US', search.terms);
  return {
    text,
    words,
    nearCards: answers.answer(near, 'en-US').partners,
    textCards: answers.answer(criteria, 'en-US').partners,
  };
});
const distinct = (pick: (c: (typeof cases)[number]) => { title: string }[]) =>
  new Set(cases.flatMap((c) => pick(c).map((p) => p.title))).size;
console.log(
  'distinct cards: text',
  distinct((c) => c.textCards),
  'near',
  distinct((c) => c.nearCards),
);
const len = (pick: (c: (typeof cases)[number]) => { title: string; summary: string }[]) =>
  cases.reduce(
    (s, c) => s + pick(c).reduce((t, p) => t + p.title.length + p.summary.length, 0),
    0,
  ) / cases.length;
console.log(
  'chars per answer: text',
  len((c) => c.textCards).toFixed(0),
  'near',
  len((c) => c.nearCards).toFixed(0),
);
const hl = (
  pick: (c: (typeof cases)[number]) => { highlights?: { title: unknown[]; summary: unknown[] } }[],
) =>
  cases.reduce(
    (s, c) =>
      s +
      pick(c).reduce(
        (t, p) => t + (p.highlights?.title.length ?? 0) + (p.highlights?.summary.length ?? 0),
        0,
      ),
    0,
  ) / cases.length;
console.log(
  'ranges per answer: text',
  hl((c) => c.textCards).toFixed(1),
  'near',
  hl((c) => c.nearCards).toFixed(1),
);
for (const which of ['textCards', 'nearCards', 'textCards', 'nearCards'] as const) {
  let best = Infinity;
  for (let round = 0; round < 300; round += 1) {
    let sum = 0;
    for (const c of cases) {
      const copies = c[which].map((card) => copyCard(card));
      const start = process.hrtime.bigint();
      if (c.words) markHighlights(copies, c.words);
      sum += Number(process.hrtime.bigint() - start);
    }
    best = Math.min(best, sum / cases.length / 1000);
  }
  console.log(which, best.toFixed(2), 'µs');
}
