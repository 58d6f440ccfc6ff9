/**
 * The custom element's attributes are what a page without a portal says instead of
 * `window.Liferay` and `window.partnersNetworkSettings`. They are outside data: each one
 * is parsed, and a value that cannot be used is left out (the element then falls back
 * to what the window says) with one console warning naming the attribute.
 */
import { logError, logWarning } from './core/log';
import type { LogText, TextCode } from './core/logTexts';
import { sanitizeUrl } from './core/sanitizeUrl';
import type { PortalContext } from './core/types';

/** Who keeps the search in the page URL: `url` (the default for a lone element) or `memory`. */
export type UrlState = 'url' | 'memory';

export interface ElementAttributes {
  /** Values that win over the window's (only the attributes that are set and usable). */
  context: Partial<PortalContext>;
  /** null when the attribute is absent or unusable: the element decides. */
  urlState: UrlState | null;
  /** `messages`, JSON-parsed (mount() checks each message); undefined when absent or not JSON. */
  messages: unknown;
  /**
   * Settles once `background-sources` has been read into `context.background` (its sources)
   * by its chunk, which is asked for only when the element has it beside a `background-url`:
   * the first render waits for it. Undefined when there is nothing to read.
   */
  renderAfter?: Promise<void>;
}

/** Every attribute the element reads; changing one on a live element restarts the page. */
export const ELEMENT_ATTRIBUTES = [
  'api-base-url',
  'company-id',
  'scope-group-id',
  'language-id',
  'back-button-url',
  'background-url',
  'background-sources',
  'url-state',
  'messages',
] as const;

type Read = (name: (typeof ELEMENT_ATTRIBUTES)[number]) => string | null;

/** 'fr_FR' -> 'fr-FR' when it is a language tag the browser knows; null otherwise. */
function parseLanguageId(value: string): string | null {
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

export function readElementAttributes(element: Element): ElementAttributes {
  // Trimmed; null when absent.
  const read: Read = (name) => element.getAttribute(name)?.trim() ?? null;
  const problems: LogText[] = [];
  const context: Partial<PortalContext> = {};

  for (const [name, key] of [
    ['api-base-url', 'apiBaseUrl'],
    ['back-button-url', 'backButtonUrl'],
  ] as const) {
    const url = read(name);
    if (!url) continue;
    if (sanitizeUrl(url) !== null) context[key] = url;
    else problems.push([17 satisfies TextCode<'attributeNotAnAddress'>, name]);
  }
  for (const [name, key] of [
    ['company-id', 'companyId'],
    ['scope-group-id', 'scopeGroupId'],
  ] as const) {
    const id = read(name);
    if (!id) continue;
    // Ids go into the API path: digits only, as the portal's are.
    if (/^\d+$/.test(id)) context[key] = id;
    else problems.push([18 satisfies TextCode<'attributeNotANumber'>, name]);
  }
  const languageId = read('language-id');
  if (languageId) {
    const tag = parseLanguageId(languageId);
    if (tag !== null) context.languageId = tag;
    else problems.push([19 satisfies TextCode<'attributeNotALanguage'>]);
  }

  const backgroundUrl = read('background-url');
  const rawSources = read('background-sources');
  let renderAfter: Promise<void> | undefined;
  if (backgroundUrl === '') {
    // Present but empty: no picture, whatever the settings say.
    context.background = null;
  } else if (backgroundUrl !== null) {
    // Its problem takes the place it has in the line: before background-url's.
    const at = problems.length;
    const defaultUrl = sanitizeUrl(backgroundUrl);
    // Its sources come with the chunk, before the first render (an absent or empty
    // background-sources: none).
    if (defaultUrl !== null) context.background = { defaultUrl, sources: [] };
    else problems.push([17 satisfies TextCode<'attributeNotAnAddress'>, 'background-url']);
    if (rawSources) {
      renderAfter = import('./readBackgroundSources').then(
        (chunk) => chunk.readBackgroundSources(rawSources, context, problems, at),
        // As an unusable value: the picture of background-url alone.
        (error: unknown) =>
          void logError([44 satisfies TextCode<'attributeSourcesNotLoaded'>], error),
      );
    }
  } else if (rawSources !== null) {
    problems.push([21 satisfies TextCode<'attributeSourcesAlone'>]);
  }

  const rawUrlState = read('url-state');
  let urlState: UrlState | null = null;
  if (rawUrlState === 'url' || rawUrlState === 'memory') urlState = rawUrlState;
  else if (rawUrlState) problems.push([22 satisfies TextCode<'attributeUrlState'>]);

  const rawMessages = read('messages');
  let messages: unknown;
  if (rawMessages) {
    try {
      messages = JSON.parse(rawMessages);
    } catch {
      problems.push([23 satisfies TextCode<'attributeMessages'>]);
    }
  }

  // One line, with background-sources' problem once its chunk has read it.
  void Promise.resolve(renderAfter).then(() => {
    if (problems.length > 0) logWarning([16 satisfies TextCode<'attributesIgnored'>, problems]);
  });
  return { context, urlState, messages, renderAfter };
}
