import { searchCriteriaSchema } from '@partners-network/contract';
import type { SearchCriteria } from '@partners-network/contract';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../test/logsWritten';
import { createSearchController } from '../createSearchController';
import type { SearchControllerOptions } from '../createSearchController';
import { readLocationParams } from '../locationParams';
import { selectCanLoadMore, selectShowNoResults } from '../selectors';
import type { LocationParams, SearchController } from '../types';
import {
  FILTER_GROUPS_URL,
  SEARCH_URL,
  definitions,
  filterGroupsHandler,
  portal,
  searchAnswer,
} from './fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noParams: LocationParams = { filter: null, page: null, savedSearch: null, extraParams: [] };

/** Every search body the fake API received, in order. */
let searches: SearchCriteria[] = [];
/** Requests held back until the test releases them (to make answers arrive out of order). */
let held: { criteria: SearchCriteria; release: () => void }[] = [];
let holdSearches = false;
let total = 35;

function searchHandler() {
  return http.post(SEARCH_URL, async ({ request }) => {
    const criteria = searchCriteriaSchema.parse(await request.json());
    searches.push(criteria);
    if (holdSearches) {
      await new Promise<void>((release) => held.push({ criteria, release }));
    }
    return HttpResponse.json(searchAnswer(criteria, total));
  });
}

/** Waits until no search or load-more is in flight. */
async function settled(c: SearchController): Promise<void> {
  await vi.waitFor(() => {
    const { loading, loadingMore } = c.getState();
    expect(loading || loadingMore).toBe(false);
  });
}

let controller: SearchController | null = null;
function makeController(options: Partial<SearchControllerOptions> = {}): SearchController {
  controller = createSearchController({
    portal,
    location: noParams,
    syncUrl: false,
    ...options,
  });
  return controller;
}

beforeEach(() => {
  searches = [];
  held = [];
  holdSearches = false;
  total = 35;
  server.use(filterGroupsHandler(), searchHandler());
});
afterEach(() => {
  controller?.dispose();
  controller = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('start', () => {
  it('shows the initializing phase until the definitions load, then runs the first search', async () => {
    const c = makeController();
    expect(c.getState().phase).toBe('initializing');
    await c.start();
    const state = c.getState();
    expect(state.phase).toBe('ready');
    expect(state.globalFilters.map((filter) => filter.name)).toEqual([
      'all',
      'technology',
      'services',
    ]);
    expect(state.selectedGlobalFilter).toBe('technology');
    expect(searches).toEqual([
      { globalFilter: 'technology', text: '', filterItemIds: [], offset: 0, resultsPerPage: 10 },
    ]);
    expect(state.cards).toHaveLength(10);
    expect(state.cards[0]).toMatchObject({
      title: 'Partner 0',
      href: 'https://partners.example/p/0',
      imageUrl: 'http://localhost:3000/images/0.png',
      categories: ['Cloud'],
    });
    expect(state.totalFound).toBe(35);
    expect(state.filterGroups[0]?.name).toBe('Groups of technology');
  });

  it('starts once however often start() is called', async () => {
    const c = makeController();
    await Promise.all([c.start(), c.start()]);
    await c.start();
    expect(searches).toHaveLength(1);
  });

  it('awaits filter definitions already asked for instead of asking again', async () => {
    let asked = 0;
    server.use(
      http.get(FILTER_GROUPS_URL, () => {
        asked += 1;
        return HttpResponse.json(definitions);
      }),
    );
    const c = makeController({ filterDefinitions: Promise.resolve(definitions) });
    await c.start();
    expect(asked).toBe(0);
    expect(c.getState().selectedGlobalFilter).toBe('technology');
    expect(searches).toHaveLength(1);
  });

  it('logs filter definitions asked for ahead that failed, and still searches', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const c = makeController({ filterDefinitions: Promise.reject(new Error('offline')) });
    await c.start();
    // The line is written once its words are in (a chunk, core/logTexts.ts).
    await logsWritten();
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: could not load the filter definitions.',
      new Error('offline'),
    );
    expect(c.getState().phase).toBe('ready');
    expect(searches).toHaveLength(1);
  });

  it('returns the same state object until something changes (useSyncExternalStore)', async () => {
    const c = makeController();
    const before = c.getState();
    expect(c.getState()).toBe(before);
    const listener = vi.fn();
    c.subscribe(listener);
    await c.start();
    // Two changes: the first search on its way (one notification with its loading
    // flag), then its answer.
    expect(listener).toHaveBeenCalledTimes(2);
    const after = c.getState();
    expect(after).not.toBe(before);
    expect(c.getState()).toBe(after);
  });

  it.each([
    ['the filter parameter', { filter: 'SERVICES' }, 'services'],
    [
      'defaultGlobalFilter when the filter parameter names nothing',
      { filter: 'nope' },
      'technology',
    ],
    ['defaultGlobalFilter without a filter parameter', {}, 'technology'],
  ])('selects %s', async (_label, params, expected) => {
    const c = makeController({ location: { ...noParams, ...params } });
    await c.start();
    expect(c.getState().selectedGlobalFilter).toBe(expected);
    expect(searches[0]?.globalFilter).toBe(expected);
  });

  it('selects the first global filter when defaultGlobalFilter names none of them', async () => {
    server.use(filterGroupsHandler({ ...definitions, defaultGlobalFilter: 'gone' }));
    const c = makeController();
    await c.start();
    expect(c.getState().selectedGlobalFilter).toBe('all');
  });

  it('logs a network failure of the definitions to the console only', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/filter-groups', () => HttpResponse.error()));
    const c = makeController();
    await c.start();
    await logsWritten();
    expect(error).toHaveBeenCalledTimes(1);
    expect(c.getState()).toMatchObject({
      phase: 'ready',
      hasError: false,
      selectedGlobalFilter: null,
    });
    expect(searches[0]?.globalFilter).toBe('');
  });

  it('logs failed filter definitions to the console only and still searches', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/filter-groups', () => HttpResponse.json({ globalFilters: 'no' })));
    const c = makeController({ location: { ...noParams, filter: 'services' } });
    await c.start();
    await logsWritten();
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: could not load the filter definitions.',
      expect.objectContaining({ kind: 'shape' }),
    );
    const state = c.getState();
    expect(state.phase).toBe('ready');
    expect(state.hasError).toBe(false);
    expect(state.globalFilters).toEqual([]);
    expect(searches[0]?.globalFilter).toBe('services');
    expect(state.filterGroups[0]?.name).toBe('Groups of services');
  });
});

describe('searchEarly: the first search beside the definitions request', () => {
  /** Holds the definitions until the test releases them; counts the requests. */
  function holdDefinitions(body: JsonBodyType = definitions) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(FILTER_GROUPS_URL, async () => {
        await released;
        return HttpResponse.json(body);
      }),
    );
    return () => release();
  }

  /** A server that, like the real one, applies the site's default to an empty global filter. */
  function defaultingSearchHandler() {
    return http.post(SEARCH_URL, async ({ request }) => {
      const criteria = searchCriteriaSchema.parse(await request.json());
      searches.push(criteria);
      const applied = { ...criteria, globalFilter: criteria.globalFilter || 'technology' };
      return HttpResponse.json(searchAnswer(applied, total));
    });
  }

  it('asks both at once and shows the answer only once the definitions are in', async () => {
    server.use(defaultingSearchHandler());
    const release = holdDefinitions();
    const c = makeController({ searchEarly: true });
    const started = c.start();
    // The search went out while the definitions are still on their way...
    await vi.waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual({
      globalFilter: '',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ...and its answer waits for them (SPEC 4: the skeleton until they load).
    expect(c.getState()).toMatchObject({ phase: 'initializing', cards: [] });
    release();
    await started;
    expect(c.getState()).toMatchObject({ phase: 'ready', selectedGlobalFilter: 'technology' });
    expect(c.getState().cards).toHaveLength(10);
    // The server's default was the one the definitions pick: no second request.
    expect(searches).toHaveLength(1);
  });

  it('asks again when the definitions pick another global filter than the server applied', async () => {
    // The fake server applies '' as it is; the definitions pick 'technology'.
    const c = makeController({ searchEarly: true });
    await c.start();
    expect(searches.map((criteria) => criteria.globalFilter)).toEqual(['', 'technology']);
    expect(c.getState().filterGroups[0]?.name).toBe('Groups of technology');
  });

  it("sends the URL's global filter and a saved search's list early", async () => {
    const saved = { globalFilter: 'SERVICES', filterItemIds: [7], text: 'café', offset: 20 };
    const c = makeController({
      searchEarly: true,
      location: { ...noParams, filter: 'all', savedSearch: { ...saved, resultsPerPage: 10 } },
    });
    await c.start();
    // One request: the server applied the saved global filter the definitions pick too.
    expect(searches).toEqual([
      { globalFilter: 'SERVICES', text: 'café', filterItemIds: [7], offset: 0, resultsPerPage: 30 },
    ]);
    expect(c.getState().cards).toHaveLength(30);
  });

  it('shows the error panel when the early search fails, without asking twice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        searches.push(searchCriteriaSchema.parse(await request.json()));
        return HttpResponse.json({ status: 'INTERNAL_SERVER_ERROR', title: 'x' }, { status: 500 });
      }),
    );
    const c = makeController({ searchEarly: true, location: { ...noParams, filter: 'services' } });
    await c.start();
    expect(c.getState().phase).toBe('error');
    expect(searches).toHaveLength(1);
  });
});

describe('actions before the definitions arrive', () => {
  it('are kept for the first search, and a chosen global filter beats the default', async () => {
    const c = makeController({ location: { ...noParams, filter: 'all' } });
    c.selectGlobalFilter('services');
    c.toggleFilterItem(7);
    expect(searches).toHaveLength(0);
    await c.start();
    expect(searches).toEqual([
      { globalFilter: 'services', text: '', filterItemIds: [7], offset: 0, resultsPerPage: 10 },
    ]);
  });
});

describe('saved search', () => {
  const saved = {
    globalFilter: 'SERVICES',
    filterItemIds: [7],
    text: 'café',
    offset: 20,
    resultsPerPage: 10,
  };

  it('restores text, global filter and items with ONE request of offset 0', async () => {
    const c = makeController({ location: { ...noParams, filter: 'all', savedSearch: saved } });
    expect(c.getState().text).toBe('café');
    await c.start();
    expect(searches).toEqual([
      { globalFilter: 'services', text: 'café', filterItemIds: [7], offset: 0, resultsPerPage: 30 },
    ]);
    const state = c.getState();
    expect(state.cards).toHaveLength(30);
    expect(state.selectedItemIds).toEqual([7]);
    expect(state.selectedGlobalFilter).toBe('services');
  });

  it('continues Load More from the restored offset', async () => {
    const c = makeController({ location: { ...noParams, savedSearch: saved } });
    await c.start();
    c.loadMore();
    await vi.waitFor(() => expect(c.getState().cards).toHaveLength(35));
    expect(searches[1]).toMatchObject({ offset: 30, resultsPerPage: 10 });
    expect(c.getState().lastAddedCount).toBe(5);
    expect(selectCanLoadMore(c.getState())).toBe(false);
  });

  it('caps the restore request at 100 results', async () => {
    total = 500;
    const c = makeController({
      location: { ...noParams, savedSearch: { ...saved, offset: 400, resultsPerPage: 50 } },
    });
    await c.start();
    expect(searches[0]).toMatchObject({ offset: 0, resultsPerPage: 100 });
    c.loadMore();
    await vi.waitFor(() => expect(c.getState().cards).toHaveLength(110));
    expect(searches[1]).toMatchObject({ offset: 100, resultsPerPage: 10 });
  });

  it('writes the state to the hash so a reload shows the same cards', async () => {
    window.history.replaceState(null, '', '/page?x=1#/search?utm=a');
    const first = makeController({ syncUrl: true });
    await first.start();
    first.loadMore();
    await vi.waitFor(() => expect(first.getState().cards).toHaveLength(20));
    first.toggleFilterItem(7);
    await settled(first);
    expect(first.getState().cards).toHaveLength(10);
    first.loadMore();
    await vi.waitFor(() => expect(first.getState().cards).toHaveLength(20));
    // Written once the answer is painted: the list of 20 cards with item 7 ticked.
    await vi.waitFor(() =>
      expect(readLocationParams(window.location).savedSearch).toMatchObject({
        filterItemIds: [7],
        offset: 10,
      }),
    );
    expect(window.location.hash).toMatch(/^#\/search\?utm=a&search=/);
    expect(window.location.search).toBe('?x=1');
    first.dispose();

    // "Reload": a new controller reads the URL the first one left.
    searches = [];
    const second = makeController({ location: readLocationParams(window.location) });
    await second.start();
    expect(searches).toEqual([
      { globalFilter: 'technology', text: '', filterItemIds: [7], offset: 0, resultsPerPage: 20 },
    ]);
    expect(second.getState().cards).toHaveLength(20);
    window.history.replaceState(null, '', '/');
  });

  it('redirects an empty route to #/search when it owns the URL, and writes no list before an action', async () => {
    window.history.replaceState(null, '', '/page#?filter=all');
    const c = makeController({ syncUrl: true });
    await c.start();
    // The first answer writes the route alone, once it is painted: the address gives that list.
    await vi.waitFor(() => expect(window.location.hash).toBe('#/search?filter=all'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.hash).toBe('#/search?filter=all');
    // The visitor's first action writes its list.
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(window.location.hash).toMatch(/^#\/search\?filter=all&search=/));
    expect(readLocationParams(window.location).savedSearch).toMatchObject({ filterItemIds: [7] });
    window.history.replaceState(null, '', '/');
  });

  it('leaves a shared saved search and the other parameters as they are until an action', async () => {
    const shared = '/page#/search?search=not%20base64&page=p&utm=a%20b';
    window.history.replaceState(null, '', shared);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const c = makeController({ syncUrl: true, location: readLocationParams(window.location) });
    await c.start();
    expect(c.getState().cards).toHaveLength(10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(`${window.location.pathname}${window.location.hash}`).toBe(shared);
    window.history.replaceState(null, '', '/');
  });

  it('redirects an empty route once a failed first search has settled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(SEARCH_URL, () =>
        HttpResponse.json({ status: 'INTERNAL_SERVER_ERROR', title: 'x' }, { status: 500 }),
      ),
    );
    window.history.replaceState(null, '', '/page#?filter=all');
    const c = makeController({ syncUrl: true });
    await c.start();
    expect(c.getState().phase).toBe('error');
    await vi.waitFor(() => expect(window.location.hash).toBe('#/search?filter=all'));
    window.history.replaceState(null, '', '/');
  });

  it("keeps the visitor's text in the URL when the server goes away mid-search", async () => {
    window.history.replaceState(null, '', '/page#/search');
    const c = makeController({ syncUrl: true });
    await c.start();
    c.loadMore();
    await vi.waitFor(() => expect(window.location.hash).toMatch(/search=/));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(SEARCH_URL, () => HttpResponse.error()));
    c.submitText('cloud');
    try {
      await vi.waitFor(() => expect(c.getState().phase).toBe('error'), { timeout: 3000 });
      // A reload after the error panel tries "cloud" again, not the list shown before it.
      await vi.waitFor(() =>
        expect(readLocationParams(window.location).savedSearch).toMatchObject({
          text: 'cloud',
          offset: 0,
        }),
      );
      // Back online, an answer writes its list; the next failure writes its own text again.
      server.use(searchHandler());
      c.submitText('data');
      await vi.waitFor(() => expect(c.getState().phase).toBe('ready'));
      await vi.waitFor(() =>
        expect(readLocationParams(window.location).savedSearch).toMatchObject({ text: 'data' }),
      );
      server.use(http.post(SEARCH_URL, () => HttpResponse.error()));
      c.submitText('web');
      await vi.waitFor(() =>
        expect(readLocationParams(window.location).savedSearch).toMatchObject({ text: 'web' }),
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps working when the browser refuses replaceState', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window.history, 'replaceState').mockImplementation(() => {
      throw new DOMException('too many calls', 'SecurityError');
    });
    const c = makeController({ syncUrl: true });
    await c.start();
    expect(c.getState()).toMatchObject({ phase: 'ready', loading: false });
    expect(c.getState().cards).toHaveLength(10);
    // The first answer's write, the empty route's redirect: refused.
    const refused = ['Partners Network: could not update the URL.', expect.any(DOMException)];
    await vi.waitFor(() => expect(warn.mock.calls).toEqual([refused]));
  });

  it('leaves the URL alone without syncUrl', async () => {
    window.history.replaceState(null, '', '/page#');
    const c = makeController();
    await c.start();
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/');
  });
});

describe('search text', () => {
  it('debounces submits by 600 ms: several inside the window make one search, the last wins', async () => {
    const c = makeController();
    await c.start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText('clo');
    vi.advanceTimersByTime(300);
    c.submitText('  cloud  ');
    vi.advanceTimersByTime(599);
    expect(searches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await settled(c);
    expect(searches).toHaveLength(2);
    expect(searches[1]).toEqual({
      globalFilter: 'technology',
      text: 'cloud',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    expect(c.getState().text).toBe('cloud');
  });

  it('emits nothing for a text that breaks the rules', async () => {
    const c = makeController();
    await c.start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText('cloud<script>');
    c.submitText('a'.repeat(151));
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searches).toHaveLength(1);
    expect(c.getState().text).toBe('');
  });

  it('a new text resets the offset after Load More; clearing emits an empty search', async () => {
    const c = makeController();
    await c.start();
    c.loadMore();
    await settled(c);
    expect(c.getState().cards).toHaveLength(20);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText("d'Été");
    vi.advanceTimersByTime(600);
    vi.useRealTimers();
    await settled(c);
    expect(searches[2]).toMatchObject({ text: "d'Été", offset: 0, resultsPerPage: 10 });
    expect(c.getState().cards).toHaveLength(10);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText('');
    vi.advanceTimersByTime(600);
    vi.useRealTimers();
    await settled(c);
    expect(searches[3]).toMatchObject({ text: '', offset: 0 });
    expect(c.getState().text).toBe('');
  });
});

describe('filters', () => {
  it('changing the global filter clears items, resets paging and refreshes the panel', async () => {
    const c = makeController();
    await c.start();
    c.toggleFilterItem(7);
    await settled(c);
    c.loadMore();
    await settled(c);
    expect(c.getState().cards).toHaveLength(20);
    c.selectGlobalFilter('services');
    expect(c.getState().selectedItemIds).toEqual([]);
    await settled(c);
    expect(searches.at(-1)).toEqual({
      globalFilter: 'services',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    const state = c.getState();
    expect(state.selectedGlobalFilter).toBe('services');
    expect(state.cards).toHaveLength(10);
    expect(state.filterGroups.map((group) => group.name)).toEqual(['Groups of services']);
  });

  it('toggling an item adds then removes its id and resets the offset', async () => {
    const c = makeController();
    await c.start();
    c.loadMore();
    await settled(c);
    c.toggleFilterItem(7);
    expect(c.getState().selectedItemIds).toEqual([7]);
    await settled(c);
    expect(searches.at(-1)).toMatchObject({ filterItemIds: [7], offset: 0, resultsPerPage: 10 });
    c.toggleFilterItem(8);
    await settled(c);
    expect(searches.at(-1)).toMatchObject({ filterItemIds: [7, 8] });
    c.toggleFilterItem(7);
    await settled(c);
    expect(searches.at(-1)).toMatchObject({ filterItemIds: [8] });
    expect(c.getState().selectedItemIds).toEqual([8]);
  });

  it('takes the global filter the server says it applied', async () => {
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        searches.push(criteria);
        return HttpResponse.json(searchAnswer({ ...criteria, globalFilter: 'all' }));
      }),
    );
    const c = makeController();
    await c.start();
    expect(searches[0]?.globalFilter).toBe('technology');
    expect(c.getState().selectedGlobalFilter).toBe('all');
  });

  it('keeps the ids the server says it applied', async () => {
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        searches.push(criteria);
        // The server drops an id it does not know.
        return HttpResponse.json(
          searchAnswer({
            ...criteria,
            filterItemIds: criteria.filterItemIds.filter((id) => id !== 99),
          }),
        );
      }),
    );
    const c = makeController();
    await c.start();
    c.toggleFilterItem(99);
    await settled(c);
    expect(searches.at(-1)?.filterItemIds).toEqual([99]);
    expect(c.getState().selectedItemIds).toEqual([]);
  });

  it('reset all clears items and text, cancels a pending text, and searches', async () => {
    const c = makeController({
      location: {
        ...noParams,
        savedSearch: {
          globalFilter: 'all',
          filterItemIds: [7],
          text: 'cloud',
          offset: 0,
          resultsPerPage: 10,
        },
      },
    });
    await c.start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText('pending');
    c.resetAll();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await settled(c);
    expect(searches).toHaveLength(2);
    expect(searches[1]).toEqual({
      globalFilter: 'all',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    expect(c.getState()).toMatchObject({
      text: '',
      selectedItemIds: [],
      selectedGlobalFilter: 'all',
    });
  });
});

describe('load more', () => {
  it('appends the next 10 and reports how many came', async () => {
    const c = makeController();
    await c.start();
    expect(selectCanLoadMore(c.getState())).toBe(true);
    c.loadMore();
    expect(c.getState().loadingMore).toBe(true);
    await settled(c);
    const state = c.getState();
    expect(searches[1]).toMatchObject({ offset: 10, resultsPerPage: 10 });
    expect(state.cards.map((card) => card.title).slice(8, 12)).toEqual([
      'Partner 8',
      'Partner 9',
      'Partner 10',
      'Partner 11',
    ]);
    expect(new Set(state.cards.map((card) => card.key)).size).toBe(20);
    expect(state.lastAddedCount).toBe(10);
  });

  it('never adds twice when pressed again while in flight', async () => {
    const c = makeController();
    await c.start();
    c.loadMore();
    c.loadMore();
    c.loadMore();
    await settled(c);
    expect(searches).toHaveLength(2);
    expect(c.getState().cards).toHaveLength(20);
  });

  it('is ignored while a new search is in flight', async () => {
    const c = makeController();
    await c.start();
    c.toggleFilterItem(7);
    c.loadMore();
    await settled(c);
    expect(searches).toHaveLength(2);
    expect(c.getState().cards).toHaveLength(10);
  });

  it('is ignored when everything is loaded', async () => {
    total = 10;
    const c = makeController();
    await c.start();
    expect(selectCanLoadMore(c.getState())).toBe(false);
    c.loadMore();
    await settled(c);
    expect(searches).toHaveLength(1);
  });
});

describe('only the latest search counts', () => {
  it('ignores an older answer that arrives after a newer one', async () => {
    const c = makeController();
    await c.start();
    holdSearches = true;
    c.toggleFilterItem(7);
    c.selectGlobalFilter('services');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    // The newer answer first, then the stale one.
    held[1]?.release();
    await settled(c);
    expect(c.getState().selectedGlobalFilter).toBe('services');
    const cardsAfterNewer = c.getState().cards;
    held[0]?.release();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(c.getState().cards).toBe(cardsAfterNewer);
    expect(c.getState().filterGroups[0]?.name).toBe('Groups of services');
  });

  it('drops a stale answer even from a client that ignores abort', async () => {
    const pending: { criteria: SearchCriteria; resolve: () => void }[] = [];
    const c = makeController({
      api: {
        fetchFilterDefinitions: async () => definitions,
        searchPartners: (criteria) =>
          new Promise((resolve) => {
            pending.push({ criteria, resolve: () => resolve(searchAnswer(criteria)) });
            if (pending.length === 1) pending[0]?.resolve();
          }),
      },
    });
    await c.start();
    c.selectGlobalFilter('all');
    c.selectGlobalFilter('services');
    pending[2]?.resolve();
    await settled(c);
    pending[1]?.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(c.getState().selectedGlobalFilter).toBe('services');
    expect(c.getState().filterGroups[0]?.name).toBe('Groups of services');
  });

  it('aborts the request a newer search replaces', async () => {
    const aborted: boolean[] = [];
    const c = makeController();
    await c.start();
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        searches.push(criteria);
        await new Promise((resolve) => setTimeout(resolve, 30));
        aborted.push(request.signal.aborted);
        return HttpResponse.json(searchAnswer(criteria));
      }),
    );
    c.toggleFilterItem(7);
    c.toggleFilterItem(8);
    await vi.waitFor(() => expect(aborted).toHaveLength(2));
    await settled(c);
    expect(aborted).toEqual([true, false]);
    expect(c.getState().selectedItemIds).toEqual([7, 8]);
  });

  it('a new search replaces a Load More in flight', async () => {
    const c = makeController();
    await c.start();
    holdSearches = true;
    c.loadMore();
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[0]?.release();
    held[1]?.release();
    await settled(c);
    expect(c.getState().cards).toHaveLength(10);
    expect(c.getState().lastAddedCount).toBe(0);
  });
});

describe('errors', () => {
  it('an answer with the error flag shows the error phase and logs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        return HttpResponse.json({ ...searchAnswer(criteria), error: true });
      }),
    );
    const c = makeController();
    await c.start();
    expect(c.getState()).toMatchObject({ phase: 'error', hasError: true, loading: false });
    expect(c.getState().errorMessage).toBe('the search answered with its error flag set');
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: the search answered with its error flag set',
    );
  });

  it.each([
    ['a malformed answer', 'shape', () => HttpResponse.json({ partners: 'nope' })],
    ['a body that is not JSON', 'notJson', () => new HttpResponse('<html>', { status: 200 })],
    [
      'an HTTP 500',
      'http',
      () => HttpResponse.json({ status: '500', title: 'Boom' }, { status: 500 }),
    ],
    ['a network failure', 'network', () => HttpResponse.error()],
  ])('%s shows the error phase and goes to console.error', async (_label, kind, answer) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(SEARCH_URL, answer));
    const c = makeController();
    await c.start();
    expect(c.getState()).toMatchObject({ phase: 'error', hasError: true });
    const [logged] = error.mock.calls;
    expect(error).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([
      `Partners Network: ${c.getState().errorMessage}`,
      expect.objectContaining({ name: 'ApiError', kind }),
    ]);
    expect(c.getState().errorMessage).toMatch(/^the search failed: POST \/o\/preferred-partners\//);
  });

  it('a failed Load More also shows the error phase', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = makeController();
    await c.start();
    server.use(http.post(SEARCH_URL, () => HttpResponse.json({}, { status: 503 })));
    c.loadMore();
    await settled(c);
    expect(c.getState()).toMatchObject({ phase: 'error', hasError: true, loadingMore: false });
  });

  it('setError and setLoading follow the shared UI state rules', async () => {
    const c = makeController();
    expect(c.getState()).toMatchObject({ loading: false, errorMessage: '', hasError: false });
    c.setError('broken');
    expect(c.getState()).toMatchObject({ errorMessage: 'broken', hasError: true, phase: 'error' });
    c.setError('');
    expect(c.getState()).toMatchObject({
      errorMessage: '',
      hasError: false,
      phase: 'initializing',
    });
    c.setError('again');
    c.setError();
    expect(c.getState().hasError).toBe(false);
    c.setError('again');
    c.setError(null);
    expect(c.getState().hasError).toBe(false);
    c.setLoading(true);
    expect(c.getState().loading).toBe(true);
    c.setLoading(false);
    expect(c.getState().loading).toBe(false);
  });
});

describe('state invariants', () => {
  it('every state a listener sees has hasError === (errorMessage !== "") and the error phase with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: ReturnType<SearchController['getState']>[] = [];
    const c = makeController();
    c.subscribe(() => seen.push(c.getState()));
    await c.start();
    server.resetHandlers(
      filterGroupsHandler(),
      http.post(SEARCH_URL, () => HttpResponse.json({}, { status: 500 })),
    );
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(c.getState().phase).toBe('error'));
    server.resetHandlers(filterGroupsHandler(), searchHandler());
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(c.getState().phase).toBe('ready'));
    // One notification per change: each search on its way, then its answer or failure.
    expect(seen.map((state) => [state.phase, state.loading])).toEqual([
      ['ready', true],
      ['ready', false],
      ['ready', true],
      ['error', false],
      // The retry is on its way while the error panel still shows.
      ['error', true],
      ['ready', false],
    ]);
    for (const state of seen) {
      // Never "ready, idle and empty" on the way to a list: that would flash no-results.
      expect(selectShowNoResults(state)).toBe(false);
      expect(state.hasError).toBe(state.errorMessage !== '');
      expect(state.phase === 'error').toBe(state.hasError);
    }
    expect(c.getState()).toMatchObject({ hasError: false, errorMessage: '', loading: false });
  });
});

describe('dispose', () => {
  it('aborts the request in flight, drops its answer and clears the debounce', async () => {
    const c = makeController();
    await c.start();
    holdSearches = true;
    const listener = vi.fn();
    c.subscribe(listener);
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.submitText('later');
    c.dispose();
    listener.mockClear();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    held[0]?.release();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(searches).toHaveLength(2);
    expect(listener).not.toHaveBeenCalled();
    expect(c.getState().loading).toBe(true);
  });

  it('a dispose during start-up sends no search', async () => {
    const c = makeController();
    const started = c.start();
    c.dispose();
    await started;
    expect(searches).toHaveLength(0);
  });
});
