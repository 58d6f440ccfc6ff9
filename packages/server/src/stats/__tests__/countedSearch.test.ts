import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../search/searchTerms';
import { countedSearch, countedText } from '../countedSearch';

const count = (typed: string) => countedText(typed, searchTerms(typed));

describe('the text a search is counted under', () => {
  it('is its folded terms joined by one space: case, accents, hyphens and spacing aside', () => {
    expect(count('  Société   Générale ')).toBe('societe generale');
    expect(count('societe-generale')).toBe('societe generale');
    expect(count("O'Brien_Consulting")).toBe('o brien consulting');
    expect(count('')).toBe('');
    expect(count(' - ')).toBe('');
  });

  it('keeps short numbers: years, standards, versions', () => {
    expect(count('ISO 27001')).toBe('iso 27001');
    expect(count('sap s4 2023')).toBe('sap s4 2023');
    expect(count('partner 123456')).toBe('partner 123456');
  });

  it('is redacted when the text holds an @ (an email address), whatever else it holds', () => {
    expect(count('jane.doe@example.com')).toBeNull();
    expect(count('@')).toBeNull();
  });

  it('is redacted when 7 digits fall within 16 characters (a phone number), however they are spaced', () => {
    for (const phone of [
      '0301234567',
      '030 1234 567',
      '+41 44 668 18 00',
      '555-123-4567',
      '(555) 123 45 67',
      'call 06 12 34 56 78 please',
      '٠٣٠١٢٣٤٥٦٧',
    ]) {
      expect(count(phone), phone).toBeNull();
    }
    // Seven digits far apart are not a phone number.
    expect(count('iso 27 then a long way to 12345')).toBe('iso 27 then a long way to 12345');
  });

  it('never keeps 7 digits close together, for any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('1', '2', ' ', '-', 'a', 'b', 'é', '@') }),
        (typed) => {
          const text = count(typed);
          if (text === null) return;
          expect(text).not.toContain('@');
          // Every 16 characters of what is kept hold 6 digits at most.
          for (let at = 0; at < text.length; at += 1) {
            expect(text.slice(at, at + 16).replace(/\D/g, '').length).toBeLessThan(7);
          }
          expect(text).toBe(searchTerms(text).join(' '));
        },
      ),
    );
  });
});

describe('a counted search', () => {
  it('sorts its items and has one key per locale, text, filter and items', () => {
    const one = countedSearch({
      locale: 'en-US',
      typed: 'Cloud',
      terms: ['cloud'],
      globalFilter: 'tech',
      itemIds: [30, 4, 101],
    });
    expect(one).toMatchObject({ text: 'cloud', itemIds: [4, 30, 101] });
    const same = countedSearch({
      locale: 'en-US',
      typed: 'cloud ',
      terms: ['cloud'],
      globalFilter: 'tech',
      itemIds: [101, 30, 4],
    });
    expect(same.key).toBe(one.key);
    const keys = new Set(
      [
        { locale: 'fr-FR' },
        { typed: 'clouds', terms: ['clouds'] },
        { globalFilter: 'solutions' },
        { itemIds: [4, 30] },
        { typed: '030 1234 567', terms: ['030', '1234', '567'] },
      ].map(
        (change) =>
          countedSearch({
            locale: 'en-US',
            typed: 'cloud',
            terms: ['cloud'],
            globalFilter: 'tech',
            itemIds: [4, 30, 101],
            ...change,
          }).key,
      ),
    );
    expect(keys.size).toBe(5);
    expect(keys.has(one.key)).toBe(false);
  });

  it('keeps apart a redacted search and a search whose text is empty', () => {
    const redacted = countedSearch({
      locale: 'en-US',
      typed: 'a@b',
      terms: ['a', 'b'],
      globalFilter: 'tech',
      itemIds: [],
    });
    const empty = countedSearch({
      locale: 'en-US',
      typed: '',
      terms: [],
      globalFilter: 'tech',
      itemIds: [],
    });
    expect(redacted.text).toBeNull();
    expect(empty.text).toBe('');
    expect(redacted.key).not.toBe(empty.key);
  });
});
