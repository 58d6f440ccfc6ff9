/**
 * Turns a catalogue into the page's texts: picks the plural form with
 * `Intl.PluralRules`, puts values into `{placeholders}` (numbers in the locale's
 * number format) and lays operators' overrides over the catalogue.
 */
import { formatNumber } from '../formatCount';
import type { Message, MessageId } from './catalogues/en-US';

export type MessageValues = Readonly<Record<string, string | number>>;

/** `Id`: the page's message ids, or another catalogue's (the contact form's chunk). */
export interface Translator<Id extends string = MessageId> {
  /** Language tag of the catalogue in use: the page root's `lang`. */
  lang: string;
  /** Direction of that language: the page root's `dir`. */
  dir: 'ltr' | 'rtl';
  /** The text of a message; `count` picks its plural form. */
  t(id: Id, values?: MessageValues, count?: number): string;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(count: number, locale: string, lang: string): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      // A malformed tag from the portal: the catalogue's language decides.
      rules = new Intl.PluralRules(lang);
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * `lang`: the catalogue's tag; `locale`: the portal's language tag, used for numbers
 * and plural rules when it is a variant of that language (`fr-CA` with the fr-FR
 * catalogue), else the catalogue's own tag is. `catalogue` may be the page script's en-US,
 * whose no-results texts come later (noResultsMessages.ts).
 */
export function createTranslator<Id extends string = MessageId>(
  catalogue: Readonly<Partial<Record<Id, Message>>>,
  lang: string,
  locale = lang,
  overrides: Partial<Record<Id, Message>> = {},
): Translator<Id> {
  const intlLocale = locale.split('-')[0] === lang.split('-')[0] ? locale : lang;
  return {
    lang,
    // Of the catalogues' languages, Arabic alone is written right to left.
    dir: lang.startsWith('ar') ? 'rtl' : 'ltr',
    t(id, values = {}, count) {
      // en-US has the no-results panel's texts once its chunk has come (noResultsMessages.ts),
      // before the panel renders; an id without a text shows as itself.
      const message = overrides[id] ?? catalogue[id] ?? id;
      const text =
        typeof message === 'string'
          ? message
          : (message[pluralCategory(count ?? 0, intlLocale, lang)] ?? message.other);
      return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
        const value = values[name];
        if (value === undefined) return placeholder;
        return typeof value === 'number' ? formatNumber(value, intlLocale) : value;
      });
    },
  };
}
