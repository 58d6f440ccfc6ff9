import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../test/logsWritten';
import {
  backButtonHref,
  buildPartnerHref,
  parseHashRoute,
  readLocationParams,
  writeRoute,
} from '../locationParams';
import { encodeSavedSearch } from '../writeLocation';
import type { SavedSearch } from '../types';

const saved: SavedSearch = {
  globalFilter: 'services',
  filterItemIds: [1],
  text: 'Crème brûlée',
  offset: 10,
  resultsPerPage: 10,
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('parseHashRoute', () => {
  it.each([
    ['', ''],
    ['#', ''],
    ['#/', ''],
    ['#?filter=a', ''],
    ['#/?filter=a', ''],
    ['#/search', '/search'],
    ['#/search?filter=a', '/search'],
    ['#search', '/search'],
    ['#/other/path?x=1', '/other/path'],
  ])('reads the path of %j as %j', (hash, path) => {
    expect(parseHashRoute(hash).path).toBe(path);
  });
});

describe('readLocationParams', () => {
  it('reads filter, page and search from the hash query', () => {
    const params = readLocationParams({
      hash: `#/search?filter=Tech&page=partners&search=${encodeURIComponent(encodeSavedSearch(saved))}`,
      search: '',
    });
    expect(params).toEqual({
      filter: 'Tech',
      page: 'partners',
      savedSearch: saved,
      extraParams: [],
    });
  });

  it("falls back to the page's own query for names the hash lacks", () => {
    const params = readLocationParams({
      hash: '#/search?filter=fromHash',
      search: '?filter=fromPage&page=home',
    });
    expect(params.filter).toBe('fromHash');
    expect(params.page).toBe('home');
  });

  it('keeps every other parameter in order, hash first, without names the hash already gave', () => {
    const params = readLocationParams({
      hash: '#/search?utm_source=mail&filter=a&tag=1&tag=2',
      search: '?utm_source=page&utm_medium=x&page=p&ref=a%26b',
    });
    expect(params.extraParams).toEqual([
      ['utm_source', 'mail'],
      ['tag', '1'],
      ['tag', '2'],
      ['utm_medium', 'x'],
      ['ref', 'a&b'],
    ]);
  });

  it('starts from defaults (with a warning) when search is unusable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      readLocationParams({ hash: '#/search?search=garbage!', search: '' }).savedSearch,
    ).toBeNull();
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: ignoring the search parameter: it is not base64.',
    );
  });

  it('treats empty values as absent', () => {
    expect(readLocationParams({ hash: '#/search?filter=&page=&search=', search: '' })).toEqual({
      filter: null,
      page: null,
      savedSearch: null,
      extraParams: [],
    });
  });
});

describe('writeRoute', () => {
  it.each([
    ['/p', '#/search'],
    ['/p#', '#/search'],
    ['/p#/', '#/search'],
    ['/p#?filter=a&x=%C3%A9', '#/search?filter=a&x=%C3%A9'],
  ])('sends the empty route %j to %j without a history entry', (url, hash) => {
    window.history.replaceState(null, '', url);
    const length = window.history.length;
    writeRoute();
    expect(window.location.hash).toBe(hash);
    expect(window.location.pathname).toBe('/p');
    expect(window.history.length).toBe(length);
  });

  it.each(['/p#/elsewhere?x=1', '/p#/search?q=a%20b&search=kept&page=p'])(
    'leaves any other route, its query spelled as it was, alone: %j',
    (url) => {
      window.history.replaceState(null, '', url);
      writeRoute();
      expect(`${window.location.pathname}${window.location.hash}`).toBe(url);
    },
  );

  it('sets the search parameter of the hash query, keeping the rest, without a history entry', () => {
    window.history.replaceState(null, '', '/p?own=1#/search?utm=a&search=old');
    const length = window.history.length;
    writeRoute(window, encodeSavedSearch(saved));
    expect(window.history.length).toBe(length);
    expect(window.location.search).toBe('?own=1');
    const params = readLocationParams(window.location);
    expect(params.savedSearch).toEqual(saved);
    expect(params.extraParams).toEqual([
      ['utm', 'a'],
      ['own', '1'],
    ]);
    expect(window.location.hash.startsWith('#/search?utm=a&search=')).toBe(true);
  });

  it('sends an empty route to #/search with the saved search', () => {
    window.history.replaceState(null, '', '/p#?filter=a');
    writeRoute(window, encodeSavedSearch(saved));
    expect(window.location.hash).toBe(
      `#/search?filter=a&search=${encodeURIComponent(encodeSavedSearch(saved))}`,
    );
  });
});

describe('buildPartnerHref', () => {
  it('returns the link as it is without extra parameters', () => {
    expect(buildPartnerHref('https://p.example/a?b=1#c', [])).toBe('https://p.example/a?b=1#c');
  });

  it("appends the parameters URL-encoded, keeping the link's own query and fragment", () => {
    expect(
      buildPartnerHref('https://p.example/a?q=x%20y&flag#section', [
        ['utm_source', 'news letter'],
        ['ref', 'a&b=c#d'],
        ['é', 'ü'],
      ]),
    ).toBe(
      'https://p.example/a?q=x%20y&flag&utm_source=news+letter&ref=a%26b%3Dc%23d&%C3%A9=%C3%BC#section',
    );
  });

  it('starts a query when the link has none', () => {
    expect(buildPartnerHref('https://p.example/a#top', [['x', '1']])).toBe(
      'https://p.example/a?x=1#top',
    );
  });
});

describe('backButtonHref', () => {
  it.each([
    ['https://portal.example/home', null, 'https://portal.example/home'],
    ['https://portal.example/home', 'partners', 'https://portal.example/home/partners'],
    ['https://portal.example/home/', 'partners', 'https://portal.example/home/partners'],
    ['https://portal.example', 'partners', 'https://portal.example/partners'],
    ['/', 'partners', '/partners'],
    ['/home?lang=fr#top', 'partners', '/home/partners?lang=fr#top'],
    ['/home', 'a/b c?d#e', '/home/a%2Fb%20c%3Fd%23e'],
    ['/home', '..', '/home'],
  ])('%j + page %j = %j', (url, page, expected) => {
    expect(backButtonHref(url, page)).toBe(expected);
  });
});
