/**
 * How many typos a word of the search may carry: none up to 3 letters, one from 4 to 7,
 * two from 8 (Algolia's thresholds). Letters are counted on the folded term (case and
 * diacritics already removed by searchTerms) as code points, never bytes or UTF-16 units,
 * so a Cyrillic or Greek word gets the same budget as a Latin one.
 */
export function typoBudget(term: string): number {
  let letters = 0;
  for (let index = 0; index < term.length; index += 1) {
    const unit = term.charCodeAt(index);
    // A low surrogate is the second half of a letter already counted.
    if (unit < 0xdc00 || unit > 0xdfff) letters += 1;
  }
  return letters >= 8 ? 2 : letters >= 4 ? 1 : 0;
}

/** How a word of a partner matched a word of the search, best first in the ranking. */
export const EXACT = 3;
export const PREFIX = 2;
export const ONE_TYPO = 1;
export const TWO_TYPOS = 0;

/** Match quality from an edit distance of 1 or 2. */
export function typoQuality(distance: number): number {
  return distance === 1 ? ONE_TYPO : TWO_TYPOS;
}
