/**
 * SPEC 2, query parameters: `filter` picks the first global filter, `page` extends the
 * back link, every other parameter follows the visitor to the partner pages. The known
 * names are read from the page's own query when the hash query does not have them.
 * (`search`, the saved search, has its own file.)
 */
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** Opens the first card's partner page and returns the query that page received. */
async function queryReceivedByFirstPartner(searchPage: SearchPage): Promise<string> {
  await searchPage.openFirstCard();
  return (await searchPage.page.getByTestId('partner-query').textContent()) ?? '';
}

describe('the filter parameter', () => {
  it('selects the named global filter for the first search', async () => {
    const { searchPage, answer } = await openWithFirstSearch(
      portal,
      '/#/search?filter=cloud-partners',
    );
    expect(answer.globalFilter).toBe('cloud-partners');
    expect(await searchPage.radio('Cloud Partners').isChecked()).toBe(true);
    expect(await searchPage.radio('Solution Partners').isChecked()).toBe(false);
  });

  it('matches the name whatever its case', async () => {
    const { searchPage, answer } = await openWithFirstSearch(
      portal,
      '/#/search?filter=TECHNOLOGY-Partners',
    );
    expect(answer.globalFilter).toBe('technology-partners');
    expect(await searchPage.radio('Technology Partners').isChecked()).toBe(true);
  });
});

describe('the page parameter', () => {
  it("appends the page to the 'Back to home page' link as a path segment", async () => {
    const searchPage = await openSearchPage(portal, '/#/search?page=about-us');
    expect(await searchPage.backLink().getAttribute('href')).toBe('/about-us');
  });

  it('encodes the page as one segment, so it cannot lead off the site', async () => {
    const searchPage = await openSearchPage(
      portal,
      `/#/search?page=${encodeURIComponent('//evil.example/a b')}`,
    );
    expect(await searchPage.backLink().getAttribute('href')).toBe('/%2F%2Fevil.example%2Fa%20b');
  });
});

describe('other parameters', () => {
  it('are appended, URL-encoded, to every partner link and reach the partner page', async () => {
    const { searchPage } = await openWithFirstSearch(
      portal,
      '/#/search?utm_source=news%20letter&ref=a%26b%3Dc&filter=solution-partners&page=home',
    );
    // The answer is in; its cards are drawn just after.
    await searchPage.waitForCards(10);
    const hrefs = await searchPage.cardLinks();
    expect(hrefs).toHaveLength(10);
    for (const href of hrefs) {
      expect(new URL(href).search).toBe('?utm_source=news+letter&ref=a%26b%3Dc');
    }

    // The address keeps them as written: the first answer writes no saved search.
    expect(new URL(searchPage.page.url()).hash).toBe(
      '#/search?utm_source=news%20letter&ref=a%26b%3Dc&filter=solution-partners&page=home',
    );

    expect(await queryReceivedByFirstPartner(searchPage)).toBe(
      '?utm_source=news+letter&ref=a%26b%3Dc',
    );
  });

  it('are also appended to the cards Load More adds', async () => {
    const { searchPage } = await openWithFirstSearch(portal, '/#/search?campaign=spring');
    await searchPage.loadMore();
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    const searches = (await searchPage.cardLinks()).map((href) => new URL(href).search);
    expect(new Set(searches)).toEqual(new Set(['?campaign=spring']));
  });

  it('leave partner links without a query, and the back link as set, when there are none', async () => {
    const { searchPage } = await openWithFirstSearch(portal, '/#/search');
    expect(await searchPage.backLink().getAttribute('href')).toBe('/');
    expect(await queryReceivedByFirstPartner(searchPage)).toBe('');
  });
});

describe("names in the page's own query", () => {
  it('are read when the hash query does not have them', async () => {
    const { searchPage, sent } = await openWithFirstSearch(
      portal,
      '/?filter=consulting-partners&page=team&source=portal#/search',
    );
    expect(sent.globalFilter).toBe('consulting-partners');
    expect(await searchPage.radio('Consulting Partners').isChecked()).toBe(true);
    expect(await searchPage.backLink().getAttribute('href')).toBe('/team');
    expect(await queryReceivedByFirstPartner(searchPage)).toBe('?source=portal');
  });

  it('lose to the same names in the hash query', async () => {
    const { searchPage, sent } = await openWithFirstSearch(
      portal,
      '/?filter=consulting-partners&page=team#/search?filter=oem-partners&page=news',
    );
    expect(sent.globalFilter).toBe('oem-partners');
    expect(await searchPage.backLink().getAttribute('href')).toBe('/news');
  });
});
