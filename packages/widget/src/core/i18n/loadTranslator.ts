/**
 * Picks the catalogue of the portal's language and loads it. en-US is in the page
 * script; every other catalogue is a chunk of its own that Vite emits beside the entry
 * and `import()` fetches from the same folder, so a visitor downloads their language
 * only (a Liferay client extension serves the chunks with the entry; a strict CSP
 * allows them as same-origin scripts).
 */
import { logError } from '../log';
import type { TextCode } from '../logTexts';
import enUS from './catalogues/en-US';
import type { Catalogue } from './catalogues/en-US';
import { createTranslator } from './createTranslator';
import type { Translator } from './createTranslator';
import type { LanguageChunks } from './catalogueLanguages';

type CatalogueModule = Promise<{ default: Catalogue }>;

/** One catalogue per language but en-US (the list: catalogueLanguages.ts). */
export const CATALOGUES: Readonly<Record<string, () => CatalogueModule>> = {
  'ar-SA': () => import('./catalogues/ar-SA'),
  'ca-ES': () => import('./catalogues/ca-ES'),
  'de-DE': () => import('./catalogues/de-DE'),
  'es-ES': () => import('./catalogues/es-ES'),
  'fi-FI': () => import('./catalogues/fi-FI'),
  'fr-FR': () => import('./catalogues/fr-FR'),
  'hu-HU': () => import('./catalogues/hu-HU'),
  'ja-JP': () => import('./catalogues/ja-JP'),
  'nl-NL': () => import('./catalogues/nl-NL'),
  'pt-BR': () => import('./catalogues/pt-BR'),
  'sv-SE': () => import('./catalogues/sv-SE'),
  'zh-CN': () => import('./catalogues/zh-CN'),
} satisfies LanguageChunks<{ default: Catalogue }>;

export const DEFAULT_CATALOGUE = 'en-US';

/**
 * The catalogue for a portal language id, as the API locale is read (`ar_SA` and
 * `ar-SA` alike): the language's catalogue whatever the region (`fr-CA` -> fr-FR),
 * else en-US.
 */
export function resolveCatalogue(languageId: string): string {
  const language = `${languageId.split(/[-_]/)[0] ?? ''}-`.toLowerCase();
  return (
    Object.keys(CATALOGUES).find((tag) => tag.toLowerCase().startsWith(language)) ??
    DEFAULT_CATALOGUE
  );
}

/** `window.partnersNetworkSettings.messages`, unparsed; undefined when there is none. */
function settingsMessages(win: Window): unknown {
  const settings: unknown = Reflect.get(win, 'partnersNetworkSettings');
  return typeof settings === 'object' && settings !== null
    ? Reflect.get(settings, 'messages')
    : undefined;
}

/**
 * The translator for the portal language id: at once for en-US without overrides (no
 * request), else once its catalogue (and, when an operator gave messages, their
 * parser: a chunk too) has loaded. A catalogue that fails to load gives en-US, with
 * the error in the console: the page works in English rather than not at all.
 * `messages` is the element's (it wins over the settings object's).
 */
export function loadTranslator(
  languageId: string,
  messages?: unknown,
  win: Window = window,
): Translator | Promise<Translator> {
  const locale = languageId.replace(/_/g, '-') || DEFAULT_CATALOGUE;
  let lang = resolveCatalogue(locale);
  const load = CATALOGUES[lang];
  const fromSettings = settingsMessages(win);
  const overridden = fromSettings !== undefined || messages !== undefined;
  if (!load && !overridden) return createTranslator(enUS, lang, locale);
  return Promise.all([
    load?.().then(
      (module) => module.default,
      (error: unknown) => {
        void logError([41 satisfies TextCode<'messagesNotLoaded'>], error);
        lang = DEFAULT_CATALOGUE;
        return enUS;
      },
    ) ?? enUS,
    overridden ? import('./parseMessageOverrides') : null,
    // The ids and placeholders overrides are checked against: en-US with the no-results
    // panel's texts, which the page script does not carry (noResultsMessages.ts).
    overridden ? import('./noResultsMessages') : null,
  ]).then(([catalogue, parser, whole]) =>
    createTranslator(
      catalogue,
      lang,
      locale,
      whole
        ? parser?.overridesOf(fromSettings, messages, whole.wholeEnUS(), lang, locale)
        : undefined,
    ),
  );
}
