import { describe, expect, it } from 'vitest';
import { SiteIndexBuilder } from '../../search/SiteIndex';
import { searchTerms } from '../../search/searchTerms';
import { highlightMatches } from '../markHighlights';

/** The ranges the search for `typed` marks in `text`, once `indexed` (the text) is indexed. */
function ranges(text: string, typed: string, indexed = text) {
  const builder = new SiteIndexBuilder(1);
  builder.addLocale('en-US', [
    { ordinal: 0, documentId: 1, title: indexed, categories: '', summary: '' },
  ]);
  const words = builder.build().matchedWords('en-US', searchTerms(typed));
  return words ? highlightMatches(text, words) : [];
}
/** The marked parts of a text, to read the ranges. */
const marked = (text: string, typed: string) =>
  ranges(text, typed).map(([start, end]) => text.slice(start, end));

describe('highlightMatches', () => {
  it('marks whole words for exact and typo matches, the beginning for a prefix', () => {
    expect(ranges('Cloud data for clouds', 'data clou')).toEqual([
      [0, 4],
      [6, 10],
      [15, 19],
    ]);
    expect(marked('Secure cloud platform', 'secuer')).toEqual(['Secure']);
    // The last word with a typo marks the beginning it matched.
    expect(marked('Cloudy skies', 'clud')).toEqual(['Cloud']);
  });

  it('counts UTF-16 units of the text as sent, diacritics and all', () => {
    expect(ranges('Müller Société', 'societe')).toEqual([[7, 14]]);
    // "e" + combining acute: two units, one letter, marked whole.
    expect(ranges('Cafe\u0301 Zürich', 'cafe zur')).toEqual([
      [0, 5],
      [6, 9],
    ]);
    expect(marked('Москва Софт', 'москба')).toEqual(['Москва']);
    expect(ranges('😀 cloud', 'cloud')).toEqual([[3, 8]]);
  });

  it('marks a text as the search now matches it, the same text cut once for every search', () => {
    expect(ranges('Cloud data', 'cloud')).toEqual([[0, 5]]);
    expect(ranges('Cloud data', 'data')).toEqual([[6, 10]]);
    // Longer than a card's text: offsets past 32k units are kept in full.
    const long = `${'x '.repeat(20_000)}Cloud`;
    expect(ranges(long, 'cloud')).toEqual([[40_000, 40_005]]);
    // A text of hundreds of matches, then short ones: each marked in full, nothing carried over.
    const many = 'cloud '.repeat(300);
    expect(ranges(many, 'cloud')).toEqual(
      Array.from({ length: 300 }, (_, at) => [6 * at, 6 * at + 5]),
    );
    expect(ranges('Data cloud', 'cloud')).toEqual([[5, 10]]);
    expect(ranges('Data', 'cloud')).toEqual([]);
  });

  it("marks a word as each site's index holds it, the same words in other places", () => {
    expect(ranges('Cloud data', 'cloud')).toEqual([[0, 5]]);
    // "cloud" is the second term here, the first there: each index's own place is read.
    expect(ranges('Cloud data', 'cloud', 'Alpha cloud data')).toEqual([[0, 5]]);
    expect(ranges('Cloud data', 'data', 'Alpha beta data')).toEqual([[6, 10]]);
    expect(ranges('Cloud data', 'alpha', 'Alpha cloud data')).toEqual([]);
  });

  it('marks a text cut long ago as one cut just now, after thousands of other texts', () => {
    // More texts than the kept cuts hold: the first ones are dropped, then cut again.
    const texts = Array.from({ length: 5000 }, (_, at) => `Partner ${at} cloud studio`);
    const builder = new SiteIndexBuilder(texts.length);
    builder.addLocale(
      'en-US',
      texts.map((title, ordinal) => ({
        ordinal,
        documentId: ordinal + 1,
        title,
        categories: '',
        summary: '',
      })),
    );
    const words = builder.build().matchedWords('en-US', searchTerms('clou'));
    if (!words) throw new Error('no words for a text');
    for (const round of [1, 2]) {
      for (const text of texts) {
        const start = text.indexOf('cloud');
        expect(highlightMatches(text, words), `${text}, round ${round}`).toEqual([
          [start, start + 4],
        ]);
      }
    }
  });

  it('marks nothing without terms or matches, and never the text around words', () => {
    expect(ranges('Cloud', '')).toEqual([]);
    expect(ranges('<b>Cloud</b>', 'b')).toEqual([
      [1, 2],
      [10, 11],
    ]);
    expect(ranges('Data', 'nothing')).toEqual([]);
  });
});
