/** SPEC 2, routes: hash-based; an empty path goes to '#/search', any other path shows the page. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

function hashOf(page: Page): URL {
  // The hash read as a path and a query: '#/search?filter=x' -> pathname '/search'.
  return new URL(new URL(page.url()).hash.slice(1) || '/', 'http://hash.invalid');
}

/**
 * The route is written once the first cards are painted (a frame, then a task: widget
 * core/connectUrl.ts), so a test that has just seen the cards waits for it.
 */
async function expectRoute(page: Page, route: string): Promise<void> {
  await expect.poll(() => hashOf(page).pathname, { timeout: 5000 }).toBe(route);
}

/** Opens `path` and waits for the search page with its cards. */
async function openAndSeeTheSearchPage(path: string): Promise<SearchPage> {
  const searchPage = new SearchPage(await portal.open(path));
  await searchPage.heading().waitFor();
  await searchPage.cards().first().waitFor();
  return searchPage;
}

describe('hash routing', () => {
  it('sends a page without a route to #/search', async () => {
    const { page } = await openAndSeeTheSearchPage('/');
    await expectRoute(page, '/search');
  });

  it.each(['/#', '/#/'])('sends the empty route %s to #/search', async (path) => {
    const { page } = await openAndSeeTheSearchPage(path);
    await expectRoute(page, '/search');
  });

  it('keeps the query when it redirects an empty route', async () => {
    const searchPage = await openAndSeeTheSearchPage('/#?filter=technology-partners&ref=mail');
    await expectRoute(searchPage.page, '/search');
    const hash = hashOf(searchPage.page);
    expect(hash.searchParams.get('filter')).toBe('technology-partners');
    expect(hash.searchParams.get('ref')).toBe('mail');
    expect(await searchPage.radio('Technology Partners').isChecked()).toBe(true);
  });

  it('does not add a history entry for the redirect', async () => {
    // A new tab's history holds about:blank and the page: the redirect adds nothing.
    const direct = await openAndSeeTheSearchPage('/#/search');
    const redirected = await openAndSeeTheSearchPage('/');
    expect(await redirected.page.evaluate(() => history.length)).toBe(
      await direct.page.evaluate(() => history.length),
    );
  });

  it('shows the search page on any other path and leaves that path alone', async () => {
    const searchPage = await openAndSeeTheSearchPage('/#/whatever');
    await searchPage.filterPanel().waitFor();
    expect(hashOf(searchPage.page).pathname).toBe('/whatever');
  });
});
