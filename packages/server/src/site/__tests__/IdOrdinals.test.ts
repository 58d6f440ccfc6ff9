import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdOrdinals } from '../IdOrdinals';

describe('IdOrdinals', () => {
  it('finds each id at its ordinal and nothing for other ids, as a Map does', () => {
    const id = fc.oneof(
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      // PostgreSQL bigint keys beyond 32 bits.
      fc.integer({ min: 2 ** 32, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(id, { maxLength: 300 }),
        fc.array(id, { maxLength: 50 }),
        (ids, others) => {
          const table = new IdOrdinals(Float64Array.from(ids));
          const reference = new Map(ids.map((value, ordinal) => [value, ordinal]));
          for (const value of [...ids, ...others]) {
            expect(table.get(value)).toBe(reference.get(value));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds 100k consecutive ids, as a database gives them', () => {
    const ids = Float64Array.from({ length: 100_000 }, (_, at) => 5000 + at);
    const table = new IdOrdinals(ids);
    expect(table.get(5000)).toBe(0);
    expect(table.get(104_999)).toBe(99_999);
    expect(table.get(105_000)).toBeUndefined();
    expect(table.get(4999)).toBeUndefined();
  });
});
