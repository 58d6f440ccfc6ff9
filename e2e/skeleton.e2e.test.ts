/**
 * SPEC 4 and 9: the page shows a skeleton of 5 placeholder cards until the filter
 * definitions load, then the first search's results (asked beside the definitions,
 * shown only once they are in).
 *
 * The real server answers too fast to look at the skeleton, so the browser's
 * filter-groups call is held (`page.route`) until the test lets it go on to the real
 * server; nothing is answered in its place.
 */
import { describe, expect, it } from 'vitest';
import { isFilterGroupsCall, recordSearches } from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

describe('the loading skeleton', () => {
  it('shows 5 placeholder cards, hidden from assistive tech, until the filters load', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let searches: SentSearch[] = [];
    const searchPage = await openSearchPage(portal, '/#/search', {
      async beforeNavigate(page) {
        searches = recordSearches(page);
        await page.route('**/o/preferred-partners/v1/**', async (route) => {
          if (isFilterGroupsCall(route.request())) await held;
          await route.continue();
        });
      },
    });

    const skeleton = searchPage.skeleton();
    await skeleton.waitFor();
    expect(await skeleton.locator('li').count()).toBe(5);
    expect(await skeleton.getAttribute('aria-hidden')).toBe('true');
    // Assistive tech sees no list item and no card while it shows.
    expect(await searchPage.results().getByRole('listitem').count()).toBe(0);
    expect(await searchPage.cards().count()).toBe(0);
    expect(await searchPage.results().getAttribute('aria-busy')).toBe('true');
    expect(await searchPage.noResultsHeading().count()).toBe(0);
    // The search panel is there already.
    expect(await searchPage.field().isVisible()).toBe(true);
    // The first search went out beside the definitions request (the page asks both at
    // once), and its answer is in; its cards still wait for the definitions.
    await expect.poll(() => searches.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await skeleton.locator('li').count()).toBe(5);
    expect(await searchPage.cards().count()).toBe(0);

    release();
    await searchPage.cards().first().waitFor();
    expect(await searchPage.cards().count()).toBe(10);
    expect(await skeleton.count()).toBe(0);
    // It was the first search: none is asked again.
    expect(searches).toHaveLength(1);
    await expect.poll(() => searchPage.results().getAttribute('aria-busy')).toBe('false');
  });
});
