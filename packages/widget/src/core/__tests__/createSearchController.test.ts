import { searchCriteriaSchema } from '@partners-network/contract';
import type { SearchCriteria } from '@partners-network/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchController } from '../createSearchController';
import type { SearchControllerOptions } from '../createSearchController';
import { encodeSavedSearch } from '../savedSearch';
import { readLocationParams } from '../locationParams';
import { selectCanLoadMore } from '../selectors';
import type { LocationParams, SearchController } from '../types';
import { SEARCH_URL, definitions, filterGroupsHandler, portal, searchAnswer } from './fixtures';

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

  it('returns the same state object until something changes (useSyncExternalStore)', async () => {
    const c = makeController();
    const before = c.getState();
    expect(c.getState()).toBe(before);
    const listener = vi.fn();
    c.subscribe(listener);
    await c.start();
    expect(listener).toHaveBeenCalled();
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

  it('logs failed filter definitions to the console only and still searches', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/filter-groups', () => HttpResponse.json({ globalFilters: 'no' })));
    const c = makeController({ location: { ...noParams, filter: 'services' } });
    await c.start();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('filter definitions'),
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

  it('redirects an empty route to #/search when it owns the URL', async () => {
    window.history.replaceState(null, '', '/page#?filter=all');
    const c = makeController({ syncUrl: true });
    await c.start();
    expect(window.location.hash).toMatch(/^#\/search\?filter=all&search=/);
    window.history.replaceState(null, '', '/');
  });

  it('leaves the URL alone without syncUrl', async () => {
    window.history.replaceState(null, '', '/page#');
    const c = makeController();
    await c.start();
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/');
  });
});
