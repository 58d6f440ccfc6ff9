import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../Bitset';
import { RADIANS, haversineBetween, kilometresOf } from '../haversine';
import type { PointOrder } from '../SharedPoints';
import { SharedPoints } from '../SharedPoints';

/** Each point's kilometres, as the order keeps them: by the point's rank. */
const pointKilometres = (order: PointOrder) =>
  Array.from(order.ranks, (rank) => order.kilometresByRank[rank]);

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });

describe('SharedPoints.orderFrom', () => {
  it('ranks the points by their kilometres from the point asked near, equal kilometres alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ latitude, longitude }), { minLength: 1, maxLength: 12 }),
        fc.record({ latitude, longitude }),
        (points, from) => {
          // Four partners on each point (a point per four locations at most), one of them
          // on the first point too: points asked near from anywhere, the first one included.
          const located = points.flatMap((point) => [point, point, point, point]);
          const owners = Int32Array.from(located, (_, at) => at >> 2);
          const shared = SharedPoints.of(
            points.length,
            Float64Array.from(located, (point) => point.latitude),
            Float64Array.from(located, (point) => point.longitude),
            owners,
          );
          const order = shared?.orderFrom(from);
          if (!shared || !order) throw new Error('the points are shared: there is an order');
          const kilometres = Array.from(order.haversines, kilometresOf);
          expect(pointKilometres(order)).toEqual(kilometres);
          const distinct = [...new Set(kilometres)].sort((a, b) => a - b);
          expect(Array.from(order.kilometresByRank)).toEqual(distinct);
          kilometres.forEach((km, id) => expect(order.ranks[id]).toBe(distinct.indexOf(km)));
          // Ranks decide wherever haversines do: every haversine is finite, the ranks follow.
          expect(order.ranksDecide).toBe(true);
          // The nearest first: ranks never fall along the order.
          const ranks = Array.from(order.nearestFirst, (id) => order.ranks[id] ?? -1);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          // Asked again (as 0 and -0 alike), the same order.
          expect(shared.orderFrom({ latitude: from.latitude, longitude: from.longitude })).toBe(
            order,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Points on a ring around (0, 0) and their mirror images: many points of equal kilometres. */
const mirrored = fc
  .array(
    fc.record({
      latitude: fc.integer({ min: 0, max: 60 }),
      longitude: fc.integer({ min: 0, max: 60 }),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .map((points) =>
    points.flatMap(({ latitude, longitude }) => [
      { latitude, longitude },
      { latitude: -latitude, longitude },
      { latitude, longitude: -longitude },
      { latitude: -latitude, longitude: -longitude },
    ]),
  );

/**
 * The plain reference: every candidate with a location measured at each of its locations
 * (haversineBetween, kilometresOf), none past `maxHaversine`, sorted by kilometres then
 * ordinal, the first `wanted`.
 */
function plainNearest(
  located: readonly { latitude: number; longitude: number; owner: number }[],
  from: { latitude: number; longitude: number },
  candidates: Bitset,
  wanted: number,
  maxHaversine: number,
): { ordinals: number[]; kilometres: number[] } {
  const nearest = new Map<number, number>();
  const cos = (latitude: number) => Math.cos(latitude * RADIANS);
  for (const { latitude, longitude, owner } of located) {
    if (!candidates.has(owner)) continue;
    const haversine = haversineBetween(
      from.latitude,
      from.longitude,
      cos(from.latitude),
      latitude,
      longitude,
      cos(latitude),
    );
    nearest.set(owner, Math.min(nearest.get(owner) ?? Infinity, haversine));
  }
  const kept = [...nearest]
    .filter(([, haversine]) => haversine <= maxHaversine)
    .map(([ordinal, haversine]) => ({ ordinal, km: kilometresOf(haversine) }))
    .sort((a, b) => a.km - b.km || a.ordinal - b.ordinal)
    .slice(0, wanted);
  return { ordinals: kept.map((one) => one.ordinal), kilometres: kept.map((one) => one.km) };
}

describe('SharedPoints.nearestByRanks', () => {
  it('keeps the first candidates by kilometres, then ordinal, as a plain sort of them all does', () => {
    fc.assert(
      fc.property(
        mirrored,
        fc.array(fc.nat(), { minLength: 4, maxLength: 300 }),
        fc.oneof(
          fc.constant({ latitude: 0, longitude: 0 }),
          fc.record({ latitude: fc.integer({ min: -60, max: 60 }), longitude: fc.constant(0) }),
          fc.record({ latitude, longitude }),
        ),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(Infinity, 0.01, 0.05, 0.3),
        fc.func(fc.boolean()),
        (points, picks, from, wanted, maxHaversine, chosen) => {
          // Each partner on one to three points (a point per four locations at most),
          // in ascending ordinal order as a site's locations come.
          const located: { latitude: number; longitude: number; owner: number }[] = [];
          picks.forEach((pick, owner) => {
            for (let at = 0; at <= pick % 3; at += 1) {
              const point = points[(pick + at * 7) % points.length];
              if (point) located.push({ ...point, owner });
            }
          });
          const size = picks.length;
          const shared = SharedPoints.of(
            size,
            Float64Array.from(located, (one) => one.latitude),
            Float64Array.from(located, (one) => one.longitude),
            Int32Array.from(located, (one) => one.owner),
          );
          const order = shared?.orderFrom(from);
          if (!shared || !order) return;
          const candidates = new Bitset(size);
          picks.forEach((_, ordinal) => {
            if (chosen(ordinal)) candidates.add(ordinal);
          });
          const list = new Int32Array(wanted * 3);
          const kept = shared.nearestByRanks(order, candidates, wanted, maxHaversine, list);
          const reference = plainNearest(located, from, candidates, wanted, maxHaversine);
          expect(Array.from(list.subarray(0, kept))).toEqual(reference.ordinals);
          const points_ = Array.from(list.subarray(2 * wanted, 2 * wanted + kept));
          expect(points_.map((id) => pointKilometres(order)[id])).toEqual(reference.kilometres);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds each order again by its point while the oldest are let go', () => {
    // 1,024 points (the most that keep orders), four partners on each: 51 orders kept, so
    // asking 80 points in turns lets orders go, and finds the kept ones by their slots.
    const points = Array.from({ length: 1024 }, (_, id) => ({
      latitude: -60 + (id % 32) * 3.75,
      longitude: -170 + Math.floor(id / 32) * 10.5,
    }));
    const located = points.flatMap((point, id) =>
      [0, 1, 2, 3].map((at) => ({ ...point, owner: id * 4 + at })),
    );
    const size = located.length;
    const shared = SharedPoints.of(
      size,
      Float64Array.from(located, (one) => one.latitude),
      Float64Array.from(located, (one) => one.longitude),
      Int32Array.from(located, (one) => one.owner),
    );
    if (!shared) throw new Error('the points are shared');
    const asked = Array.from({ length: 80 }, (_, at) => points[(at * 37) % points.length]);
    const all = new Bitset(size);
    for (let ordinal = 0; ordinal < size; ordinal += 1) all.add(ordinal);
    const first = new Map<string, number[]>();
    for (const from of [...asked, ...asked.slice().reverse(), ...asked]) {
      if (!from) continue;
      const order = shared.orderFrom(from);
      if (!order) throw new Error('an order');
      const list = new Int32Array(30);
      const kept = Array.from(
        list.subarray(0, shared.nearestByRanks(order, all, 10, Infinity, list)),
      );
      const key = `${from.latitude} ${from.longitude}`;
      const reference = first.get(key) ?? plainNearest(located, from, all, 10, Infinity).ordinals;
      first.set(key, reference);
      expect(kept).toEqual(reference);
      expect(pointKilometres(order)).toEqual(Array.from(order.haversines, kilometresOf));
    }
  });
});
