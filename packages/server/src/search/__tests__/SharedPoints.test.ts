import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kilometresOf } from '../haversine';
import { SharedPoints } from '../SharedPoints';

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
          const distinct = [...new Set(kilometres)].sort((a, b) => a - b);
          kilometres.forEach((km, id) => expect(order.ranks[id]).toBe(distinct.indexOf(km)));
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
