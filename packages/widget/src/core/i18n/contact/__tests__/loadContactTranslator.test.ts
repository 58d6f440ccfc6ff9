import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContactTranslator } from '../loadContactTranslator';

afterEach(() => {
  Reflect.deleteProperty(window, 'partnersNetworkSettings');
  vi.restoreAllMocks();
});

describe('loadContactTranslator', () => {
  it("gives the dialog's texts in the page's language", async () => {
    const translator = await loadContactTranslator('fr-FR', 'fr-FR');
    expect(translator.dir).toBe('ltr');
    expect(translator.t('send')).toBe('Envoyer');
    expect(translator.t('title', { partner: 'Lumière' })).toBe('Contacter Lumière');
  });

  it("lays the operator's contact. messages over them, the element's over the settings'", async () => {
    Reflect.set(window, 'partnersNetworkSettings', {
      messages: { 'contact.send': 'From the settings', 'contact.close': 'Done' },
    });
    const translator = await loadContactTranslator('fr-FR', 'fr-CA', {
      'contact.send': 'Envoyer la demande',
      fr: { 'contact.title': 'Écrire à {partner}' },
      de: { 'contact.cancel': 'Nicht für Französisch' },
    });
    expect(translator.t('send')).toBe('Envoyer la demande');
    expect(translator.t('close')).toBe('Done');
    expect(translator.t('title', { partner: 'Lumière' })).toBe('Écrire à Lumière');
    // Other texts keep the catalogue's.
    expect(translator.t('cancel')).toBe('Annuler');
  });

  it('is right to left in Arabic, and en-US for a language without a catalogue', async () => {
    expect((await loadContactTranslator('ar-SA')).dir).toBe('rtl');
    const english = await loadContactTranslator('it-IT', 'it-IT', { 'contact.send': 'Invia' });
    expect(english.lang).toBe('en-US');
    expect(english.t('send')).toBe('Invia');
    expect(english.t('cancel')).toBe('Cancel');
  });
});
