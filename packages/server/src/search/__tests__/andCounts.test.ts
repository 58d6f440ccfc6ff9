import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../Bitset';
import { KEPT_BYTES, andCounts } from '../andCounts';
import { AND_COUNT_WASM } from '../andCountModule';
import { compileAndCount, moduleSource } from '../compileAndCount';

/** The plain reference: every member tested one by one. */
function referenceCount(base: Bitset, other: Bitset): number {
  let total = 0;
  for (let value = 0; value < base.size; value += 1) {
    if (base.has(value) && other.has(value)) total += 1;
  }
  return total;
}

function setOf(size: number, members: readonly number[]): Bitset {
  const set = new Bitset(size);
  for (const member of members) set.add(member % size);
  return set;
}

describe('andCounts (WebAssembly popcount)', () => {
  it('counts the members each set shares with the base, as a member-by-member count does', () => {
    // Sizes around word and 64-bit boundaries: an odd number of 32-bit words is padded.
    const size = fc.oneof(
      fc.integer({ min: 1, max: 200 }),
      fc.constantFrom(31, 32, 33, 63, 64, 65, 96, 4000),
    );
    fc.assert(
      fc.property(
        size.chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.nat(), { maxLength: 300 }),
            fc.array(fc.array(fc.nat(), { maxLength: 300 }), { maxLength: 5 }),
          ),
        ),
        ([n, baseMembers, others]) => {
          const base = setOf(n, baseMembers);
          const sets = others.map((members) => setOf(n, members));
          expect(andCounts(base, sets)).toEqual(sets.map((set) => referenceCount(base, set)));
          expect(base.count()).toBe(referenceCount(base, base));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts kept sets against any base, as often as asked, of any size in turn', () => {
    // The sets of several indexes stay in the counter's memory, with odd word counts too.
    const size = fc.constantFrom(33, 64, 65, 1000, 4001);
    fc.assert(
      fc.property(
        fc.array(
          size.chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.array(fc.nat(), { maxLength: 200 }), { minLength: 2, maxLength: 2 }),
              fc.array(fc.array(fc.nat(), { maxLength: 200 }), { minLength: 1, maxLength: 4 }),
            ),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        (indexes) => {
          const built = indexes.map(([n, bases, items]) => ({
            bases: bases.map((members) => setOf(n, members)),
            items: items.map((members) => setOf(n, members)),
          }));
          // Each base twice: the second time every item is already kept.
          for (const { bases, items } of [...built, ...built]) {
            for (const base of bases) {
              expect(andCounts(base, items, { keep: true })).toEqual(
                items.map((item) => referenceCount(base, item)),
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('empties its kept sets when they fill its room, and counts right after', () => {
    // Sets of 2^20 partners (128 KiB): more of them than the room holds.
    const size = 1 << 20;
    const howMany = Math.ceil(KEPT_BYTES / (size / 8)) + 3;
    const items = Array.from({ length: howMany }, (_, at) => setOf(size, [at, at + 1, size - 1]));
    const base = setOf(size, [0, 1, 2, size - 1]);
    const expected = items.map((item) => referenceCount(base, item));
    expect(andCounts(base, items, { keep: true })).toEqual(expected);
    expect(andCounts(base, items, { keep: true })).toEqual(expected);
  });

  it('counts a full set of 100k partners, then a smaller one with nothing left over', () => {
    const large = new Bitset(100_001);
    large.words.fill(0xffffffff);
    // The last word holds one partner: its other bits are not members.
    large.words[large.words.length - 1] = 1;
    expect(large.count()).toBe(100_001);
    // The module's memory still holds the large sets: a small count must not read them.
    expect(setOf(33, [0, 32]).count()).toBe(2);
  });

  it('refuses sets of different sizes instead of counting past one', () => {
    expect(() => andCounts(new Bitset(64), [new Bitset(96)])).toThrow(/cannot be counted together/);
  });

  it('ships the module its .wat source compiles to', async () => {
    const bytes = await compileAndCount();
    expect(AND_COUNT_WASM).toBe(Buffer.from(bytes).toString('base64'));
    // And the file as `npm run wasm` writes it, so regenerating it changes nothing.
    const shipped = readFileSync(new URL('../andCountModule.ts', import.meta.url), 'utf8');
    expect(shipped).toBe(moduleSource(bytes));
  });
});
