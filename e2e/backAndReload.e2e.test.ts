/**
 * A visitor who opens a partner and comes back finds the list exactly where they
 * left it: same filters, text, number of cards and scroll position. Reload does the
 * same; a shared address brings the same list (the scroll position is not part of an
 * address: it lives in the tab's history entry).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { savedSearchOf } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** In the seed: 'digital' with Expertise 'Digital Experience' finds 56 Solution Partners. */
const TEXT = 'digital';
const ITEM = 'Digital Experience';
const ITEM_ID = 40202;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** Scrolls with the mouse wheel and returns where the (smooth) scroll came to rest. */
async function wheelTo(page: Page, delta: number): Promise<number> {
  // From the top, so the position is mid-page rather than the end of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(900, 400);
  await page.mouse.wheel(0, delta);
  let last = -1;
  for (;;) {
    await page.waitForTimeout(150);
    const y = await scrollY(page);
    if (y === last && y > 0) return y;
    last = y;
  }
}
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/** What must be the same after Back, reload and in a shared address. */
async function listState(searchPage: SearchPage) {
  return {
    cards: await searchPage.cards().count(),
    titles: await searchPage.cards().getByRole('link').allTextContents(),
    checked: await searchPage.checkedFilters(),
    text: await searchPage.field().inputValue(),
  };
}

/** Searches TEXT, ticks ITEM and loads two more pages, without one new history entry. */
async function buildList(searchPage: SearchPage): Promise<number> {
  const { page } = searchPage;
  await searchPage.waitForCards(10);
  // The first answer wrote the route alone; the saved search comes with the first action.
  await expect.poll(() => new URL(page.url()).hash).toBe('#/search');
  const length = await historyLength(page);
  await searchPage.field().click();
  await searchPage.field().pressSequentially(TEXT);
  await searchPage.field().press('Enter');
  await expect.poll(() => searchPage.announcement()).toContain(`Search text: ${TEXT}.`);
  await searchPage.tickFilter(ITEM);
  await expect.poll(() => searchPage.announcement()).toContain(`${ITEM}. Search text`);
  for (const count of [20, 30]) {
    await searchPage.loadMore();
    await searchPage.waitForCards(count);
  }
  // The last Load More's list is written once its cards are painted (after they were seen).
  await expect
    .poll(() => savedSearchOf(page.url()))
    .toMatchObject({ filterItemIds: [ITEM_ID], offset: 20 });
  // Every keystroke, search, tick and Load More replaced the history entry.
  expect(await historyLength(page)).toBe(length);
  return length;
}

describe('the list survives Back, reload and sharing', () => {
  it('writes the saved search (SPEC format) into the hash with replaceState only', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    await buildList(searchPage);
    // Written once the last Load More's cards are painted (after waitForCards saw them).
    await expect
      .poll(() => savedSearchOf(searchPage.page.url()))
      .toEqual({
        globalFilter: 'solution-partners',
        filterItemIds: [ITEM_ID],
        text: TEXT,
        offset: 20,
        resultsPerPage: 10,
      });
  });

  it('Back from a partner shows the same 30 cards, filters, text and scroll position', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    const { page } = searchPage;
    const length = await buildList(searchPage);
    const before = await listState(searchPage);

    const y = await wheelTo(page, 2200);
    expect(y).toBeGreaterThan(1500);

    // A card in view, opened with the mouse like a visitor would.
    const title = await searchPage
      .cards()
      .getByRole('link')
      .evaluateAll((links) => {
        const inView = links.find((link) => {
          const rect = link.getBoundingClientRect();
          return rect.top > 80 && rect.bottom < window.innerHeight - 80;
        });
        return inView?.textContent ?? '';
      });
    expect(title).not.toBe('');
    await searchPage.openCard(title);
    expect(await historyLength(page)).toBe(length + 1);

    await page.goBack();
    await searchPage.waitForCards(30);
    expect(await listState(searchPage)).toEqual(before);
    await expect.poll(async () => Math.abs(y - (await scrollY(page)))).toBeLessThanOrEqual(4);
    // The scroll position was not taken from a new history entry either.
    expect(await historyLength(page)).toBe(length + 1);
  });

  it('reload shows the same list at the same scroll position', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    const { page } = searchPage;
    await buildList(searchPage);
    const before = await listState(searchPage);
    const y = await wheelTo(page, 1800);
    expect(y).toBeGreaterThan(1200);

    await page.reload();
    await searchPage.waitForCards(30);
    expect(await listState(searchPage)).toEqual(before);
    await expect.poll(async () => Math.abs(y - (await scrollY(page)))).toBeLessThanOrEqual(4);
  });

  it('a shared address opens the same list in a new browser', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    await buildList(searchPage);
    const before = await listState(searchPage);
    const address = new URL(searchPage.page.url());

    const other = await openSearchPage(
      portal,
      `${address.pathname}${address.search}${address.hash}`,
      { width: 1280, height: 800 },
    );
    await other.waitForCards(30);
    expect(await listState(other)).toEqual(before);
    expect(savedSearchOf(other.page.url())).toEqual(savedSearchOf(searchPage.page.url()));
    // A new tab has no remembered position: it starts at the top.
    expect(await scrollY(other.page)).toBe(0);
  });

  it('Back and Forward before any action show the same list (the address alone made it)', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/search');
    const before = await listState(searchPage);
    await searchPage.openFirstCard();
    await page.goBack();
    await searchPage.waitForCards(10);
    expect(await listState(searchPage)).toEqual(before);
    expect(new URL(page.url()).hash).toBe('#/search');
    await page.goForward();
    await page.waitForURL(/\/partners\//);
    await page.goBack();
    await searchPage.waitForCards(10);
    expect(await listState(searchPage)).toEqual(before);
  });

  it('Forward after Back from a partner comes back to the same list', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    const { page } = searchPage;
    await buildList(searchPage);
    const before = await listState(searchPage);
    await searchPage.openFirstCard();
    await page.goBack();
    await searchPage.waitForCards(30);
    await page.goForward();
    await page.waitForURL(/\/partners\//);
    await page.goBack();
    await searchPage.waitForCards(30);
    expect(await listState(searchPage)).toEqual(before);
  });

  it('takes scroll restoration over from the browser while the page owns the URL', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 800 });
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    // Scroll memory is a chunk of its own, requested on the visitor's first scroll (a first
    // visit has nothing to restore and no position to save before).
    await wheelTo(page, 600);
    await expect.poll(() => page.evaluate(() => window.history.scrollRestoration)).toBe('manual');
  });
});
