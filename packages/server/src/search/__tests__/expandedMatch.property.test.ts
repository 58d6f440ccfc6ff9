import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WordMatch } from './expandedMatch';
import { expandedMatch } from './expandedMatch';
import { EXACT, PREFIX, typoBudget, typoQuality } from '../typoBudget';

/**
 * The plain reference: the whole distance table of the word's first m + budget letters,
 * with no pruning and a fresh table per call. TextIndex.expand walks its terms as a trie,
 * stops at the first row all over the budget and skips what is under it; what it says a
 * word matched (the quality, and the beginning a prefix marks) must be the same for any
 * term and word.
 */
function plainMatchWord(term: string, word: string, prefix: boolean): WordMatch | null {
  if (word === term) return { quality: EXACT, length: word.length };
  if (prefix && word.startsWith(term)) return { quality: PREFIX, length: term.length };
  const budget = typoBudget(term);
  if (budget === 0) return null;
  const m = term.length;
  const rows = Math.min(word.length, m + budget);
  if (!prefix && word.length !== rows) return null;
  const table: number[][] = [Array.from({ length: m + 1 }, (_, j) => j)];
  for (let i = 1; i <= rows; i += 1) {
    const row = [i];
    for (let j = 1; j <= m; j += 1) {
      const above = table[i - 1] ?? [];
      const cost = word[i - 1] === term[j - 1] ? 0 : 1;
      let value = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && word[i - 1] === term[j - 2] && word[i - 2] === term[j - 1]) {
        value = Math.min(value, (table[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(value);
    }
    table.push(row);
  }
  let best = Infinity;
  let length = 0;
  if (prefix) {
    // The longest beginning at the smallest distance.
    for (let i = 1; i <= rows; i += 1) {
      const distance = table[i]?.[m] ?? Infinity;
      if (distance <= best) {
        best = distance;
        length = i;
      }
    }
  } else {
    best = table[rows]?.[m] ?? Infinity;
    length = word.length;
  }
  return best > 0 && best <= budget ? { quality: typoQuality(best), length } : null;
}

/** Words of a small alphabet, so terms and words often come within a typo or two. */
const aWord = fc
  .array(fc.constantFrom('a', 'b', 'c', 'o', 'u', 'd', 'l', 'é'), { minLength: 0, maxLength: 12 })
  .map((letters) => letters.join(''));

describe('what a term expands to in the index', () => {
  it('answers as the whole distance table does, for any term and word', () => {
    fc.assert(
      fc.property(aWord, aWord, fc.boolean(), (term, word, prefix) => {
        expect(expandedMatch(term, word, prefix)).toEqual(plainMatchWord(term, word, prefix));
      }),
      { numRuns: 5000 },
    );
  });

  it('answers the same for long and skipped words', () => {
    expect(expandedMatch('consulting', 'konsultingg', false)).toEqual(
      plainMatchWord('consulting', 'konsultingg', false),
    );
    expect(expandedMatch('clud', 'cloudy', true)).toEqual(plainMatchWord('clud', 'cloudy', true));
    expect(expandedMatch('clud', 'xcloud', true)).toEqual(plainMatchWord('clud', 'xcloud', true));
  });
});
