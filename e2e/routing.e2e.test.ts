/** SPEC 2, routes: hash-based; an empty path goes to '#/search', any other path shows the page. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortal } from './support/usePortal';

const portal = usePortal();

function hashOf(page: Page): URL {
  // The hash read as a path and a query: '#/search?filter=x' -> pathname '/search'.
  return new URL(new URL(page.url()).hash.slice(1) || '/', 'http://hash.invalid');
}

async function seesTheSearchPage(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Partners Network' }).waitFor();
  await page.getByRole('article').first().waitFor();
}

describe('hash routing', () => {
  it('sends a page without a route to #/search', async () => {
    const page = await portal.open('/');
    await seesTheSearchPage(page);
    expect(hashOf(page).pathname).toBe('/search');
  });

  it.each(['/#', '/#/'])('sends the empty route %s to #/search', async (path) => {
    const page = await portal.open(path);
    await seesTheSearchPage(page);
    expect(hashOf(page).pathname).toBe('/search');
  });

  it('keeps the query when it redirects an empty route', async () => {
    const page = await portal.open('/#?filter=technology-partners&ref=mail');
    await seesTheSearchPage(page);
    const hash = hashOf(page);
    expect(hash.pathname).toBe('/search');
    expect(hash.searchParams.get('filter')).toBe('technology-partners');
    expect(hash.searchParams.get('ref')).toBe('mail');
    expect(await page.getByRole('radio', { name: 'Technology Partners' }).isChecked()).toBe(true);
  });

  it('does not add a history entry for the redirect', async () => {
    // A new tab's history holds about:blank and the page: the redirect adds nothing.
    const direct = await portal.open('/#/search');
    await seesTheSearchPage(direct);
    const redirected = await portal.open('/');
    await seesTheSearchPage(redirected);
    expect(await redirected.evaluate(() => history.length)).toBe(
      await direct.evaluate(() => history.length),
    );
  });

  it('shows the search page on any other path and leaves that path alone', async () => {
    const page = await portal.open('/#/whatever');
    await seesTheSearchPage(page);
    await page.getByRole('region', { name: 'Search filters' }).waitFor();
    expect(hashOf(page).pathname).toBe('/whatever');
  });
});
