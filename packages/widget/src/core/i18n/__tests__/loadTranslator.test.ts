import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTranslator, resolveCatalogue } from '../loadTranslator';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('resolveCatalogue', () => {
  it('reads the portal language id as the API locale is read, then its base language, then en-US', () => {
    expect(resolveCatalogue('ar_SA')).toBe('ar-SA');
    expect(resolveCatalogue('ar-SA')).toBe('ar-SA');
    expect(resolveCatalogue('fr_CA')).toBe('fr-FR');
    expect(resolveCatalogue('pt-PT')).toBe('pt-BR');
    expect(resolveCatalogue('JA')).toBe('ja-JP');
    expect(resolveCatalogue('en_GB')).toBe('en-US');
    expect(resolveCatalogue('it_IT')).toBe('en-US');
    expect(resolveCatalogue('')).toBe('en-US');
  });
});

describe('loadTranslator', () => {
  it('gives en-US at once, without a request', () => {
    const translator = loadTranslator('');
    expect(translator).not.toBeInstanceOf(Promise);
    if (translator instanceof Promise) return;
    expect(translator.t('loadMore')).toBe('Load More Partners');
    expect(translator.lang).toBe('en-US');
  });

  it('loads another language on demand, with the overrides for it', async () => {
    const pending = loadTranslator('de_DE', {
      fr: { resetAll: 'Tout effacer' },
      de: { resetAll: 'Zurücksetzen' },
    });
    expect(pending).toBeInstanceOf(Promise);
    const translator = await pending;
    expect(translator.lang).toBe('de-DE');
    expect(translator.t('loadMore')).toBe('Weitere Partner laden');
    expect(translator.t('resetAll')).toBe('Zurücksetzen');
  });

  it("takes the settings object's messages, the element's winning", async () => {
    const win = Object.assign(Object.create(window) as Window, {
      partnersNetworkSettings: { messages: { resetAll: 'Start over', loadMore: 'More' } },
    });
    const translator = await loadTranslator('en_US', { loadMore: 'Even more' }, win);
    expect(translator.t('resetAll')).toBe('Start over');
    expect(translator.t('loadMore')).toBe('Even more');
  });
});
