import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextIndex, beginningDistance, lettersOf, overBudget, skipsOf } from '../TextIndex';
import { typoBudget, typoQuality } from '../typoBudget';

/** Words of a small alphabet (a space and a letter outside a to z among it), long enough for typos. */
const word = fc
  .array(fc.constantFrom('a', 'b', 'c', 'd', 'e', ' ', 'é', 'ش'), { minLength: 1, maxLength: 12 })
  .map((letters) => letters.join(''));

/** Sorted distinct terms, so they share long beginnings, and every posting one document. */
const indexes = fc.uniqueArray(word, { minLength: 1, maxLength: 80 }).map((unsorted) => {
  const terms = [...unsorted].sort();
  const offsets = Int32Array.from({ length: terms.length + 1 }, (_, at) => at);
  const postings = Int32Array.from(terms, (_, at) => at * 8 + 1);
  return {
    plain: new TextIndex(terms, offsets, postings),
    lettered: new TextIndex(terms, offsets, postings, {
      ...skipsOf(terms),
      letters: lettersOf(terms),
    }),
  };
});

describe('the typo walk passing terms by their letters', () => {
  it('finds the same runs as the walk over every term', () => {
    fc.assert(
      fc.property(indexes, word, fc.boolean(), ({ plain, lettered }, term, prefix) => {
        expect(lettered.expand(term, prefix)).toEqual(plain.expand(term, prefix));
      }),
      { numRuns: 3000 },
    );
  });

  it('passes by only words no beginning of which is within the budget', () => {
    fc.assert(
      fc.property(word, word, (term, other) => {
        const budget = typoBudget(term);
        fc.pre(budget > 0 && !other.startsWith(term));
        const index = new TextIndex([other], Int32Array.of(0, 1), Int32Array.of(1));
        const runs = index.expand(term, true);
        if (overBudget(term, other, budget)) expect(runs).toEqual([]);
        // And beginningDistance is that walk's answer for one word.
        const distance = beginningDistance(term, other, budget);
        const within = distance > 0 && distance <= budget;
        expect(runs.map((run) => run.quality)).toEqual(within ? [typoQuality(distance)] : []);
      }),
      { numRuns: 5000 },
    );
  });
});
