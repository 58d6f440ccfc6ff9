import { describe, expect, it } from 'vitest';
import { SiteIndexBuilder } from '../SiteIndex';
import { searchTerms } from '../searchTerms';
import { EXACT, ONE_TYPO, PREFIX, TWO_TYPOS, typoBudget } from '../typoBudget';
import { expandedMatch as matchWord } from './expandedMatch';

/** A one-locale index of titles only, searched by text as a visitor types it. */
function titlesFinder(titles: readonly string[]) {
  const builder = new SiteIndexBuilder(titles.length);
  titles.forEach((_, ordinal) => builder.addToGlobalFilter(1, ordinal));
  builder.addLocale(
    'en-US',
    titles.map((title, ordinal) => ({
      ordinal,
      documentId: ordinal,
      title,
      categories: '',
      summary: '',
    })),
  );
  const index = builder.build();
  return (text: string) =>
    Array.from(
      index.find({ locale: 'en-US', globalFilterId: 1, itemGroups: [], terms: searchTerms(text) }),
      (ordinal) => titles[ordinal],
    );
}

describe('typo rules', () => {
  it('gives no typo up to 3 letters, one from 4 to 7, two from 8', () => {
    expect(['', 'a', 'abc'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['abcd', 'abcdefg'].map(typoBudget)).toEqual([1, 1]);
    expect(['abcdefgh', 'abcdefghijklmnop'].map(typoBudget)).toEqual([2, 2]);
  });

  it('counts letters, not bytes or UTF-16 units', () => {
    // 3 Cyrillic letters (6 bytes in UTF-8): no typo. 4 letters: one.
    expect(typoBudget('дом')).toBe(0);
    expect(typoBudget('москва')).toBe(1);
    // 3 letters outside the BMP (6 UTF-16 units): still 3 letters.
    expect(typoBudget('𝒶𝒷𝒸')).toBe(0);
  });

  it('forgives each kind of edit: insert, delete, replace, swap of neighbours', () => {
    expect(matchWord('clooud', 'cloud', false)?.quality).toBe(ONE_TYPO);
    expect(matchWord('clod', 'cloud', false)?.quality).toBe(ONE_TYPO);
    expect(matchWord('claud', 'cloud', false)?.quality).toBe(ONE_TYPO);
    expect(matchWord('colud', 'cloud', false)?.quality).toBe(ONE_TYPO);
    // Two edits need 8 letters.
    expect(matchWord('colood', 'cloud', false)).toBeNull();
    expect(matchWord('secuirtty', 'security', false)?.quality).toBe(TWO_TYPOS);
    expect(matchWord('sceuirtty', 'security', false)).toBeNull();
  });

  it('takes the last word as a prefix, also with a typo', () => {
    expect(matchWord('clou', 'cloud', true)).toEqual({ quality: PREFIX, length: 4 });
    expect(matchWord('cloud', 'cloud', true)).toEqual({ quality: EXACT, length: 5 });
    expect(matchWord('clud', 'cloudy', true)?.quality).toBe(ONE_TYPO);
    expect(matchWord('cloux', 'cloudy', true)?.quality).toBe(ONE_TYPO);
    expect(matchWord('clud', 'cloudy', false)).toBeNull();
  });

  it('finds partners through the index by the same rules, best match first', () => {
    const find = titlesFinder(['Cloudy Labs', 'Clod Works', 'Cloud', 'Москва Софт', 'Clue']);
    // Exact "clod", then Cloud(y) with one typo; "clue" is two edits away.
    expect(find('clod')).toEqual(['Clod Works', 'Cloudy Labs', 'Cloud']);
    // The exact title first, then the prefix, then the typo.
    expect(find('cloud')).toEqual(['Cloud', 'Cloudy Labs', 'Clod Works']);
    // Every one is a beginning with one typo: editorial order decides.
    expect(find('clud')).toEqual(['Cloudy Labs', 'Clod Works', 'Cloud', 'Clue']);
    expect(find('cloux')).toEqual(['Cloudy Labs', 'Cloud']);
    // A Cyrillic word of 6 letters gets its typo: one letter replaced.
    expect(find('москба')).toEqual(['Москва Софт']);
    expect(find('мос')).toEqual(['Москва Софт']);
    expect(find('моз')).toEqual([]);
  });
});
