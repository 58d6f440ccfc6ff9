import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextIndex, skipsOf } from '../TextIndex';

/** Sorted distinct terms of a small alphabet, so they share long beginnings. */
const sortedTerms = fc
  .uniqueArray(
    fc
      .array(fc.constantFrom('a', 'b', 'c', 'é'), { minLength: 1, maxLength: 7 })
      .map((letters) => letters.join('')),
    { maxLength: 60 },
  )
  .map((terms) => [...terms].sort());

/** Where the walk of expand() lands when it skips the terms under a beginning. */
function beyond(terms: readonly string[], index: number, depth: number): number {
  const textIndex = new TextIndex(terms, new Int32Array(terms.length + 1), new Int32Array(0));
  return textIndex.beyond(index, depth);
}

describe('TextIndex.beyond (skipsOf)', () => {
  it('jumps to the first term that does not begin as terms[index] does, as a scan would', () => {
    fc.assert(
      fc.property(sortedTerms, fc.nat(), fc.integer({ min: 1, max: 8 }), (terms, at, depth) => {
        fc.pre(terms.length > 0);
        const index = at % terms.length;
        const beginning = (terms[index] ?? '').slice(0, depth);
        let expected = index + 1;
        while (expected < terms.length && (terms[expected] ?? '').startsWith(beginning)) {
          expected += 1;
        }
        // expand() only skips beginnings the term is long enough to have.
        fc.pre((terms[index] ?? '').length >= depth);
        expect(beyond(terms, index, depth)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('counts the units each term shares with the one before it', () => {
    const { shared } = skipsOf(['cloud', 'clouds', 'cluster', 'data']);
    expect(Array.from(shared)).toEqual([0, 5, 2, 0]);
  });
});
