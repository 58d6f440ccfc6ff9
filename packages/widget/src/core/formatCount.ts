import { DEFAULT_LOCALE } from './types';

const formatters = new Map<string, Intl.NumberFormat>();

/** The locale's number format with these options, made once (each construction costs). */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const tag = locale || DEFAULT_LOCALE;
  const key = tag + JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(tag, options);
    } catch {
      // A malformed language tag from the portal must not break the page.
      formatter = new Intl.NumberFormat(DEFAULT_LOCALE, options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Languages whose every region writes whole numbers in Latin digits by default (CLDR):
 * below 1000 there is no group separator either, so their format of such a number is
 * its plain digits. A tag with a script or a -u- extension (`ar-u-nu-arab`) is not
 * matched and goes to Intl.NumberFormat.
 */
const LATIN_DIGITS =
  /^(?:bg|ca|cs|cy|da|de|el|en|es|et|eu|fi|fr|ga|gl|he|hr|hu|id|is|it|ja|ko|lt|lv|ms|nb|nl|nn|no|pl|pt|ro|ru|sk|sl|sr|sv|th|tr|uk|vi|zh)(?:-(?:[a-z]{2}|\d{3}))?$/i;

/**
 * The plain digits when they are the locale's format: the first `new Intl.NumberFormat`
 * of a page loads ICU data, 50-80 ms of main thread at 4x CPU throttling (one long task).
 */
function formatWithoutIntl(value: number, locale: string): string | null {
  const plain = Number.isInteger(value) && value >= 0 && value < 1000;
  return plain && LATIN_DIGITS.test(locale || DEFAULT_LOCALE) ? String(value) : null;
}

/**
 * Builds the locale's formatter ahead when counts will need it (its first construction
 * loads ICU data: tens of ms); a locale of Latin digits needs it only from 1000 on.
 */
export function prepareFormatCount(locale: string): void {
  if (formatWithoutIntl(0, locale) === null) numberFormat(locale);
}

/** A number in the locale's format (plain digits where they are that format). */
export function formatNumber(value: number, locale: string): string {
  return formatWithoutIntl(value, locale) ?? numberFormat(locale).format(value);
}

/** The count text of SPEC 9: 'Showing {loaded} of {total} partners', numbers in the locale's format. */
export function formatCount(loaded: number, total: number, locale: string): string {
  return `Showing ${formatNumber(loaded, locale)} of ${formatNumber(total, locale)} partners`;
}
