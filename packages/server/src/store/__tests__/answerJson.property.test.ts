/**
 * A fresh answer's JSON written from pieces must be the bytes `JSON.stringify` writes of
 * the same answer's objects (searchResponseOf, the wire shape's one home): generated
 * answers with hostile texts (quotes, backslashes, control characters, line separators,
 * lone surrogates, other scripts), distances, highlights, counted groups, global filter
 * counts, steps back from an empty answer.
 */
import type { FilterGroup, Partner } from '@partners-network/contract';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerJson, cardHead, distanceJson, groupsJson, placeJson } from '../answerJson';
import type { StoreSearchResult } from '../PartnerStore';
import { searchResponseOf } from '../searchResponseOf';

const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', '\\', '\u0000', '\n', '\u001f', '\u007f', '\u2028', '</script>'),
    fc.constantFrom('\ud800', '\udfff', '\ud83d\ude00', 'é', 'мост', '東京', 'ﷺ'),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.string({ maxLength: 3 }),
  ),
  maxLength: 12,
});
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const ranges = fc.array(fc.tuple(fc.nat(500), fc.nat(500)), { maxLength: 3 });

const card = fc.record({
  image: fc.record({ url: hostile }),
  categories: fc.array(fc.record({ name: hostile }), { maxLength: 4 }),
  title: hostile,
  summary: hostile,
  url: hostile,
  contact: maybe(fc.record({ slug: hostile })),
  distance: maybe(
    fc.record({
      km: fc.oneof(
        fc.double(),
        fc.constant(-0),
        fc.nat(20000),
        // Rounded to tenths, as answers' distances are (answer/findNear).
        fc.nat(200_000).map((tenths) => tenths / 10),
      ),
      city: hostile,
      country: hostile,
      label: maybe(hostile),
    }),
  ),
  highlights: maybe(fc.record({ title: ranges, summary: ranges })),
});

const group = fc.record({
  name: hostile,
  filterItems: fc.array(
    fc.record({
      id: fc.integer(),
      name: hostile,
      // Counts below and past those whose strings answerJson keeps.
      count: fc.option(fc.oneof(fc.nat(), fc.constantFrom(1023, 1024)), { nil: undefined }),
    }),
    { maxLength: 5 },
  ),
});

const answer = fc.record({
  partners: fc.array(card, { maxLength: 6 }),
  totalFound: fc.nat(),
  filterGroups: fc.array(group, { maxLength: 4 }),
  globalFilterCounts: maybe(fc.array(fc.record({ name: hostile, count: fc.nat() }))),
  zeroResultSteps: maybe(
    fc.array(
      fc.record({
        remove: fc.record(
          { filterItemId: fc.integer(), text: hostile, word: hostile, radiusKm: fc.nat() },
          { requiredKeys: [] },
        ),
        text: hostile,
        filterItemIds: fc.array(fc.integer()),
        radiusKm: maybe(fc.nat()),
        totalFound: fc.nat(),
      }),
    ),
  ),
  answerId: maybe(hostile),
  appliedCriteria: fc.record(
    {
      globalFilter: hostile,
      text: hostile,
      filterItemIds: fc.array(fc.integer()),
      offset: fc.nat(),
      resultsPerPage: fc.nat(100),
      near: fc.record({ latitude: fc.double(), longitude: fc.double(), label: hostile }),
      radiusKm: fc.nat(),
      sort: hostile,
    },
    { requiredKeys: ['globalFilter', 'text', 'filterItemIds', 'offset', 'resultsPerPage'] },
  ),
});

/** The card as a site keeps it: no distance, no highlights (the answer's own). */
const kept = (partner: Partner): Partner => ({
  ...partner,
  distance: undefined,
  highlights: undefined,
});

/** The groups as definitions send them: no counts. */
const uncounted = (groups: FilterGroup[]): FilterGroup[] =>
  groups.map((one) => ({
    name: one.name,
    filterItems: one.filterItems.map((item) => ({ id: item.id, name: item.name })),
  }));

function written(result: StoreSearchResult): string {
  return answerJson({
    cards: result.partners.map((partner) => cardHead(kept(partner))),
    distances: result.partners.map(
      (partner) =>
        partner.distance && distanceJson(partner.distance.km, placeJson(partner.distance)),
    ),
    highlights: result.partners.map((partner) => partner.highlights),
    totalFound: result.totalFound,
    groups: groupsJson(uncounted(result.filterGroups)),
    itemCounts: result.filterGroups.map((one) => one.filterItems.map((item) => item.count ?? 0)),
    globalFilterCounts: result.globalFilterCounts,
    zeroResultSteps: result.zeroResultSteps,
    answerId: result.answerId,
    appliedCriteria: result.appliedCriteria,
  });
}

describe('answerJson', () => {
  it('writes the bytes JSON.stringify writes of the answer as objects', () => {
    fc.assert(
      fc.property(answer, (generated) => {
        // Every answer's items carry a count (a fresh answer counts every item).
        const result: StoreSearchResult = {
          ...generated,
          filterGroups: generated.filterGroups.map((one) => ({
            name: one.name,
            filterItems: one.filterItems.map((item) => ({
              id: item.id,
              name: item.name,
              count: item.count ?? 0,
            })),
          })),
        };
        expect(written(result)).toBe(JSON.stringify(searchResponseOf(result)));
      }),
      { numRuns: 500 },
    );
  });

  it("writes every distance's kilometres in tenths up to 20,000 km as JSON.stringify does", () => {
    const place = placeJson({ km: 0, city: 'Lyon', country: 'FR', label: undefined });
    const differing: number[] = [];
    for (let tenths = 0; tenths <= 200_000; tenths += 1) {
      const distance = { km: Math.round((tenths / 10) * 10) / 10, city: 'Lyon', country: 'FR' };
      if (distanceJson(distance.km, place) !== JSON.stringify(distance)) differing.push(tenths);
    }
    expect(differing).toEqual([]);
    // Past the tenths and what JSON cannot hold, as JSON writes them.
    for (const km of [0.05, 1e-7, 123456789.5, 1e21, -0, -1.5, Number.NaN, Infinity]) {
      expect(distanceJson(km, place)).toBe(
        JSON.stringify({ km, city: 'Lyon', country: 'FR', label: undefined }),
      );
    }
  });

  it('leaves out what an answer lacks, as JSON leaves out undefined fields', () => {
    const empty: StoreSearchResult = {
      partners: [],
      totalFound: 0,
      filterGroups: [],
      appliedCriteria: {
        globalFilter: '',
        text: '',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      },
    };
    expect(written(empty)).toBe(
      '{"partners":[],"totalFound":0,"error":false,"filterGroups":[],' +
        '"searchPartnersCriteria":{"globalFilter":"","text":"","filterItemIds":[],"offset":0,"resultsPerPage":10}}',
    );
  });
});
