/**
 * The custom element's attributes are what a page without a portal says instead of
 * `window.Liferay` and `window.partnersNetworkSettings`. They are outside data: each one
 * is parsed, and a value that cannot be used is left out (the element then falls back
 * to what the window says) with one console warning naming the attribute.
 */
import { backgroundSourcesDataSchema, parseData } from '@partners-network/contract';
import { logWarning } from './core/log';
import type { LogText, TextCode } from './core/logTexts';
import { sanitizeUrl } from './core/sanitizeUrl';
import { toPictureSources } from './core/toPictureSources';
import type { Picture, PortalContext } from './core/types';

/** Who keeps the search in the page URL: `url` (the default for a lone element) or `memory`. */
export type UrlState = 'url' | 'memory';

export interface ElementAttributes {
  /** Values that win over the window's (only the attributes that are set and usable). */
  context: Partial<PortalContext>;
  /** null when the attribute is absent or unusable: the element decides. */
  urlState: UrlState | null;
  /** `messages`, JSON-parsed (mount() checks each message); undefined when absent or not JSON. */
  messages: unknown;
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

/** `/hero-540.jpg 540w, /hero-1023.jpg 1023w`: like srcset, each width is a max-width. */
const SRCSET_CANDIDATE = /^(\S+)\s+(\d+)w$/;

/**
 * `background-sources`: a JSON array `[{"url": "...", "maxWidth": 540}]` or the
 * srcset-like list `url 540w, url 1023w` (a comma inside a URL must be written %2C).
 * Unsafe URLs and widths that are not positive whole numbers are dropped.
 * Returns null when the value cannot be read at all.
 */
export function parseBackgroundSources(value: string): Picture['sources'] | null {
  const text = value.trim();
  if (text === '') return [];
  let raw: { url: string; maxWidth: number | string }[];
  if (text.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    // The contract's schema of this attribute, so the shape is written down once.
    const parsed = parseData(backgroundSourcesDataSchema, json);
    if (!parsed.success) return null;
    raw = parsed.data;
  } else {
    raw = [];
    for (const candidate of text.split(',')) {
      const match = SRCSET_CANDIDATE.exec(candidate.trim());
      if (!match?.[1] || !match[2]) return null;
      raw.push({ url: match[1], maxWidth: match[2] });
    }
  }
  return toPictureSources(raw);
}

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
  if (backgroundUrl === '') {
    // Present but empty: no picture, whatever the settings say.
    context.background = null;
  } else if (backgroundUrl !== null) {
    const defaultUrl = sanitizeUrl(backgroundUrl);
    // Absent reads as empty: no sources.
    const sources = parseBackgroundSources(rawSources ?? '');
    if (sources === null) problems.push([20 satisfies TextCode<'attributeSources'>]);
    if (defaultUrl === null) {
      problems.push([17 satisfies TextCode<'attributeNotAnAddress'>, 'background-url']);
    } else context.background = { defaultUrl, sources: sources ?? [] };
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

  if (problems.length > 0) logWarning([16 satisfies TextCode<'attributesIgnored'>, problems]);
  return { context, urlState, messages };
}
