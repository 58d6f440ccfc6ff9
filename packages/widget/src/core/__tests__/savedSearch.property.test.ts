import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { searchCriteriaSchema } from '@partners-network/contract';
import { decodeSavedSearch } from '../savedSearch';
import { encodeSavedSearch } from '../writeLocation';

beforeEach(() => {
  // Ignored values warn; thousands of warnings say nothing here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What decoding gives is null or criteria the contract's zod schema accepts as they are. */
function expectValidOrIgnored(value: string): void {
  const decoded = decodeSavedSearch(value);
  if (decoded === null) return;
  const parsed = searchCriteriaSchema.safeParse(decoded);
  expect(parsed.success).toBe(true);
  expect(parsed.data).toEqual(decoded);
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

it('any string gives valid criteria or is ignored', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary' }), expectValidOrIgnored), { numRuns: 1000 });
}, 30_000);

it('any base64 of any JSON gives valid criteria or is ignored', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => expectValidOrIgnored(base64(JSON.stringify(value)))),
    { numRuns: 1000 },
  );
}, 30_000);

it('any object shaped like criteria, with any field values, gives valid criteria or is ignored', () => {
  const anyValue = fc.oneof(fc.jsonValue(), fc.integer(), fc.double(), fc.string());
  const criteriaLike = fc.record(
    {
      globalFilter: fc.oneof(fc.string(), anyValue),
      text: fc.oneof(fc.string({ unit: 'binary' }), anyValue),
      filterItemIds: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.double(), anyValue)), anyValue),
      offset: fc.oneof(fc.integer(), fc.double(), anyValue),
      resultsPerPage: fc.oneof(fc.integer({ min: -5, max: 200 }), anyValue),
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(criteriaLike, (value) => {
      expectValidOrIgnored(base64(JSON.stringify(value)));
      // The URL-safe alphabet and a query string that turned '+' into ' ' decode the same.
      expectValidOrIgnored(base64(JSON.stringify(value)).replace(/\+/g, ' ').replace(/=+$/, ''));
    }),
    { numRuns: 1000 },
  );
}, 30_000);

it('valid criteria survive encoding and decoding unchanged', () => {
  const letters = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀÉèçœ0123456789-_' ".split(''));
  const criteria = fc.record({
    globalFilter: fc.string({ maxLength: 40 }),
    text: fc.array(letters, { maxLength: 150 }).map((chars) => chars.join('')),
    filterItemIds: fc.array(fc.integer({ min: 0, max: 2 ** 31 }), { maxLength: 20 }),
    offset: fc.nat({ max: 100_000 }),
    resultsPerPage: fc.integer({ min: 1, max: 100 }),
  });
  fc.assert(
    fc.property(criteria, (value) => {
      expect(decodeSavedSearch(encodeSavedSearch(value))).toEqual(value);
    }),
    { numRuns: 1000 },
  );
}, 30_000);
