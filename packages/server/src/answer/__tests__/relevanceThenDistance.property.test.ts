/**
 * Relevance first, distance breaking its ties (issue 25), against a plain reference: every
 * candidate measured, then sorted by rank, distance and rank order. Small limits and groups
 * of equal rank larger than them, so that both ways of ordering a group run (measure and
 * sort the groups inside the page, ask the distance structure for the one that crosses it).
 * The ranked answer runs to the end of the rank that crosses the limit, as the index's
 * `wholeRank` gives it.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../../search/Bitset';
import type { SiteLocation } from '../../search/PartnerLocations';
import { SiteLocationsBuilder } from '../../search/PartnerLocations';
import { referenceKm } from '../../search/__tests__/referenceKm';
import { relevanceThenDistance } from '../findNear';

const CITIES: SiteLocation[] = [
  { city: 'Lyon', country: 'FR', latitude: 45.74846, longitude: 4.84671 },
  { city: 'Tokyo', country: 'JP', latitude: 35.6895, longitude: 139.69171 },
  { city: 'Quito', country: 'EC', latitude: -0.22985, longitude: -78.52495 },
];

const siteOf = fc.integer({ min: 1, max: 120 }).chain((size) =>
  fc.record({
    places: fc.array(fc.subarray(CITIES, { maxLength: 2 }), { minLength: size, maxLength: size }),
    // Each found partner's rank (few levels, as the index's are), in answer order.
    ranks: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: size, maxLength: size }),
    kept: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
    limit: fc.integer({ min: 1, max: 30 }),
    point: fc.record({
      latitude: fc.double({ min: -80, max: 80, noNaN: true }),
      longitude: fc.double({ min: -179, max: 179, noNaN: true }),
    }),
  }),
);

describe('relevanceThenDistance', () => {
  it('orders each rank by distance, the unlocated last, as a plain sort does', async () => {
    await fc.assert(
      fc.asyncProperty(siteOf, async ({ places, ranks, kept, limit, point }) => {
        const builder = new SiteLocationsBuilder(places.length);
        places.forEach((locations, ordinal) => builder.add(ordinal, locations));
        const locations = await builder.build((city, country) => `${country}:${city}`);
        // The index answers best rank first, editorial (ordinal) order within a rank, the
        // partners its filters keep only, up to the end of the rank that crosses the limit.
        const found = places
          .map((_, ordinal) => ordinal)
          .filter((ordinal) => kept[ordinal])
          .sort((a, b) => (ranks[b] ?? 0) - (ranks[a] ?? 0) || a - b);
        const crossing = ranks[found[limit - 1] ?? -1];
        let end = Math.min(limit, found.length);
        while (end < found.length && ranks[found[end] ?? -1] === crossing) end += 1;
        // The ranked answer as the index gives it: listed, and the crossing rank as a set.
        const ranked = (listed: number[], crossingRank?: Bitset) =>
          relevanceThenDistance(
            locations,
            point,
            {
              ordinals: Int32Array.from(listed),
              scores: Uint16Array.from(listed.map((ordinal) => ranks[ordinal] ?? 0)),
              total: found.length,
              ...(crossingRank ? { crossingRank } : {}),
            },
            limit,
          );
        const answer = ranked(found.slice(0, end));
        const km = (ordinal: number) =>
          Math.min(...(places[ordinal] ?? []).map((city) => referenceKm(point, city)));
        const expected = [...found].sort(
          (a, b) =>
            (ranks[b] ?? 0) - (ranks[a] ?? 0) ||
            km(a) - km(b) ||
            found.indexOf(a) - found.indexOf(b),
        );
        expect(answer.total).toBe(expected.length);
        expect(Array.from(answer.ids)).toEqual(expected.slice(0, limit));
        // The crossing rank as a set (`wholeRank: 'set'`): listed up to the limit only.
        if (end <= limit) return;
        const crossingRank = new Bitset(places.length);
        for (const ordinal of found) if (ranks[ordinal] === crossing) crossingRank.add(ordinal);
        const fromSet = ranked(found.slice(0, limit), crossingRank);
        expect(Array.from(fromSet.ids)).toEqual(expected.slice(0, limit));
      }),
      { numRuns: 200 },
    );
  });
});
