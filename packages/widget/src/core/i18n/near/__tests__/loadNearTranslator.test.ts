import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../../../test/logsWritten';
import { loadNearTranslator } from '../loadNearTranslator';

afterEach(() => {
  Reflect.deleteProperty(window, 'partnersNetworkSettings');
  vi.restoreAllMocks();
});

describe('loadNearTranslator', () => {
  it("lays the operator's near. messages over the field's catalogue, per language", async () => {
    Reflect.set(window, 'partnersNetworkSettings', {
      messages: { 'near.sortDistance': 'Nearest first', 'contact.send': 'not the field' },
    });
    const translator = await loadNearTranslator('de-DE', 'de-AT', {
      'near.placeholder': 'Ort',
      de: { 'near.anyDistance': 'Egal wie weit' },
      fr: { 'near.anyDistance': 'Pas pour l’allemand' },
    });
    expect(translator.t('placeholder')).toBe('Ort');
    expect(translator.t('anyDistance')).toBe('Egal wie weit');
    expect(translator.t('sortDistance')).toBe('Nearest first');
    expect(translator.lang).toBe('de-DE');
  });

  it("names a near. id the field does not have, once, and keeps the catalogue's text", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const translator = await loadNearTranslator('en-US', 'en-US', {
      'near.nothing': 'x',
      'near.placeholder': { one: 'plural forms of a text that has none' },
    });
    expect(translator.t('placeholder')).toBe('City');
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"near.nothing" is neither a message id');
  });
});
