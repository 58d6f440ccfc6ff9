import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../../test/logsWritten';
// The whole en-US catalogue (the page script's, with the no-results panel's texts).
import { wholeEnUS } from '../noResultsMessages';
import contactEnUS from '../contact/en-US';
import { overridesOf, parseMessageOverrides, pickOverrides } from '../parseMessageOverrides';

const enUS = wholeEnUS();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseMessageOverrides', () => {
  it('reads messages for every language and for one language', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parsed = parseMessageOverrides(
      {
        loadMore: 'More partners',
        fr: { loadMore: 'Voir plus de partenaires' },
        ar_SA: { added: { one: 'واحد', other: '{count}' } },
      },
      'the test',
      enUS,
    );
    await logsWritten();
    expect(warn).not.toHaveBeenCalled();
    expect(parsed.all).toEqual({ loadMore: 'More partners' });
    expect(pickOverrides([parsed], 'fr-FR', 'fr-CA')).toEqual({
      loadMore: 'Voir plus de partenaires',
    });
    expect(pickOverrides([parsed], 'ar-SA', 'ar-SA')).toEqual({
      loadMore: 'More partners',
      added: { one: 'واحد', other: '{count}' },
    });
    expect(pickOverrides([parsed], 'de-DE', 'de-DE')).toEqual({ loadMore: 'More partners' });
  });

  it('lets a later source win: the element over the settings, a language over all', () => {
    const settings = parseMessageOverrides(
      { resetAll: 'A', fr: { goHome: 'B' } },
      'settings',
      enUS,
    );
    const element = parseMessageOverrides(
      { resetAll: 'C', 'fr-FR': { resetAll: 'D' } },
      'element',
      enUS,
    );
    expect(pickOverrides([settings, element], 'fr-FR', 'fr-FR')).toEqual({
      resetAll: 'D',
      goHome: 'B',
    });
  });

  it('drops what cannot be used, with one warning naming it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parsed = parseMessageOverrides(
      JSON.parse(
        '{"__proto__": {"loadMore": "x"}, "toString": "y", "loadMore": 3, "resetAll": {"one": "z"},' +
          ' "removeFilter": "Remove {item}", "goHome": "' +
          'x'.repeat(1001) +
          '", "added": {"other": "{count}", "three": "x"}, "heading": "<b>Hi</b>", "fr": "text"}',
      ),
      'the messages attribute',
      enUS,
    );
    expect(parsed.all).toEqual({ heading: '<b>Hi</b>' });
    expect(parsed.languages.size).toBe(0);
    expect(Object.getPrototypeOf(parsed.all)).toBe(Object.prototype);
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    for (const part of [
      'the messages attribute',
      '"__proto__" is neither a message id nor a language tag',
      '"toString"',
      'loadMore is neither a text nor plural forms',
      'resetAll is neither',
      'removeFilter has placeholders the message does not have: {item}',
      'goHome is longer than 1000 characters',
      'added.three is not the text of a plural form',
      '"fr" is neither',
    ]) {
      expect(message).toContain(part);
    }
  });

  it('refuses what is not an object', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const value of ['text', 3, ['loadMore']]) {
      expect(parseMessageOverrides(value, 'x', enUS).all).toEqual({});
    }
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(parseMessageOverrides(undefined, 'x', enUS).all).toEqual({});
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("leaves the contact dialog's contact. ids to it, and checks them there", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const messages = {
      loadMore: 'More',
      'contact.send': 'Send request',
      'contact.title': 'Write to {partner} at {office}',
      'contact.nothing': 'x',
      fr: { 'contact.cancel': 'Fermer sans envoyer', resetAll: 'Tout effacer' },
    };
    // The page: its own ids, not a word about the dialog's.
    const page = parseMessageOverrides(messages, 'the element', enUS);
    expect(page.all).toEqual({ loadMore: 'More' });
    expect(page.languages.get('fr')).toEqual({ resetAll: 'Tout effacer' });
    await logsWritten();
    expect(warn).not.toHaveBeenCalled();

    // The dialog: its own ids without the prefix, per language, the element's over the
    // settings'; the page's ids left alone, its own problems named once.
    const settings = { 'contact.send': 'From settings', 'contact.close': 'Done' };
    expect(overridesOf(settings, messages, contactEnUS, 'fr-FR', 'fr-CA', 'contact.')).toEqual({
      send: 'Send request',
      close: 'Done',
      cancel: 'Fermer sans envoyer',
    });
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toContain('title has placeholders the message does not have: {office}');
    expect(message).toContain('"contact.nothing" is neither a message id nor a language tag');
    expect(message).not.toContain('loadMore');
    expect(overridesOf(settings, messages, contactEnUS, 'de-DE', 'de-DE', 'contact.')).toEqual({
      send: 'Send request',
      close: 'Done',
    });
  });

  it("keeps the page's own contact (the card's button) apart from the dialog's", () => {
    const messages = { contact: 'Write to them', 'contact.send': 'Go' };
    expect(parseMessageOverrides(messages, 'x', enUS).all).toEqual({ contact: 'Write to them' });
    expect(parseMessageOverrides(messages, 'x', contactEnUS, 'contact.').all).toEqual({
      send: 'Go',
    });
  });
});
