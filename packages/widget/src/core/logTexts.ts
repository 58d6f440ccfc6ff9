/**
 * The words of every console warning and error and of every API error the page writes
 * (log.ts), by code: a chunk, imported only when a text is written, so a first visit that
 * warns about nothing never loads them (bench/README.md, texts15, texts16). The page script holds a text as a tuple
 * `[code, ...its data]` (`LogText`); a code is written at its use as
 * `12 satisfies TextCode<'attributeNotANumber'>`, so a wrong code fails typecheck, and its
 * data must be what the text's function takes. Codes are never reused
 * (`__tests__/logTexts.test.ts`): a new text takes the next number.
 */
import { describeDataIssues } from '@partners-network/contract';
import type { DataIssue } from '@partners-network/contract';

/** A code's text, as the page script gives it: the code, then the text's data. */
export type LogText = {
  [N in TextName]: readonly [TextCode<N>, ...Parameters<(typeof LOG_TEXTS)[N][1]>];
}[TextName];

/** Any text's tuple, as the formatting takes it (the page script builds them as `LogText`). */
type AnyText = readonly [number, ...unknown[]];

const list = (texts: readonly AnyText[]): string => texts.map(format).join('; ');

export const LOG_TEXTS = {
  // The API client's errors (an ApiError's message; `what` is `METHOD /path`).
  apiAddress: [0, (address: string) => `${address} is not a usable address`],
  apiNoAnswer: [
    1,
    (what: string, brokeOff: boolean, why: string) =>
      `${what} ${brokeOff ? 'the answer broke off' : 'failed'}: ${why}`,
  ],
  apiHttp: [
    2,
    (what: string, status: number, title: string | undefined) =>
      `${what} answered HTTP ${status}${title === undefined ? '' : `: ${title}`}`,
  ],
  apiNotJson: [3, (what: string) => `${what} answered with a body that is not JSON`],
  apiShape: [
    4,
    (what: string, issues: readonly DataIssue[]) =>
      `${what} answered with an unexpected shape: ${describeDataIssues(issues)}`,
  ],

  // The saved search of the `search` query parameter (savedSearch.ts).
  savedSearchNotBase64: [5, () => 'ignoring the search parameter: it is not base64.'],
  savedSearchNotJson: [6, () => 'ignoring the search parameter: it is not JSON.'],
  savedSearchShape: [
    7,
    (issues: readonly DataIssue[], keptTheRest: boolean) =>
      `ignoring the search parameter${keptTheRest ? "'s location and sort only" : ''}: wrong shape: ${describeDataIssues(issues)}.`,
  ],

  // The URL (connectUrl.ts).
  urlNotUpdated: [8, () => 'could not update the URL.'],

  // The portal's window (readPortalContext.ts): one warning, its problems joined.
  portalDefaults: [
    9,
    (problems: readonly AnyText[]) => `using defaults because ${list(problems)}.`,
  ],
  portalNoThemeDisplay: [10, () => 'window.Liferay.ThemeDisplay is missing'],
  portalNoId: [11, (getter: string) => `${getter}() gave no id`],
  portalNoSettings: [12, () => 'window.partnersNetworkSettings is missing or not an object'],
  portalBackButtonUrl: [13, () => 'backButtonUrl is missing or not a safe URL'],
  portalPictureShape: [14, () => 'the background picture is not { defaultUrl, sources }'],
  portalPictureUrl: [15, () => 'the background picture has an unsafe or empty defaultUrl'],

  // The custom element and its attributes (element.ts, readElementAttributes.ts).
  attributesIgnored: [
    16,
    (problems: readonly AnyText[]) => `ignoring attributes: ${list(problems)}.`,
  ],
  attributeNotAnAddress: [17, (name: string) => `${name} is not an http(s) address`],
  attributeNotANumber: [18, (name: string) => `${name} is not a number`],
  attributeNotALanguage: [19, () => 'language-id is not a language tag'],
  attributeSources: [20, () => 'background-sources is neither JSON nor "url 540w, ..."'],
  attributeSourcesAlone: [21, () => 'background-sources needs background-url'],
  attributeUrlState: [22, () => 'url-state is neither "url" nor "memory"'],
  attributeMessages: [23, () => 'messages is not JSON'],
  elementUrlTaken: [
    24,
    (element: string) =>
      `another <${element}> owns the URL: this one keeps its search in memory (say url-state="memory").`,
  ],
  elementUrlTwice: [
    25,
    (element: string) => `two <${element}> own the URL: give one url-state="memory".`,
  ],

  // The operator's messages (i18n/parseMessageOverrides.ts, a chunk): one warning a source.
  messagesIgnored: [
    26,
    (source: string, problems: readonly AnyText[]) =>
      `ignoring messages of ${source}: ${list(problems)}.`,
  ],
  messagePluralForm: [
    27,
    (id: string, form: string) => `${id}.${form} is not the text of a plural form`,
  ],
  messageNotAText: [28, (id: string) => `${id} is neither a text nor plural forms with "other"`],
  messageTooLong: [29, (id: string, max: number) => `${id} is longer than ${max} characters`],
  messagePlaceholders: [
    30,
    (id: string, unknown: readonly string[]) =>
      `${id} has placeholders the message does not have: {${unknown.join('}, {')}}`,
  ],
  messageKey: [
    31,
    (where: string, key: string) => `${where}"${key}" is neither a message id nor a language tag`,
  ],
  messagesNotAnObject: [32, () => 'it is not an object of message ids'],

  // The location field (hooks/useNearField.ts, a chunk); the error follows.
  nearNoSuggestions: [33, () => 'no city suggestions:'],

  // The page's errors (log.ts's logError): the search's failures are also the error state's
  // message (createSearchController.ts).
  searchFailed: [34, (why: string) => `the search failed: ${why}`],
  searchErrorFlag: [35, () => 'the search answered with its error flag set'],
  answerNotShown: [36, () => 'could not show the answer'],
  definitionsNotLoaded: [37, () => 'could not load the filter definitions.'],
  pageNotStarted: [38, () => 'the page could not start.'],
  pageFailed: [39, () => 'the page failed.'],
  elementNotStarted: [40, () => 'failed to start.'],
  // A catalogue (i18n/loadTranslator.ts: the page's, no part named; loadChunkTranslator.ts: a part's).
  messagesNotLoaded: [
    41,
    (part?: string) => `${part ? `${part} ` : ''}messages not loaded, showing en-US:`,
  ],
  operatorMessagesNotLoaded: [
    42,
    (part: string) => `operator's ${part} messages not loaded, showing the catalogue's:`,
  ],
  contactSetupFailed: [43, () => 'contact form setup failed:'],
  // readElementAttributes.ts: the chunk that reads background-sources did not come.
  attributeSourcesNotLoaded: [
    44,
    () => 'background-sources not read, showing background-url alone:',
  ],
} as const;

export type TextName = keyof typeof LOG_TEXTS;
/** A text's code: write `12 satisfies TextCode<'attributeNotANumber'>` where it is used. */
export type TextCode<N extends TextName> = (typeof LOG_TEXTS)[N][0];

const BY_CODE = new Map<number, (...data: never[]) => string>(Object.values(LOG_TEXTS));

function format([code, ...data]: AnyText): string {
  const words = BY_CODE.get(code);
  return words ? String(Reflect.apply(words, undefined, data)) : `text ${code}`;
}

/** A text in words. */
export const formatText: (text: LogText) => string = format;
