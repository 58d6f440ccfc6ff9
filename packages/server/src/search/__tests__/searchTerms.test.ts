import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { plainSearchTerms, searchTerms } from '../searchTerms';

describe('searchTerms', () => {
  it('cuts text into lower-case runs of letters and digits', () => {
    expect(searchTerms("Cloud-Native  consulting_2024, l'équipe")).toEqual([
      'cloud',
      'native',
      'consulting',
      '2024',
      'l',
      'equipe',
    ]);
  });

  it('folds diacritics the same way for accented and plain text', () => {
    expect(searchTerms('Société Générale Zürich Besançon São')).toEqual(
      searchTerms('societe generale zurich besancon sao'),
    );
    expect(searchTerms('SOCIÉTÉ')).toEqual(['societe']);
    // Decomposed input (e + combining acute) folds like the composed one.
    expect(searchTerms('Socie\u0301te\u0301')).toEqual(['societe']);
  });

  it('keeps letters of other scripts and drops syntax', () => {
    expect(searchTerms('Łódź 東京 "cloud" OR NEAR(data)*')).toEqual([
      'łodz',
      '東京',
      'cloud',
      'or',
      'near',
      'data',
    ]);
    expect(searchTerms("- _ '")).toEqual([]);
    expect(searchTerms('')).toEqual([]);
  });
});

describe('searchTerms against the plain tokenizer', () => {
  it('cuts any text exactly as folding the whole text and matching its runs does', () => {
    const pieces = fc.constantFrom(
      'Société',
      'e\u0301',
      'İstanbul',
      'ß',
      'Ǆ',
      '東京',
      '𝐀𝐁',
      '😀',
      '\ud800',
      'ﬁ',
      '١٢٣',
      'Ωmega',
      ' ',
      '-',
      "'",
      '_',
    );
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(searchTerms(text)).toEqual(plainSearchTerms(text));
      }),
      { numRuns: 3000 },
    );
    // 3,000 texts take about a second alone; a machine busy with other work needs longer.
  }, 30_000);
});
