/**
 * Hash routing and query parameters (SPEC 2). The route lives in the hash
 * (`#/search?filter=...`); the three known names are read from the hash query first
 * and from the page's own query string when absent there. Every other parameter is
 * passed on to partner links.
 */
import { decodeSavedSearch } from './savedSearch';
import type { LocationParams } from './types';

export const SEARCH_ROUTE = '/search';
const KNOWN_NAMES = ['filter', 'page', 'search'] as const;

export interface HashRoute {
  /** '' for an empty route ('', '#', '#/'), else the path with its leading '/'. */
  path: string;
  query: URLSearchParams;
}

export function parseHashRoute(hash: string): HashRoute {
  const withoutHash = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryStart = withoutHash.indexOf('?');
  const rawPath = queryStart === -1 ? withoutHash : withoutHash.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : withoutHash.slice(queryStart + 1));
  const path =
    rawPath === '' || rawPath === '/' ? '' : rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  return { path, query };
}

function formatHash(path: string, query: URLSearchParams): string {
  const queryString = query.toString();
  return `#${path || SEARCH_ROUTE}${queryString ? `?${queryString}` : ''}`;
}

export function readLocationParams(location: Pick<Location, 'hash' | 'search'>): LocationParams {
  const hashQuery = parseHashRoute(location.hash).query;
  const pageQuery = new URLSearchParams(location.search);
  const read = (name: string): string | null => hashQuery.get(name) ?? pageQuery.get(name);

  const extraParams: [string, string][] = [];
  const taken = new Set<string>(KNOWN_NAMES);
  for (const query of [hashQuery, pageQuery]) {
    const takenHere = new Set<string>();
    for (const [name, value] of query) {
      // A name repeated inside one query is kept (a=1&a=2); the page query never
      // adds a name the hash already gave.
      if (taken.has(name)) continue;
      takenHere.add(name);
      extraParams.push([name, value]);
    }
    for (const name of takenHere) taken.add(name);
  }

  const search = read('search');
  return {
    filter: read('filter') || null,
    page: read('page') || null,
    savedSearch: search ? decodeSavedSearch(search) : null,
    extraParams,
  };
}

/**
 * Writes the hash without a history entry. An empty route ('', '#', '#/') becomes
 * '#/search', keeping the query; any other path stays as it is (it shows the page too),
 * and so does the address when there is no `search` to set. With `search` (a saved search
 * as base64, writeLocation.ts), it is set as the hash query's `search` parameter.
 */
export function writeRoute(win: Window = window, search?: string): void {
  const { path, query } = parseHashRoute(win.location.hash);
  if (search) query.set('search', search);
  // Untouched when nothing changes: a query is written back as URLSearchParams spells it.
  else if (path) return;
  const hash = formatHash(path, query);
  if (hash !== win.location.hash) win.history.replaceState(win.history.state, '', hash);
}

/**
 * Appends the extra query parameters to a partner link, keeping the link's own
 * query and fragment. `url` must be absolute (sanitizeUrl gives absolute URLs).
 */
export function buildPartnerHref(url: string, extraParams: readonly [string, string][]): string {
  if (extraParams.length === 0) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const extra = new URLSearchParams([...extraParams]).toString();
  // Appending the encoded string keeps the link's own query exactly as written.
  const own = parsed.search.replace(/^\?/, '');
  parsed.search = own ? `${own}&${extra}` : extra;
  return parsed.href;
}

/** The back-button link with `page` appended as one path segment (SPEC 2). */
export function backButtonHref(backButtonUrl: string, page: string | null): string {
  if (!page || page === '.' || page === '..') return backButtonUrl;
  const tailStart = backButtonUrl.search(/[?#]/);
  const path = tailStart === -1 ? backButtonUrl : backButtonUrl.slice(0, tailStart);
  const tail = tailStart === -1 ? '' : backButtonUrl.slice(tailStart);
  return `${path.replace(/\/+$/, '')}/${encodeURIComponent(page)}${tail}`;
}
