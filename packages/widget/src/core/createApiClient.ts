/**
 * The two calls of SPEC 7. Every answer is parsed with the contract's schemas (their
 * generated data twins and `parseData`, so zod stays out of the bundle), so the rest
 * of the widget only ever sees well-formed data; anything else becomes an ApiError
 * with a message meant for the console (its words are a chunk, core/logTexts.ts, loaded
 * only when a call fails).
 */
import {
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  clicksPath,
  filterDefinitionsDataSchema,
  filterGroupsPath,
  parseData,
  problemDataSchema,
  readCookie,
  searchPath,
  searchResponseDataSchema,
} from '@partners-network/contract';
import type {
  DataSchema,
  FilterDefinitions,
  LocatedSearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { ApiError, createApiError } from './ApiError';
import { describeError } from './log';
import type { TextCode } from './logTexts';
import { DEFAULT_LOCALE } from './types';
import type { PortalContext } from './types';

/** The portal's CSRF header (Liferay.authToken). */
export const AUTH_TOKEN_HEADER_NAME = 'x-csrf-token';

export interface ApiClient {
  fetchFilterDefinitions(signal?: AbortSignal): Promise<FilterDefinitions>;
  searchPartners(criteria: LocatedSearchCriteria, signal?: AbortSignal): Promise<SearchResponse>;
  /** The beacon of a card opened: its answer's id and its place in the list (from 1). */
  sendClick?(answerId: string, position: number): void;
}

export interface ApiClientOptions {
  portal: PortalContext;
  fetch?: typeof fetch;
  /** The page the widget runs in: base of relative URLs, origin check and cookies. */
  win?: Window;
}

/** Calls the API: parses the answer with `schema`, throws an ApiError otherwise. */
export type ApiCaller = <T>(
  method: 'GET' | 'POST',
  path: string,
  schema: DataSchema<T>,
  body: unknown,
  signal: AbortSignal | undefined,
) => Promise<T>;

/**
 * The one way the page calls its API (the search client here, the contact form's chunk):
 * the locale, the anti-forgery headers to its own origin only, and every answer parsed.
 */
export function createApiCaller({
  portal,
  fetch: fetchImpl,
  win = window,
}: ApiClientOptions): ApiCaller {
  // The portal gives '' when it has no language id; the API then gets the default locale.
  const locale = portal.languageId || DEFAULT_LOCALE;
  const apiBase = portal.apiBaseUrl.replace(/\/+$/, '');

  return async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: DataSchema<T>,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    let url: URL;
    try {
      url = new URL(apiBase + path, win.document.baseURI);
    } catch (error) {
      throw await createApiError(
        'network',
        [0 satisfies TextCode<'apiAddress'>, apiBase + path],
        null,
        error,
      );
    }
    url.searchParams.set('locale', locale);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': locale,
    };
    // Anti-forgery tokens go only to our own origin, never to a third party.
    if (method !== 'GET' && url.origin === win.location.origin) {
      const xsrf = readCookie(win.document.cookie, XSRF_COOKIE_NAME);
      if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
      if (portal.authToken) headers[AUTH_TOKEN_HEADER_NAME] = portal.authToken;
    }
    const what = `${method} ${url.pathname}`;

    let response: Response | undefined;
    let text: string;
    try {
      response = await (fetchImpl ?? globalFetch)(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      // Aborted on purpose (a newer search): nobody reads it, no words to load.
      if (signal?.aborted) throw new ApiError('aborted', what, null, { cause: error });
      // No answer at all, or one that broke off on its way.
      throw await createApiError(
        'network',
        [1 satisfies TextCode<'apiNoAnswer'>, what, response !== undefined, describeError(error)],
        null,
        error,
      );
    }
    let data: unknown;
    let isJson = true;
    try {
      data = JSON.parse(text);
    } catch {
      isJson = false;
    }

    if (!response.ok) {
      const problem = parseData(problemDataSchema, data);
      throw await createApiError(
        'http',
        [
          2 satisfies TextCode<'apiHttp'>,
          what,
          response.status,
          problem.success ? problem.data.title : undefined,
        ],
        response.status,
      );
    }
    if (!isJson) {
      throw await createApiError(
        'notJson',
        [3 satisfies TextCode<'apiNotJson'>, what],
        response.status,
      );
    }
    const parsed = parseData(schema, data);
    if (!parsed.success) {
      throw await createApiError(
        'shape',
        [4 satisfies TextCode<'apiShape'>, what, parsed.issues],
        response.status,
        parsed.issues,
      );
    }
    return parsed.data;
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const call = createApiCaller(options);
  const { portal, win = window } = options;
  const scope = { companyId: portal.companyId, scopeGroupId: portal.scopeGroupId };
  return {
    fetchFilterDefinitions(signal) {
      return call('GET', filterGroupsPath(scope), filterDefinitionsDataSchema, undefined, signal);
    },
    searchPartners(criteria, signal) {
      return call('POST', searchPath(scope), searchResponseDataSchema, criteria, signal);
    },
    sendClick(answerId, position) {
      // A beacon outlives the page the link leaves; its address is relative to the document
      // as fetch's is, and a string goes as text/plain: another origin needs no preflight.
      win.navigator.sendBeacon?.(
        portal.apiBaseUrl.replace(/\/+$/, '') + clicksPath(scope),
        JSON.stringify({ answerId, position }),
      );
    },
  };
}

// Looked up at call time so a fetch patched later (tests, polyfills) is used.
const globalFetch: typeof fetch = (input, init) => fetch(input, init);
