/**
 * `t(id, values)`: a message of the catalogue with its `{placeholders}` filled (numbers in
 * the language's format) and, for a message with plural forms, the form `values.count` picks.
 */
import type { Catalogue, MessageId } from './messages';
import { EN_US } from './messages';

export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

export function createTranslate(catalogue: Catalogue = EN_US, lang = 'en-US'): Translate {
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  return (id, values = {}) => {
    const message = catalogue[id];
    const count = values.count;
    const text =
      typeof message === 'string'
        ? message
        : plurals.select(typeof count === 'number' ? count : 0) === 'one'
          ? message.one
          : message.other;
    return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = values[name];
      if (value === undefined) return placeholder;
      return typeof value === 'number' ? numbers.format(value) : value;
    });
  };
}

export const t = createTranslate();
