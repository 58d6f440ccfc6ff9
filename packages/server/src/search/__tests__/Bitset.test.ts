import { describe, expect, it } from 'vitest';
import { Bitset } from '../Bitset';

function setOf(size: number, values: number[]): Bitset {
  const set = new Bitset(size);
  for (const value of values) set.add(value);
  return set;
}

describe('Bitset', () => {
  it('lists, counts and tests members across word boundaries', () => {
    const values = [0, 1, 31, 32, 63, 64, 99];
    const set = setOf(100, values);
    expect(Array.from(set.toArray())).toEqual(values);
    expect(set.count()).toBe(values.length);
    expect(set.has(31)).toBe(true);
    expect(set.has(30)).toBe(false);
  });

  it('intersects into a new set and unites in place', () => {
    const left = setOf(70, [1, 2, 40, 69]);
    const right = setOf(70, [2, 40, 50]);
    expect(Array.from(left.and(right).toArray())).toEqual([2, 40]);
    expect(Array.from(left.toArray())).toEqual([1, 2, 40, 69]);
    left.orInPlace(right);
    expect(Array.from(left.toArray())).toEqual([1, 2, 40, 50, 69]);
  });

  it('intersects and copies into a reused set, whatever it held before', () => {
    const left = setOf(70, [1, 2, 40, 69]);
    const right = setOf(70, [2, 40, 50]);
    const reused = setOf(70, [0, 3, 41, 68]);
    expect(left.and(right, reused)).toBe(reused);
    expect(Array.from(reused.toArray())).toEqual([2, 40]);
    expect(left.clone(reused)).toBe(reused);
    expect(Array.from(reused.toArray())).toEqual([1, 2, 40, 69]);
    expect(Array.from(right.toArray())).toEqual([2, 40, 50]);
  });

  it('counts every bit of a full set', () => {
    const size = 1000;
    const set = setOf(
      size,
      Array.from({ length: size }, (_, index) => index),
    );
    expect(set.count()).toBe(size);
    expect(set.toArray()).toHaveLength(size);
  });

  it('complements a set within its size, nothing past its last value', () => {
    const set = setOf(70, [0, 2, 69]);
    const others = set.not();
    expect(others.count()).toBe(67);
    expect(others.has(1) && !others.has(2) && !others.has(69)).toBe(true);
    expect(others.not().toArray()).toEqual(set.toArray());
    expect(setOf(64, []).not().count()).toBe(64);
  });

  it('counts alike in JavaScript (small sets) and in WebAssembly (large ones)', () => {
    // 64 words and fewer are counted by popcounts here, more by andCounts' module.
    for (const size of [1, 33, 1000, 2048, 2049, 5000]) {
      const all = Array.from({ length: size }, (_, index) => index);
      const leftMembers = all.filter((index) => index % 3 !== 1);
      const left = setOf(size, leftMembers);
      const right = setOf(
        size,
        all.filter((index) => index % 7 < 4),
      );
      const both = leftMembers.filter((index) => right.has(index));
      expect(left.count()).toBe(leftMembers.length);
      expect(left.andCount(right)).toBe(both.length);
      expect(right.andCount(left)).toBe(both.length);
    }
  });
});
