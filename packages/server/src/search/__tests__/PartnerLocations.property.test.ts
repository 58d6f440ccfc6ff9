import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../Bitset';
import { LaidLocations } from '../LaidLocations';
import type { GeoPoint, SiteLocation } from '../PartnerLocations';
import { SiteLocationsBuilder, boxesAround } from '../PartnerLocations';
import { TREE_WORKER_FROM } from '../buildLocationTree';
import { referenceKm } from './referenceKm';

function nearestKm(point: GeoPoint, locations: readonly SiteLocation[]): number {
  return Math.min(...locations.map((location) => referenceKm(point, location)));
}

const EPSILON_KM = 1e-6;

/** Coordinates that meet: the poles, the antimeridian, a few shared cities, anywhere else. */
const latitude = fc.oneof(
  fc.double({ min: -90, max: 90, noNaN: true }),
  fc.constantFrom(-90, 90, 0, 45.74846, 89.9999, -89.9999),
);
const longitude = fc.oneof(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.constantFrom(-180, 180, 179.9999, -179.9999, 4.84671, 0),
);
const point = fc.record({ latitude, longitude });
const location = fc.oneof(
  fc.record({ city: fc.constant('Somewhere'), country: fc.constant('FR'), latitude, longitude }),
  fc.constant({ city: 'Lyon', country: 'FR', latitude: 45.74846, longitude: 4.84671 }),
  fc.constant({ city: 'Suva', country: 'FJ', latitude: -18.14161, longitude: 178.44149 }),
);
const partners = (most: number) =>
  fc.array(fc.array(location, { maxLength: 3 }), { maxLength: most });

async function build(sites: readonly (readonly SiteLocation[])[], treeWorkerFrom?: number) {
  const builder = new SiteLocationsBuilder(sites.length);
  sites.forEach((locations, ordinal) => builder.add(ordinal, locations));
  return builder.build((city, country) => `${country}:${city.toLowerCase()}`, treeWorkerFrom);
}

function setOf(size: number, members: Iterable<number>): Bitset {
  const set = new Bitset(size);
  for (const member of members) set.add(member);
  return set;
}

/**
 * An answer agrees with the reference when its distances are the reference's, it runs
 * nearest first with equal distances in `rank` order, and nothing left out is nearer.
 */
function expectNearest(
  answer: { ordinals: Int32Array; distances: ArrayLike<number> },
  reference: Map<number, number>,
  wanted: number,
  rank: (ordinal: number) => number,
) {
  const ordinals = Array.from(answer.ordinals);
  expect(ordinals).toHaveLength(Math.min(wanted, reference.size));
  ordinals.forEach((ordinal, at) => {
    const distance = answer.distances[at] ?? NaN;
    expect(Math.abs(distance - (reference.get(ordinal) ?? NaN))).toBeLessThan(EPSILON_KM);
    const before = ordinals[at - 1];
    if (at > 0 && before !== undefined) {
      const previous = answer.distances[at - 1] ?? NaN;
      expect(previous <= distance).toBe(true);
      if (previous === distance) expect(rank(before) < rank(ordinal)).toBe(true);
    }
  });
  const last = answer.distances[ordinals.length - 1] ?? Infinity;
  for (const [ordinal, distance] of reference) {
    if (!ordinals.includes(ordinal)) expect(distance).toBeGreaterThan(last - EPSILON_KM);
  }
}

describe('SiteLocations against a brute-force haversine scan', () => {
  it('gives each partner the distance to its nearest location, and where it is', async () => {
    await fc.assert(
      fc.asyncProperty(partners(40), point, async (sites, from) => {
        const locations = await build(sites);
        sites.forEach((own, ordinal) => {
          const distance = locations.distanceOf(ordinal, from);
          if (own.length === 0) {
            expect(distance).toBe(Infinity);
            expect(locations.nearestLocation(ordinal, from)).toBeUndefined();
            return;
          }
          expect(Math.abs(distance - nearestKm(from, own))).toBeLessThan(EPSILON_KM);
          // Its place is one of the partner's own, at the partner's distance.
          const nearest = locations.nearestLocation(ordinal, from);
          const places = own.filter(
            (location) =>
              location.city === nearest?.place.city && location.country === nearest.place.country,
          );
          expect(nearest?.distanceKm).toBe(distance);
          expect(
            Math.min(...places.map((location) => Math.abs(referenceKm(from, location) - distance))),
          ).toBeLessThan(EPSILON_KM);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('finds exactly the partners within a radius', async () => {
    await fc.assert(
      fc.asyncProperty(
        partners(60),
        point,
        fc.double({ min: 0, max: 21_000, noNaN: true }),
        async (sites, from, radiusKm) => {
          const found = (await build(sites)).within(from, radiusKm);
          sites.forEach((own, ordinal) => {
            const distance = own.length === 0 ? Infinity : nearestKm(from, own);
            if (Math.abs(distance - radiusKm) < EPSILON_KM) return;
            expect(found.has(ordinal)).toBe(distance <= radiusKm);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds exactly the partners within a radius around a crowded point (edges of the circle)', async () => {
    // Locations a few hundred kilometres around the point, radii of the same order: most
    // of them near the circle's edge, where \`within\` measures exactly rather than bounds.
    // Integers scaled: fast-check's doubles cluster on their bounds and on zero.
    const offset = fc
      .integer({ min: -40_000, max: 40_000 })
      .map((tenThousandths) => tenThousandths / 10_000);
    await fc.assert(
      fc.asyncProperty(
        point,
        fc.array(fc.array(fc.tuple(offset, offset), { minLength: 1, maxLength: 3 }), {
          maxLength: 80,
        }),
        fc.integer({ min: 0, max: 400_000 }).map((metres) => metres / 1000),
        async (from, offsets, radiusKm) => {
          const sites = offsets.map((own) =>
            own.map(([north, east]) => ({
              city: 'Near',
              country: 'FR',
              latitude: Math.max(-90, Math.min(90, from.latitude + north)),
              longitude: ((from.longitude + east + 540) % 360) - 180,
            })),
          );
          const found = (await build(sites)).within(from, radiusKm);
          sites.forEach((own, ordinal) => {
            const distance = nearestKm(from, own);
            if (Math.abs(distance - radiusKm) < EPSILON_KM) return;
            expect(found.has(ordinal)).toBe(distance <= radiusKm);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds by shared points exactly the partners the tree finds within a radius', async () => {
    // Partners located on a few points (as by their city): `within` decides each point once.
    // The same partners beside many others on points of their own (too many points to be
    // shared) go through the tree's range: both must find the same partners, to the last
    // rounding at the circle's edge and the boxes' edges.
    await fc.assert(
      fc.asyncProperty(
        fc.array(point, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 60 }),
        point,
        fc.oneof(
          fc.double({ min: 0, max: 21_000, noNaN: true }),
          fc.integer({ min: 0, max: 400_000 }).map((metres) => metres / 1000),
        ),
        async (points, picks, from, radiusKm) => {
          const sites = picks.map((own) =>
            own.map((pick) => ({
              city: 'Shared',
              country: 'FR',
              ...(points[pick % points.length] ?? from),
            })),
          );
          const located = sites.reduce((sum, own) => sum + own.length, 0);
          fc.pre(located >= 4 * points.length);
          const alone = Array.from({ length: located + 8 }, (_, at) => [
            { city: 'Alone', country: 'FR', latitude: -60 + at / 100, longitude: -170 + at / 7 },
          ]);
          const shared = await build(sites);
          const unshared = await build([...sites, ...alone]);
          expect(shared.sharesPoints).toBe(true);
          expect(unshared.sharesPoints).toBe(false);
          const byPoints = shared.within(from, radiusKm);
          const byTree = unshared.within(from, radiusKm);
          sites.forEach((_, ordinal) => {
            expect(byPoints.has(ordinal)).toBe(byTree.has(ordinal));
          });
          // A point of the site itself, and a radius that ends on another one.
          const [first, second] = points;
          if (first && second) {
            const km = referenceKm(first, second);
            for (const radius of [km, km * (1 - 1e-12), km * (1 + 1e-12), 0]) {
              const points = shared.within(first, radius);
              const tree = unshared.within(first, radius);
              sites.forEach((__, ordinal) => expect(points.has(ordinal)).toBe(tree.has(ordinal)));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts the candidates within a radius as within does, by their own locations or the tree', async () => {
    await fc.assert(
      fc.asyncProperty(
        partners(60),
        point,
        fc.double({ min: 0, max: 21_000, noNaN: true }),
        fc.func(fc.boolean()),
        async (sites, from, radiusKm, picks) => {
          const locations = await build(sites);
          const among = setOf(
            sites.length,
            sites.flatMap((_, ordinal) => (picks(ordinal) ? [ordinal] : [])),
          );
          expect(locations.countWithin(from, radiusKm, among)).toBe(
            locations.within(from, radiusKm).andCount(among),
          );
        },
      ),
      { numRuns: 300 },
    );
    // Thousands of candidates' locations (more than a scan takes): the tree's range lists them.
    const crowd = Array.from({ length: 3000 }, (_, ordinal) =>
      Array.from({ length: 1 + (ordinal % 2) }, (__, at) => ({
        city: 'Lyon',
        country: 'FR',
        latitude: 40 + ((ordinal * 7919 + at * 104729) % 2000) / 100,
        longitude: -5 + ((ordinal * 15485863 + at * 31) % 2000) / 100,
      })),
    );
    const locations = await build(crowd);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          latitude: fc.integer({ min: 3500, max: 6500 }).map((value) => value / 100),
          longitude: fc.integer({ min: -1000, max: 2000 }).map((value) => value / 100),
        }),
        fc.integer({ min: 0, max: 3_000_000 }).map((metres) => metres / 1000),
        fc.integer({ min: 1, max: 5 }),
        async (from, radiusKm, every) => {
          const among = setOf(
            crowd.length,
            crowd.flatMap((_, ordinal) => (ordinal % every === 0 ? [ordinal] : [])),
          );
          expect(locations.countWithin(from, radiusKm, among)).toBe(
            locations.within(from, radiusKm).andCount(among),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('lists the nearest first, by scan and by walk, among candidates and within a radius', async () => {
    await fc.assert(
      fc.asyncProperty(
        partners(120),
        point,
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.double({ min: 0, max: 21_000, noNaN: true }), { nil: undefined }),
        fc.func(fc.boolean()),
        async (sites, from, wanted, radiusKm, picks) => {
          const locations = await build(sites);
          const among = setOf(
            sites.length,
            sites.flatMap((_, ordinal) => (picks(ordinal) ? [ordinal] : [])),
          );
          const reference = new Map<number, number>();
          sites.forEach((own, ordinal) => {
            if (own.length === 0 || !among.has(ordinal)) return;
            const distance = nearestKm(from, own);
            if (radiusKm === undefined || distance <= radiusKm) reference.set(ordinal, distance);
          });
          // Partners right at the radius may fall either side of it by rounding.
          if ([...reference.values()].some((d) => Math.abs(d - (radiusKm ?? -1)) < EPSILON_KM)) {
            return;
          }
          const options = radiusKm === undefined ? { among } : { among, radiusKm };
          const answer = locations.nearest(from, wanted, options);
          expect(answer.total).toBe(reference.size);
          const candidates = among.and(locations.located());
          const limit = radiusKm === undefined ? Infinity : haversineLimit(radiusKm);
          const identity = (ordinal: number) => ordinal;
          expectNearest(answer, reference, wanted, identity);
          const sized = Math.min(wanted, reference.size);
          expectNearest(locations.scan(from, sized, candidates, limit), reference, sized, identity);
          expectNearest(locations.walk(from, sized, candidates, limit), reference, sized, identity);
          if (locations.sharesPoints) {
            const byPoints = locations.byPoints(from, sized, candidates, limit);
            expectNearest(byPoints, reference, sized, identity);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads shared points as a scan reads every location, ties in editorial order', async () => {
    // 600 partners on five cities (one to three each, some twice on one city), as the
    // gazetteer locates them, and a few elsewhere.
    const lyon = { city: 'Lyon', country: 'FR', latitude: 45.74846, longitude: 4.84671 };
    const paris = { city: 'Paris', country: 'FR', latitude: 48.85341, longitude: 2.3488 };
    const cities = [
      lyon,
      paris,
      { city: 'Suva', country: 'FJ', latitude: -18.14161, longitude: 178.44149 },
      { city: 'Lautoka', country: 'FJ', latitude: -17.61686, longitude: 177.4505 },
      { city: 'Quito', country: 'EC', latitude: -0.22985, longitude: -78.52495 },
    ];
    const sites = Array.from({ length: 600 }, (_, ordinal) =>
      ordinal % 97 === 0
        ? [{ city: 'Somewhere', country: 'FR', latitude: ordinal / 10, longitude: -ordinal / 7 }]
        : Array.from({ length: 1 + (ordinal % 3) }, (_, at) => cities[(ordinal * 7 + at * 3) % 5]),
    ).map((own) => own.flatMap((location) => (location ? [location] : [])));
    const locations = await build(sites);
    expect(locations.sharesPoints).toBe(true);
    for (const [share, from, radiusKm] of [
      [1, lyon, undefined],
      [0.3, paris, 500],
      [0.05, { latitude: -17.9, longitude: 178 }, undefined],
      [0.5, { latitude: 10, longitude: -40 }, 20_000],
    ] as const) {
      const among = setOf(
        sites.length,
        sites.flatMap((_, ordinal) => (((ordinal * 31) % 100) / 100 < share ? [ordinal] : [])),
      );
      const candidates = among.and(locations.located());
      const limit = radiusKm === undefined ? Infinity : haversineLimit(radiusKm);
      for (const wanted of [1, 10, 100]) {
        const scanned = locations.scan(from, wanted, candidates, limit);
        const read = locations.byPoints(from, wanted, candidates, limit);
        expect(Array.from(read.ordinals)).toEqual(Array.from(scanned.ordinals));
        expect(Array.from(read.distances)).toEqual(Array.from(scanned.distances));
      }
    }
  });

  it('answers a point asked again as when first asked (shared points keep its order)', async () => {
    // A site on a few points keeps each asked point's order of them, and the last one for
    // the cards: asked in turns, again, and as 0 and -0, every answer is a fresh site's.
    const cities = [
      { city: 'Lyon', country: 'FR', latitude: 45.74846, longitude: 4.84671 },
      { city: 'Suva', country: 'FJ', latitude: -18.14161, longitude: 178.44149 },
      { city: 'Null', country: 'XX', latitude: 0, longitude: -0 },
      { city: 'Quito', country: 'EC', latitude: -0.22985, longitude: -78.52495 },
    ];
    const onCities = fc.array(
      fc.array(fc.constantFrom(...cities), { minLength: 1, maxLength: 3 }),
      { minLength: 40, maxLength: 120 },
    );
    const asked = fc.array(
      fc.oneof(point, fc.constantFrom(...cities), fc.constant({ latitude: -0, longitude: 0 })),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(onCities, asked, fc.func(fc.boolean()), async (sites, points, picks) => {
        const kept = await build(sites);
        expect(kept.sharesPoints).toBe(true);
        const among = setOf(
          sites.length,
          sites.flatMap((_, ordinal) => (picks(ordinal) ? [ordinal] : [])),
        );
        const answersOf = (locations: typeof kept, from: GeoPoint) => ({
          nearest: [1, 5, 50].map((wanted) => {
            const { ordinals, distances, total } = locations.nearest(from, wanted, { among });
            return [Array.from(ordinals), Array.from(distances), total];
          }),
          scan: Array.from(locations.scan(from, 7, among, Infinity).ordinals),
          byPoints: Array.from(locations.byPoints(from, 7, among, Infinity).ordinals),
          cards: sites.map((_, ordinal) => [
            locations.distanceOf(ordinal, from),
            locations.nearestLocation(ordinal, from)?.place.city,
          ]),
        });
        for (const from of [...points, ...points]) {
          const fresh = await build(sites);
          expect(answersOf(kept, from)).toEqual(answersOf(fresh, from));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('walks a deep tree as a scan would, 12,000 partners around one city, its tree sorted in a worker', async () => {
    const sites = Array.from({ length: 12_000 }, (_, ordinal) =>
      Array.from({ length: 1 + (ordinal % 3) }, (__, at) => ({
        city: 'Lyon',
        country: 'FR',
        // Many share one place exactly: ties are broken by editorial order.
        latitude: ordinal % 7 === 0 ? 45.75 : 45 + ((ordinal * 7919 + at * 104729) % 1000) / 500,
        longitude: ordinal % 7 === 0 ? 4.85 : 4 + ((ordinal * 15485863 + at * 31) % 1000) / 500,
      })),
    );
    // Sorted in a worker, as a large site's tree is.
    const locations = await build(sites, 20_000);
    expect(locations.count).toBeGreaterThanOrEqual(20_000);
    expect(TREE_WORKER_FROM).toBeGreaterThan(20_000);
    const from = { latitude: 45.75, longitude: 4.85 };
    const all = locations.located();
    const walked = locations.walk(from, 100, all, Infinity);
    const scanned = locations.scan(from, 100, all, Infinity);
    expect(Array.from(walked.ordinals)).toEqual(Array.from(scanned.ordinals));
    expect(Array.from(walked.ordinals.subarray(0, 5))).toEqual([0, 7, 14, 21, 28]);
  });
});

function haversineLimit(radiusKm: number): number {
  const angle = radiusKm / 6371;
  return angle >= Math.PI ? 1 : Math.sin(angle / 2) ** 2;
}

describe('boxesAround', () => {
  it('splits a circle across the antimeridian and opens one around a pole', () => {
    expect(boxesAround({ latitude: 0, longitude: 179.5 }, 200)).toHaveLength(2);
    expect(boxesAround({ latitude: 89, longitude: 10 }, 500)).toEqual([
      [-180, expect.any(Number), 180, 90],
    ]);
  });
});

describe('LaidLocations', () => {
  it('answers as a brute-force scan of the base without the changed partners, then the changed ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        partners(50),
        partners(12),
        fc.func(fc.boolean()),
        point,
        fc.integer({ min: 1, max: 20 }),
        async (baseSites, deltaSites, removes, from, wanted) => {
          const base = await build(baseSites);
          const delta = await build(deltaSites);
          const removed = setOf(
            baseSites.length,
            baseSites.flatMap((_, ordinal) => (removes(ordinal) ? [ordinal] : [])),
          );
          // Each changed partner's place among the base's in editorial order.
          const insertAt = Int32Array.from(deltaSites, (_, at) =>
            Math.floor((at * baseSites.length) / Math.max(1, deltaSites.length)),
          );
          const deltaStart = Math.ceil(baseSites.length / 32) * 32;
          const laid = new LaidLocations(base, removed, delta, insertAt, deltaStart);
          const reference = new Map<number, number>();
          baseSites.forEach((own, ordinal) => {
            if (own.length > 0 && !removed.has(ordinal))
              reference.set(ordinal, nearestKm(from, own));
          });
          deltaSites.forEach((own, at) => {
            if (own.length > 0) reference.set(deltaStart + at, nearestKm(from, own));
          });
          const rank = (ordinal: number) =>
            ordinal >= deltaStart
              ? (insertAt[ordinal - deltaStart] ?? 0) - 0.5 + (ordinal - deltaStart) / 1e6
              : ordinal;
          const answer = laid.nearest(from, wanted);
          expect(answer.total).toBe(reference.size);
          expectNearest(answer, reference, wanted, rank);
          for (const [ordinal, distance] of reference) {
            expect(Math.abs(laid.distanceOf(ordinal, from) - distance)).toBeLessThan(EPSILON_KM);
          }
          for (const ordinal of removed.toArray())
            expect(laid.distanceOf(ordinal, from)).toBe(Infinity);
          expect(laid.located().count()).toBe(reference.size);
          const among = laid.located().clone();
          for (let ordinal = 0; ordinal < laid.size; ordinal += 3) among.delete(ordinal);
          for (const radiusKm of [0, 100, 2500, 20_000]) {
            expect(laid.countWithin(from, radiusKm, among)).toBe(
              laid.within(from, radiusKm).andCount(among),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
