import { DEFAULT_LOCALE } from './types';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  const key = locale || DEFAULT_LOCALE;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(key);
    } catch {
      // A malformed language tag from the portal must not break the page.
      formatter = new Intl.NumberFormat(DEFAULT_LOCALE);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Builds the locale's formatter ahead (its first construction loads ICU data: tens of ms). */
export function prepareFormatCount(locale: string): void {
  numberFormat(locale);
}

/** The count text of SPEC 9: 'Showing {loaded} of {total} partners', numbers in the locale's format. */
export function formatCount(loaded: number, total: number, locale: string): string {
  const format = numberFormat(locale);
  return `Showing ${format.format(loaded)} of ${format.format(total)} partners`;
}
