/**
 * The search route sends a fresh answer's JSON written from kept pieces (store/answerJson);
 * callers of `answer()` get its objects. Over generated sites with hostile texts (quotes,
 * backslashes, control characters, lone surrogates, other scripts in titles, summaries,
 * badges and filter names) and generated searches (text with typos and prefixes, items,
 * another global filter, near a point with and without a radius, pages, locales), the JSON
 * must be the bytes `JSON.stringify(searchResponseOf(answer))` writes of the same answer:
 * highlights, distances, counts, steps back from an empty answer, global filter counts.
 */
import type { LocatedSearchCriteria } from '@partners-network/contract';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../site/buildSite';
import type { StoredSite } from '../../store/PartnerSource';
import type { SiteDefinitions, StoredPartner } from '../../store/SiteRecords';
import { emptyTuning } from '../../store/SiteRecords';
import { searchResponseOf } from '../../store/searchResponseOf';
import { answerCaches } from '../AnswerCaches';
import { SiteAnswers } from '../SiteAnswers';

const SCOPE = { companyId: 'c', scopeGroupId: 's' };
const GROUPS = [
  [10, 11, 12],
  [20, 21],
];
const WORDS = ['cloud', 'data', 'café', 'мост', '東京', 'zürich', 'o"brien', 'back\\slash'];
const GLUE = [' ', ' "', '\\ ', ' \u0000', '\n', ' \ud800 ', ' \udfff', ' \u2028 ', ', '];
const PLACES = [
  { city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.84, label: 'Lyon "2e"' },
  { city: 'Zürich', country: 'CH', latitude: 47.37, longitude: 8.54 },
  { city: 'São\\Paulo', country: 'BR', latitude: -23.55, longitude: -46.63, label: '' },
];

const names = (name: string) => ({ 'en-US': name, 'fr-FR': `${name} \u00ab fr \u00bb` });

const definitions: SiteDefinitions = {
  locales: ['en-US', 'fr-FR'],
  groups: GROUPS.map((_, at) => ({
    id: at + 1,
    key: `g${at}`,
    position: at,
    showAsCategory: true,
    names: names(`group "${at}"\\\u0001`),
  })),
  items: GROUPS.flatMap((ids, at) =>
    ids.map((id, position) => ({
      id,
      groupId: at + 1,
      position,
      names: names(`${WORDS[id % WORDS.length] ?? 'item'}\ud83d`),
    })),
  ),
  globalFilters: [
    { id: 1, name: 'main', position: 0, labels: names('Main'), groupIds: [1, 2] },
    { id: 2, name: 'other"', position: 1, labels: {}, groupIds: [2] },
  ],
  defaultGlobalFilterId: 1,
  nextId: 100,
};

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...GLUE)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((words) => words.map(([word, glue]) => word + glue).join(''));
const partner = fc.record({
  title: text,
  frTitle: fc.option(text, { nil: undefined }),
  summary: text,
  filters: fc.subarray(['main', 'other"']),
  items: fc.subarray(GROUPS.flat()),
  places: fc.subarray(PLACES),
  contact: fc.boolean(),
});
type Made = typeof partner extends fc.Arbitrary<infer T> ? T : never;

function storedOf(id: number, made: Made): StoredPartner {
  return {
    id,
    slug: `p${id}`,
    position: id,
    record: {
      title: made.frTitle
        ? { 'en-US': made.title, 'fr-FR': made.frTitle }
        : { 'en-US': made.title },
      summary: { 'en-US': made.summary },
      url: `https://partners.example/${id}?q="x"`,
      imageUrl: id % 2 ? '' : `/logos/${id}\\.png`,
      globalFilters: made.filters,
      filterItemIds: made.items,
      locations: made.places,
      ...(made.contact ? { contact: { emails: [`p${id}@partners.example`] } } : {}),
    },
  };
}

const search = fc.record({
  locale: fc.constantFrom('en-US', 'fr-FR', 'de-DE'),
  globalFilter: fc.constantFrom('main', 'other"', 'unknown'),
  // A word, its beginning, with a typo, or a word no partner holds (an empty answer).
  text: fc.oneof(
    fc.constant(''),
    fc.constantFrom(...WORDS),
    fc.constantFrom(...WORDS).map((word) => word.slice(0, 3)),
    fc.constantFrom('clod', 'dta', 'cafe', 'zurich', 'nothing'),
    text,
  ),
  filterItemIds: fc.subarray(GROUPS.flat()),
  offset: fc.constantFrom(0, 0, 2),
  resultsPerPage: fc.integer({ min: 1, max: 10 }),
  near: fc.option(fc.constantFrom(...PLACES), { nil: undefined }),
  radiusKm: fc.option(fc.constantFrom(5, 500), { nil: undefined }),
  sort: fc.option(fc.constantFrom('relevance', 'distance'), { nil: undefined }),
});
type Asked = typeof search extends fc.Arbitrary<infer T> ? T : never;

function criteriaOf(asked: Asked): LocatedSearchCriteria {
  const criteria: LocatedSearchCriteria = {
    globalFilter: asked.globalFilter,
    text: asked.text,
    filterItemIds: asked.filterItemIds,
    offset: asked.offset,
    resultsPerPage: asked.resultsPerPage,
  };
  if (asked.near) {
    criteria.near = { latitude: asked.near.latitude, longitude: asked.near.longitude };
    if (asked.radiusKm !== undefined) criteria.radiusKm = asked.radiusKm;
    if (asked.sort !== undefined) criteria.sort = asked.sort;
  }
  return criteria;
}

describe('a fresh answer as the search route sends it', () => {
  it('is the JSON of the answer as objects, byte for byte', async () => {
    // What the generated searches reached: each kind of piece must have been written.
    const seen = { highlights: 0, distances: 0, emptyAnswers: 0, otherFilter: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(partner, { minLength: 1, maxLength: 14 }),
        fc.array(search, { minLength: 1, maxLength: 12 }),
        async (made, searches) => {
          const stored: StoredSite = {
            id: 1,
            scope: SCOPE,
            version: 1,
            definitions,
            tuning: emptyTuning(),
            partners: made.map((one, at) => storedOf(at + 1, one)),
          };
          const site = await buildSite(stored, { workerFrom: Infinity });
          // One site answers every search (its kept cards and groups shared by its answers);
          // each search's objects come from a site of its own, so they are fresh too.
          const sent = new SiteAnswers(site, answerCaches());
          for (const asked of searches) {
            const criteria = criteriaOf(asked);
            const json = sent.kept(criteria, asked.locale).text();
            const objects = new SiteAnswers(site, answerCaches()).answer(criteria, asked.locale);
            expect(json).toBe(JSON.stringify(searchResponseOf(objects)));
            if (objects.partners.some((one) => one.highlights)) seen.highlights += 1;
            if (objects.partners.some((one) => one.distance)) seen.distances += 1;
            if (objects.zeroResultSteps) seen.emptyAnswers += 1;
            if (objects.appliedCriteria.globalFilter === 'other"') seen.otherFilter += 1;
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(Math.min(...Object.values(seen))).toBeGreaterThan(0);
  });
});
