import { DEFAULT_LOCALE } from './DirectoryData';

/**
 * Picks the locale a site answers in: the requested one (underscore or hyphen, any
 * case), else one with the same language, else en-US. Unknown or empty -> en-US.
 */
export function resolveLocale(requested: string, available: readonly string[]): string {
  const wanted = requested.trim().replace(/_/g, '-').toLowerCase();
  if (wanted === '') return DEFAULT_LOCALE;
  const exact = available.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  const sameLanguage = available.find((locale) => locale.toLowerCase().split('-')[0] === language);
  return sameLanguage ?? DEFAULT_LOCALE;
}

/** The text in a locale, else in en-US, else empty. */
export function pickText(texts: ReadonlyMap<string, string>, locale: string): string {
  return texts.get(locale) ?? texts.get(DEFAULT_LOCALE) ?? '';
}
