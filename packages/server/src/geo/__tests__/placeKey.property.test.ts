import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainSearchTerms } from '../../search/searchTerms';
import { placeKey } from '../placeKey';

describe('placeKey', () => {
  it('is the search words joined by single spaces, for ASCII and any other text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('Saint-Étienne', 'SAINT ÉTIENNE', "L'Aquila", 'São Paulo', 'Łódź', 'パリ'),
    );
    fc.assert(
      fc.property(text, (name) => {
        expect(placeKey(name)).toBe(plainSearchTerms(name).join(' '));
      }),
      { numRuns: 2000 },
    );
  });

  it('makes one key of the ways a name is written', () => {
    expect(placeKey('Saint-Étienne')).toBe('saint etienne');
    expect(placeKey('  saint   ETIENNE ')).toBe('saint etienne');
  });
});
