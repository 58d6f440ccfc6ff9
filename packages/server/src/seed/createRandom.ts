/** A small seeded PRNG (mulberry32): the same seed gives the same directory every time. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  /** count distinct values, in the order of values. */
  sample<T>(values: readonly T[], count: number): T[];
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(values: readonly T[]): T {
      const value = values[int(0, values.length - 1)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
    sample<T>(values: readonly T[], count: number): T[] {
      const chosen = new Set<number>();
      const wanted = Math.min(count, values.length);
      while (chosen.size < wanted) chosen.add(int(0, values.length - 1));
      return values.filter((_, index) => chosen.has(index));
    },
    chance(probability: number) {
      return next() < probability;
    },
  };
}
