import { describe, expect, it } from 'vitest';
import { searchTerms } from '../searchTerms';

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
