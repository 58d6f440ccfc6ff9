/**
 * The address writer's chunk (the intent chunk) held back: what the visitor did before it
 * came still ends in the address once it has, the last list only, and nothing before an
 * action but the route.
 */
import { searchCriteriaSchema } from '@partners-network/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSearchController } from '../createSearchController';
import { readLocationParams } from '../locationParams';
import { SEARCH_URL, filterGroupsHandler, portal, searchAnswer } from './fixtures';

const chunk = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { arrived, open: () => open(), asked: 0 };
});

// The chunk comes once `chunk.open()` is called (a slow network).
vi.mock('../loadIntentChunk', () => ({
  loadIntentChunk: () => {
    chunk.asked += 1;
    return chunk.arrived.then(() => import('../../intentChunk'));
  },
}));

const server = setupServer(
  filterGroupsHandler(),
  http.post(SEARCH_URL, async ({ request }) =>
    HttpResponse.json(searchAnswer(searchCriteriaSchema.parse(await request.json()))),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => window.history.replaceState(null, '', '/'));
afterAll(() => server.close());

const painted = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('connectUrl, the writer not come yet', () => {
  it('writes the last list of the actions taken before it came, once it has', async () => {
    window.history.replaceState(null, '', '/page#?utm=a');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const c = createSearchController({
      portal,
      location: { filter: null, page: null, savedSearch: null, extraParams: [['utm', 'a']] },
      syncUrl: true,
    });
    await c.start();
    // The first answer: the route alone, written in the page script (no chunk asked for).
    await vi.waitFor(() => expect(window.location.hash).toBe('#/search?utm=a'));
    await painted();
    expect(chunk.asked).toBe(0);

    // Two actions, each answered and painted while the chunk is still on its way.
    c.toggleFilterItem(7);
    await vi.waitFor(() => expect(c.getState().selectedItemIds).toEqual([7]));
    await vi.waitFor(() => expect(c.getState().loading).toBe(false));
    c.loadMore();
    await vi.waitFor(() => expect(c.getState().cards).toHaveLength(20));
    await painted();
    // Asked for with each write (one fetch: the module map keeps it).
    expect(chunk.asked).toBe(2);
    expect(window.location.hash).toBe('#/search?utm=a');

    replaceState.mockClear();
    chunk.open();
    // One write, of the last list: item 7 ticked, 20 cards.
    await vi.waitFor(() =>
      expect(readLocationParams(window.location).savedSearch).toMatchObject({
        filterItemIds: [7],
        offset: 10,
        resultsPerPage: 10,
      }),
    );
    await painted();
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toMatch(/^#\/search\?utm=a&search=/);

    // Once it is in, the next action is written at once after its paint.
    c.toggleFilterItem(7);
    await vi.waitFor(() =>
      expect(readLocationParams(window.location).savedSearch).toMatchObject({
        filterItemIds: [],
        offset: 0,
      }),
    );
    c.dispose();
  });
});
