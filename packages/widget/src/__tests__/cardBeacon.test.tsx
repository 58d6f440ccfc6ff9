/**
 * The beacon of a card opened, from the page: opening a card's link by a click, Enter or
 * the middle button sends the answer's id and the card's place with navigator.sendBeacon
 * (stubbed: jsdom has none), and nothing else sends it. The server side is tested over
 * HTTP (packages/server, counting.test.ts) and in Chromium (e2e/insights.e2e.test.ts).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCriteriaSchema } from '@partners-network/contract';
import type { SearchResponse } from '@partners-network/contract';
import { renderSearchPage, testPortal } from '../test/renderSearchPage';

const portal = testPortal('https://api.test/');
const CLICKS_URL = 'https://api.test/o/preferred-partners/v1/1/2/clicks';

let withAnswerIds = true;
const server = setupServer(
  http.get('*/filter-groups', () =>
    HttpResponse.json({
      globalFilters: [{ name: 'all', label: 'All' }],
      defaultGlobalFilter: 'all',
      filterGroups: [],
    }),
  ),
  http.post('*/search', async ({ request }) => {
    const criteria = searchCriteriaSchema.parse(await request.json());
    const partners = Array.from({ length: 10 }, (_, at) => {
      const n = criteria.offset + at;
      return {
        image: { url: `https://cdn.test/${n}.png` },
        categories: [],
        title: `Partner ${n}`,
        summary: `Summary of partner ${n}`,
        url: `https://portal.test/partners/${n}`,
      };
    });
    const body: SearchResponse = {
      partners,
      totalFound: 25,
      error: false,
      filterGroups: [],
      searchPartnersCriteria: { filterItemIds: [] },
      ...(withAnswerIds ? { answerId: `page-at-${criteria.offset}` } : {}),
    };
    return HttpResponse.json(body);
  }),
);

const sendBeacon = vi.fn((_url: string | URL, _body?: BodyInit | null) => true);
/** jsdom does not navigate: links stay on the page, as a new tab would leave it. */
const stayOnPage = (event: Event) => event.preventDefault();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  withAnswerIds = true;
  sendBeacon.mockClear();
  Object.defineProperty(window.navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  document.addEventListener('click', stayOnPage);
});
afterEach(() => {
  server.resetHandlers();
  document.removeEventListener('click', stayOnPage);
  Reflect.deleteProperty(window.navigator, 'sendBeacon');
});
afterAll(() => server.close());

async function openPage() {
  const user = renderSearchPage(portal);
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
  return user;
}

function beacons(): unknown[] {
  return sendBeacon.mock.calls.map(([url, body]) => [String(url), JSON.parse(String(body))]);
}

describe('the beacon of a card opened', () => {
  it('sends the answer id and the place of a card whose link is clicked', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('link', { name: 'Partner 2' }));
    expect(beacons()).toEqual([[CLICKS_URL, { answerId: 'page-at-0', position: 3 }]]);
  });

  it('counts a card Load More added with the id of its own page, and one opened with Enter or the middle button', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    // Focus goes to the first new card once it is painted; the visitor goes on from there.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Partner 10' })).toHaveFocus());
    fireEvent(
      screen.getByRole('link', { name: 'Partner 11' }),
      new MouseEvent('auxclick', { bubbles: true, button: 1 }),
    );
    screen.getByRole('link', { name: 'Partner 0' }).focus();
    await user.keyboard('{Enter}');
    expect(beacons()).toEqual([
      [CLICKS_URL, { answerId: 'page-at-10', position: 12 }],
      [CLICKS_URL, { answerId: 'page-at-0', position: 1 }],
    ]);
  });

  it('sends nothing for the context menu button, a click beside the links, or an answer without an id', async () => {
    const user = await openPage();
    fireEvent(
      screen.getByRole('link', { name: 'Partner 1' }),
      new MouseEvent('auxclick', { bubbles: true, button: 2 }),
    );
    await user.click(screen.getByRole('status'));
    expect(sendBeacon).not.toHaveBeenCalled();

    withAnswerIds = false;
    await user.click(screen.getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    await user.click(screen.getByRole('link', { name: 'Partner 12' }));
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
