import { searchCriteriaSchema } from '@partners-network/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FILTER_GROUPS_URL,
  SEARCH_URL,
  definitions,
  portal,
  searchAnswer,
} from '../../core/__tests__/fixtures';
import type { LocationParams } from '../../core/types';
import { useSearchController } from '../useSearchController';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const location: LocationParams = {
  filter: null,
  page: 'partners',
  savedSearch: null,
  extraParams: [],
};
let definitionRequests = 0;
let searchRequests = 0;
let searchesAborted = 0;

beforeEach(() => {
  definitionRequests = 0;
  searchRequests = 0;
  searchesAborted = 0;
  server.use(
    http.get(FILTER_GROUPS_URL, () => {
      definitionRequests++;
      return HttpResponse.json(definitions);
    }),
    http.post(SEARCH_URL, async ({ request }) => {
      searchRequests++;
      const criteria = searchCriteriaSchema.parse(await request.json());
      request.signal.addEventListener('abort', () => searchesAborted++);
      if (criteria.text === 'slow') await new Promise((resolve) => setTimeout(resolve, 200));
      return HttpResponse.json(searchAnswer(criteria, 1234));
    }),
  );
});

// A wrapper component returning <StrictMode> does not double-run effects in React 19;
// RTL's reactStrictMode puts StrictMode at the root, where it does.
const strict = { reactStrictMode: true };

const options = { portal: { ...portal, languageId: 'de-DE' }, location, syncUrl: false };

describe('useSearchController', () => {
  it('starts once under StrictMode: one definitions request, one search', async () => {
    const { result } = renderHook(() => useSearchController(options), strict);
    expect(result.current.state.phase).toBe('initializing');
    await waitFor(() => expect(result.current.state.cards).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(definitionRequests).toBe(1);
    expect(searchRequests).toBe(1);
    expect(result.current.announcement).toEqual({
      loaded: 10,
      total: 1234,
      addedCount: 0,
      globalFilterLabel: 'Technology',
      itemNames: [],
      text: '',
    });
    expect(result.current.canLoadMore).toBe(true);
    expect(result.current.backHref).toBe('/home/partners');
    expect(result.current.portal.languageId).toBe('de-DE');
  });

  it('gives actions that stay the same object and drive the state', async () => {
    const { result } = renderHook(() => useSearchController(options), strict);
    await waitFor(() => expect(result.current.state.cards).toHaveLength(10));
    const actions = result.current.actions;
    act(() => actions.loadMore());
    expect(result.current.state.loadingMore).toBe(true);
    await waitFor(() => expect(result.current.state.cards).toHaveLength(20));
    expect(result.current.actions).toBe(actions);
    act(() => actions.toggleFilterItem(7));
    expect(result.current.state.selectedItemIds).toEqual([7]);
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(result.current.state.cards).toHaveLength(10);
  });

  it('disposes on unmount: the search in flight is aborted and nothing updates after', async () => {
    const { result, unmount } = renderHook(
      () =>
        useSearchController({
          ...options,
          location: {
            ...location,
            savedSearch: {
              globalFilter: 'all',
              filterItemIds: [],
              text: 'slow',
              offset: 0,
              resultsPerPage: 10,
            },
          },
        }),
      strict,
    );
    await waitFor(() => expect(result.current.state.loading).toBe(true));
    unmount();
    await waitFor(() => expect(searchesAborted).toBe(1));
    expect(searchRequests).toBe(1);
  });
});
