import { describe, expect, it } from 'vitest';
import { readLocale } from '../readLocale';

describe('readLocale', () => {
  it.each([
    [{ locale: 'fr-FR' }, { ok: true, locale: 'fr-FR' }],
    [{ locale: 'x'.repeat(64) }, { ok: true, locale: 'x'.repeat(64) }],
    [{}, { ok: true, locale: '' }],
    [undefined, { ok: true, locale: '' }],
    [{ locale: 'x'.repeat(65) }, { ok: false, title: 'locale is longer than 64 characters' }],
    [{ locale: ['fr-FR', 'de-DE'] }, { ok: false, title: 'locale must be given once, as text' }],
  ])('reads %j as %j', (query, expected) => {
    expect(readLocale(query)).toEqual(expected);
  });
});
