/**
 * The languages whose messages load as chunks of their own: Liferay's 13 default languages
 * but en-US, which the page script and each part's chunk carry. The one list the three
 * loaders (the page's, the location field's, the contact dialog's) are checked against:
 * each `satisfies` LanguageChunks, so TypeScript refuses one that misses a language or names
 * another. A type, so it costs no byte; each loader still writes its `import()`s out, as
 * Vite needs a literal path to make a chunk (a glob would ship its keys in the page script).
 */
export type CatalogueLanguage =
  | 'ar-SA'
  | 'ca-ES'
  | 'de-DE'
  | 'es-ES'
  | 'fi-FI'
  | 'fr-FR'
  | 'hu-HU'
  | 'ja-JP'
  | 'nl-NL'
  | 'pt-BR'
  | 'sv-SE'
  | 'zh-CN';

/** A loader per language, each an `import()` of its chunk. */
export type LanguageChunks<Module> = Readonly<Record<CatalogueLanguage, () => Promise<Module>>>;
