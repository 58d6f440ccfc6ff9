import { describe, expect, it } from 'vitest';
// The whole en-US catalogue (the page script's, with the no-results panel's texts).
import { wholeEnUS } from '../noResultsMessages';
import arSA from '../catalogues/ar-SA';
import deDE from '../catalogues/de-DE';
import frFR from '../catalogues/fr-FR';
import jaJP from '../catalogues/ja-JP';
import { createTranslator } from '../createTranslator';

const enUS = wholeEnUS();

describe('createTranslator', () => {
  it('fills placeholders, numbers in the locale format', () => {
    const en = createTranslator(enUS, 'en-US');
    expect(en.t('count', { loaded: 10, total: 1040 }, 1040)).toBe('Showing 10 of 1,040 partners');
    expect(en.t('removeFilter', { name: 'Gold' })).toBe('Remove Gold');
    const de = createTranslator(deDE, 'de-DE');
    expect(de.t('count', { loaded: 10, total: 1040 }, 1040)).toBe(
      'Angezeigt: 10 von 1.040 Partnern',
    );
    const fr = createTranslator(frFR, 'fr-FR');
    expect(fr.t('count', { loaded: 10, total: 1040 }, 1040)).toBe(
      'Affichage de 10 sur 1\u202f040 partenaires',
    );
  });

  it("picks the language's plural form", () => {
    const en = createTranslator(enUS, 'en-US');
    expect(en.t('added', { count: 1 }, 1)).toBe('1 more partner added.');
    expect(en.t('added', { count: 10 }, 10)).toBe('10 more partners added.');
    const fr = createTranslator(frFR, 'fr-FR');
    expect(fr.t('count', { loaded: 1, total: 1 }, 1)).toBe('Affichage de 1 sur 1 partenaire');
    expect(fr.t('added', { count: 2 }, 2)).toBe('2 partenaires supplémentaires ajoutés.');
    const ar = createTranslator(arSA, 'ar-SA');
    expect(ar.t('added', { count: 1 }, 1)).toBe('تمت إضافة شريك واحد.');
    expect(ar.t('added', { count: 2 }, 2)).toBe('تمت إضافة شريكين.');
    expect(ar.t('added', { count: 3 }, 3)).toBe('تمت إضافة ٣ شركاء.');
    expect(ar.t('added', { count: 10 }, 10)).toBe('تمت إضافة ١٠ شركاء.');
    expect(ar.t('added', { count: 11 }, 11)).toBe('تمت إضافة ١١ شريكًا.');
    expect(ar.t('added', { count: 100 }, 100)).toBe('تمت إضافة ١٠٠ شريك.');
    const ja = createTranslator(jaJP, 'ja-JP');
    expect(ja.t('count', { loaded: 10, total: 56 }, 56)).toBe('56件中10件のパートナーを表示');
  });

  it('sets the direction and the language of the catalogue', () => {
    expect(createTranslator(arSA, 'ar-SA')).toMatchObject({ lang: 'ar-SA', dir: 'rtl' });
    expect(createTranslator(frFR, 'fr-FR', 'fr-CA')).toMatchObject({ lang: 'fr-FR', dir: 'ltr' });
  });

  it("formats numbers in the portal's variant of the language, else the catalogue's", () => {
    // Swiss German groups with an apostrophe, German German with a dot.
    expect(
      createTranslator(deDE, 'de-DE', 'de-CH').t('count', { loaded: 1, total: 1040 }, 1040),
    ).toBe("Angezeigt: 1 von 1'040 Partnern");
    // A portal language without a catalogue shows en-US, with en-US numbers.
    expect(createTranslator(enUS, 'en-US', 'de-DE').t('count', { loaded: 1, total: 1040 })).toBe(
      'Showing 1 of 1,040 partners',
    );
    // A malformed tag does not break the page.
    expect(createTranslator(frFR, 'fr-FR', 'fr-!!').t('added', { count: 2 }, 2)).toBe(
      '2 partenaires supplémentaires ajoutés.',
    );
  });

  it('lays overrides over the catalogue', () => {
    const fr = createTranslator(frFR, 'fr-FR', 'fr-FR', {
      loadMore: 'Voir la suite',
      added: { one: 'Un de plus.', other: '{count} de plus.' },
    });
    expect(fr.t('loadMore')).toBe('Voir la suite');
    expect(fr.t('added', { count: 1 }, 1)).toBe('Un de plus.');
    expect(fr.t('added', { count: 3 }, 3)).toBe('3 de plus.');
    expect(fr.t('resetAll')).toBe('TOUT RÉINITIALISER');
  });
});
