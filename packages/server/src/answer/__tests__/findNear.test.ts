/**
 * Searches near a point (issue 25), over the store fixture built in memory with locations
 * given to its partners: the order, the radius, the counts and the way out of an empty
 * radius, each checked against a plain reference (every partner measured, then sorted).
 */
import type { LocatedSearchCriteria } from '@partners-network/contract';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../site/buildSite';
import type { StoredLocation } from '../../store/SiteRecords';
import { BESANCON, FILLER_COUNT, MAIN, ZURICH } from '../../store/__tests__/storeFixture';
import { answerCaches } from '../AnswerCaches';
import { WIDER_RADII_KM } from '../findNear';
import { SiteAnswers } from '../SiteAnswers';
import { referenceKm } from '../../search/__tests__/referenceKm';
import { storedSite } from './storedSite';

const LYON: StoredLocation = {
  city: 'Lyon',
  country: 'FR',
  latitude: 45.74846,
  longitude: 4.84671,
};
const ZÜRICH: StoredLocation = {
  city: 'Zürich',
  country: 'CH',
  latitude: 47.36667,
  longitude: 8.55,
};
const BESANÇON: StoredLocation = {
  city: 'Besançon',
  country: 'FR',
  latitude: 47.24878,
  longitude: 6.01815,
};
const SÃO_PAULO: StoredLocation = {
  city: 'São Paulo',
  country: 'BR',
  latitude: -23.5475,
  longitude: -46.63611,
};
const TOKYO: StoredLocation = {
  city: 'Tokyo',
  country: 'JP',
  latitude: 35.6895,
  longitude: 139.69171,
};
/** A handful of real cities, so that partners share places and distances tie. */
const CITIES = [LYON, ZÜRICH, BESANÇON, SÃO_PAULO, TOKYO];

/** The fixture's main site, each partner given the locations `placesOf` picks by position. */
async function locatedSite(placesOf: (at: number) => StoredLocation[]) {
  const stored = storedSite(MAIN);
  const partners = stored.partners.map((partner, at) => {
    const locations = placesOf(at);
    return locations.length > 0
      ? { ...partner, record: { ...partner.record, locations } }
      : partner;
  });
  const site = await buildSite({ ...stored, partners }, { workerFrom: Infinity });
  return { answers: new SiteAnswers(site, answerCaches()), partners };
}

const near = (overrides: Partial<LocatedSearchCriteria>): LocatedSearchCriteria => ({
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 50,
  ...overrides,
});

const point = fc.record({
  latitude: fc.double({ min: -89, max: 89, noNaN: true }),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }),
});
const placesOfPartners = fc.array(fc.subarray(CITIES, { maxLength: 3 }), {
  minLength: 3 + FILLER_COUNT,
  maxLength: 3 + FILLER_COUNT,
});

describe('a search near a point', () => {
  it('orders partners by distance, ties in editorial order, the unlocated last', async () => {
    await fc.assert(
      fc.asyncProperty(
        placesOfPartners,
        point,
        fc.option(fc.constantFrom(50, 500, 5000), { nil: undefined }),
        async (places, from, radiusKm) => {
          const { answers, partners } = await locatedSite((at) => places[at] ?? []);
          const answer = answers.answer(
            near({ near: from, ...(radiusKm ? { radiusKm } : {}) }),
            'en-US',
          );
          const expected = partners
            .filter((partner) => partner.record.globalFilters.includes('tech'))
            .map((partner, at) => ({
              url: partner.record.url,
              at,
              km: Math.min(
                ...(partner.record.locations ?? []).map((one) => referenceKm(from, one)),
              ),
            }))
            .filter((partner) => radiusKm === undefined || partner.km <= radiusKm)
            .sort((a, b) => a.km - b.km || a.at - b.at);
          expect(answer.totalFound).toBe(expected.length);
          expect(answer.partners.map((partner) => partner.url)).toEqual(
            expected.map((partner) => partner.url),
          );
          answer.partners.forEach((partner, at) => {
            const km = expected[at]?.km ?? Infinity;
            if (km === Infinity) expect(partner.distance).toBeUndefined();
            else expect(partner.distance?.km).toBeCloseTo(km, 0);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('says how far each card is and from which of its places', async () => {
    const { answers } = await locatedSite((at) =>
      at === 0 ? [{ ...SÃO_PAULO, label: 'Head office' }, LYON] : [],
    );
    const answer = answers.answer(near({ near: { ...LYON, label: 'Lyon' } }), 'en-US');
    expect(answer.partners[0]?.distance).toEqual({ km: 0, city: 'Lyon', country: 'FR' });
    expect(answer.partners[1]?.distance).toBeUndefined();
    const fromSaoPaulo = answers.answer(near({ near: SÃO_PAULO }), 'en-US');
    expect(fromSaoPaulo.partners[0]?.distance).toMatchObject({
      city: 'São Paulo',
      label: 'Head office',
    });
    expect(answer.appliedCriteria).toMatchObject({
      near: { latitude: LYON.latitude, longitude: LYON.longitude, label: 'Lyon' },
      sort: 'distance',
    });
  });

  it('keeps relevance first with text, distance breaking its ties, unless asked by distance', async () => {
    // Every filler partner matches "filler" alike; odd ones in Tokyo, even ones in Lyon.
    const { answers } = await locatedSite((at) => (at >= 3 ? [at % 2 === 0 ? LYON : TOKYO] : []));
    const answer = answers.answer(near({ text: 'filler', near: LYON }), 'en-US');
    expect(answer.appliedCriteria.sort).toBe('relevance');
    const cities = answer.partners.map((partner) => partner.distance?.city);
    const inLyon = cities.filter((city) => city === 'Lyon').length;
    expect(inLyon).toBeGreaterThan(0);
    expect(cities.slice(0, inLyon).every((city) => city === 'Lyon')).toBe(true);
    expect(cities.slice(inLyon).every((city) => city === 'Tokyo')).toBe(true);
    // "Partner 1" ranks its exact word first, wherever it is.
    const exact = answers.answer(near({ text: 'filler partner 1', near: LYON }), 'en-US');
    const byDistance = answers.answer(
      near({ text: 'filler partner 1', near: LYON, sort: 'distance' }),
      'en-US',
    );
    expect(byDistance.totalFound).toBe(exact.totalFound);
    expect(byDistance.partners[0]?.distance?.city).toBe('Lyon');
  });

  it('counts filters inside the radius only', async () => {
    // Zürich's filler partners (even) sit in Zürich, Besançon's (odd) in Besançon.
    const { answers } = await locatedSite((at) =>
      at >= 3 ? [at % 2 === 0 ? BESANÇON : ZÜRICH] : [],
    );
    const inside = answers.answer(near({ near: ZÜRICH, radiusKm: 50 }), 'en-US');
    const outside = answers.answer(near({ near: ZÜRICH }), 'en-US');
    const countOf = (answer: typeof inside, id: number) =>
      answer.filterGroups.flatMap((group) => group.filterItems).find((item) => item.id === id)
        ?.count;
    expect((countOf(inside, ZURICH) ?? 0) + (countOf(inside, BESANCON) ?? 0)).toBe(
      inside.totalFound,
    );
    expect(inside.totalFound).toBeLessThan(outside.totalFound);
    expect(inside.globalFilterCounts?.find((one) => one.name === 'tech')?.count).toBe(
      inside.totalFound,
    );
  });

  it('offers the first wider radius that finds partners when the radius holds none', async () => {
    const { answers, partners } = await locatedSite((at) => (at >= 3 ? [BESANÇON] : []));
    const answer = answers.answer(near({ near: LYON, radiusKm: 25 }), 'en-US');
    expect(answer.totalFound).toBe(0);
    const kmToBesancon = referenceKm(LYON, BESANÇON);
    const wider = WIDER_RADII_KM.find((radius) => radius > 25 && radius >= kmToBesancon);
    const located = partners.filter(
      (partner) => partner.record.globalFilters.includes('tech') && partner.record.locations,
    ).length;
    expect(answer.zeroResultSteps).toEqual([
      {
        remove: { radiusKm: 25 },
        text: '',
        filterItemIds: [],
        radiusKm: wider,
        totalFound: located,
      },
    ]);
    const widened = answers.answer(near({ near: LYON, radiusKm: wider }), 'en-US');
    expect(widened.totalFound).toBe(located);
  });

  it('offers the wider radius a plain reference finds, or none, wherever the point', async () => {
    await fc.assert(
      fc.asyncProperty(
        placesOfPartners,
        point,
        fc.constantFrom(10, 25, 100),
        async (places, at, radiusKm) => {
          const { answers, partners } = await locatedSite((index) => places[index] ?? []);
          const answer = answers.answer(near({ near: at, radiusKm }), 'en-US');
          // Each partner of the filter: its nearest location's distance (none: Infinity).
          const kms = partners
            .filter((partner) => partner.record.globalFilters.includes('tech'))
            .map((partner) =>
              Math.min(...(partner.record.locations ?? []).map((place) => referenceKm(at, place))),
            );
          expect(answer.totalFound).toBe(kms.filter((km) => km <= radiusKm).length);
          if (answer.totalFound > 0) return;
          const wider = WIDER_RADII_KM.find(
            (radius) => radius > radiusKm && kms.some((km) => km <= radius),
          );
          const step = answer.zeroResultSteps?.find((found) => 'radiusKm' in found.remove);
          if (wider === undefined) expect(step).toBeUndefined();
          else {
            expect(step).toMatchObject({
              radiusKm: wider,
              totalFound: kms.filter((km) => km <= wider).length,
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('pages in the same order as one long page', async () => {
    const { answers } = await locatedSite((at) => [CITIES[at % CITIES.length] ?? LYON]);
    const from = { latitude: 40, longitude: 0 };
    const whole = answers.answer(near({ near: from, resultsPerPage: 100 }), 'en-US');
    const paged = [0, 7, 14, 21].flatMap(
      (offset) => answers.answer(near({ near: from, offset, resultsPerPage: 7 }), 'en-US').partners,
    );
    expect(paged.map((partner) => partner.url)).toEqual(
      whole.partners.map((partner) => partner.url),
    );
  });
});
