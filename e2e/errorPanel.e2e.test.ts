/**
 * SPEC 2 'Error panel', 4 and 8: a failed search or an answer with its error flag
 * replaces the page with the generic error panel; a failed start-up is for the console.
 *
 * The real server answers every valid call correctly, so a failing answer cannot be
 * had from it: these tests, and only these, answer the browser's API call themselves
 * with `page.route` (an HTTP 500, the error flag, broken JSON, a dropped connection,
 * filter definitions of the wrong shape). Every other call goes to the real server.
 */
import type { ConsoleMessage, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isFilterGroupsCall, isSearchCall } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

const API_CALLS = '**/o/preferred-partners/v1/**';

/** The real server's answer with its error flag set. */
async function withErrorFlag(route: Route): Promise<void> {
  const response = await route.fetch();
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null)
    throw new Error('the search answer is not an object');
  await route.fulfill({ response, json: { ...body, error: true } });
}

/** Each failure's console error, in words (core/logTexts.ts, a chunk loaded for it). */
const FAILURES: { what: string; fail: (route: Route) => Promise<void>; logged: RegExp }[] = [
  {
    what: 'an HTTP 500',
    logged:
      /^Partners Network: the search failed: POST \S+ answered HTTP 500: The server failed\. ApiError: /,
    fail: (route) =>
      route.fulfill({
        status: 500,
        json: { status: 'INTERNAL_SERVER_ERROR', title: 'The server failed.' },
      }),
  },
  {
    what: 'an answer with its error flag',
    fail: withErrorFlag,
    logged: /^Partners Network: the search answered with its error flag set$/,
  },
  {
    what: 'malformed JSON',
    logged:
      /^Partners Network: the search failed: POST \S+ answered with a body that is not JSON ApiError: /,
    fail: (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"partners": [' }),
  },
  {
    what: 'a dropped connection',
    fail: (route) => route.abort('connectionreset'),
    logged: /^Partners Network: the search failed: POST \S+ failed: Failed to fetch ApiError: /,
  },
];

/** Makes the search calls fail from the `fromCall`-th one on (1 = the first search). */
async function failSearches(
  page: Page,
  fail: (route: Route) => Promise<void>,
  fromCall = 1,
): Promise<void> {
  let calls = 0;
  await page.route(API_CALLS, async (route) => {
    if (!isSearchCall(route.request())) return route.continue();
    calls += 1;
    return calls >= fromCall ? fail(route) : route.continue();
  });
}

async function expectErrorPanel(searchPage: SearchPage): Promise<void> {
  const heading = searchPage.errorHeading();
  await heading.waitFor();
  expect(await heading.textContent()).toBe('Something went wrong.');
  expect(
    await searchPage.page
      .getByText('We apologise and are fixing the problem. Please try again later.', {
        exact: true,
      })
      .isVisible(),
  ).toBe(true);
  expect(await searchPage.goHomeButton().isVisible()).toBe(true);
  // The panel replaces the page.
  expect(await searchPage.searchForm().count()).toBe(0);
  expect(await searchPage.filterPanel().count()).toBe(0);
  expect(await searchPage.cards().count()).toBe(0);
}

describe('the error panel', () => {
  it.each(FAILURES)('replaces the page after $what', async ({ fail, logged }) => {
    const errors: ConsoleMessage[] = [];
    const searchPage = await openSearchPage(portal, '/#/search', {
      async beforeNavigate(page) {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message);
        });
        await failSearches(page, fail);
      },
    });
    await expectErrorPanel(searchPage);
    // The whole text, with the error itself after it (the failed search's ApiError).
    const line = errors.find((message) => message.text().startsWith('Partners Network:'));
    expect(line?.text()).toMatch(logged);
  });

  it('replaces the cards when a later search fails (Load More)', async () => {
    const searchPage = await openSearchPage(portal, '/#/search', {
      beforeNavigate: (page) => failSearches(page, withErrorFlag, 2),
    });
    await searchPage.cards().first().waitFor();
    await searchPage.loadMore();
    await expectErrorPanel(searchPage);
  });

  it('keeps the text of a failed search in the address, so a reload tries it again', async () => {
    const searchPage = await openSearchPage(portal, '/#/search', {
      beforeNavigate: (page) => failSearches(page, (route) => route.abort('connectionreset'), 2),
    });
    await searchPage.cards().first().waitFor();
    await searchPage.searchFor('digital');
    await expectErrorPanel(searchPage);
    // The server is back: the reload searches for the text typed, not the list before it.
    const { page } = searchPage;
    await page.unroute(API_CALLS);
    await page.reload();
    await searchPage.cards().first().waitFor();
    expect(await searchPage.field().inputValue()).toBe('digital');
  });

  it("'Go to the home page' navigates to /", async () => {
    const searchPage = await openSearchPage(portal, '/?from=error#/search', {
      beforeNavigate: (page) => failSearches(page, withErrorFlag),
    });
    const { page } = searchPage;
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/' && url.search === ''),
      searchPage.goHomeButton().click(),
    ]);
    expect(new URL(page.url()).origin + new URL(page.url()).pathname).toBe(`${portal.url}/`);
  });
});

describe('filter definitions that cannot be loaded', () => {
  it.each([
    { what: 'an HTTP 500', body: { status: 'INTERNAL_SERVER_ERROR', title: 'x' }, status: 500 },
    { what: 'the wrong shape', body: { globalFilters: 'all', filterGroups: [{}] }, status: 200 },
  ])('($what) are reported to the console only; the page searches on', async ({ body, status }) => {
    const errors: string[] = [];
    const searchPage = await openSearchPage(portal, '/#/search', {
      async beforeNavigate(page) {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.route(API_CALLS, (route) =>
          isFilterGroupsCall(route.request())
            ? route.fulfill({ status, json: body })
            : route.continue(),
        );
      },
    });
    await searchPage.cards().first().waitFor();
    // The API error's words are a chunk (core/logTexts.ts): the line comes once they are in.
    await expect.poll(() => errors.join('\n')).toContain('filter definitions');
    expect(await searchPage.errorHeading().count()).toBe(0);
    // The first search's answer brings the filter groups.
    await searchPage.page.getByRole('group', { name: 'Region' }).waitFor();
  });
});
