/**
 * The page with a keyboard alone: a natural tab order with a visible focus ring,
 * search, tick a filter with Space, Load More with Enter (focus to the first new
 * card), open a card with Enter; Escape closes the folded filters; focus moves after
 * RESET ALL and to the error panel.
 */
import { describe, expect, it } from 'vitest';
import { openSearchPage } from './support/searchPage';
import type { Focused } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

describe('keyboard only', () => {
  it('tabs through the page in reading order, every stop with a visible focus ring', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
    await searchPage.waitForCards();

    const stops: Focused[] = [];
    for (let i = 0; i < 80; i++) {
      const now = await searchPage.tab();
      if (!now) break;
      if (stops.some((stop) => stop.name === now.name && stop.top === now.top)) break;
      stops.push(now);
    }
    const widget = stops.filter((stop) => stop.inWidget);
    const names = widget.map((stop) => stop.name);
    // The portal's header comes first, then the widget from the top.
    expect(stops[0]?.inWidget).toBe(false);
    expect(names.slice(0, 5)).toEqual([
      'input[text] Search partners',
      'button Search',
      // The location field (issue 25): its chunk takes over without losing the focus.
      'input[text] Near',
      'button Use my location',
      'a ←Back to home page',
    ]);
    // One stop for the radio group (the checked one), then the groups' items in order.
    expect(names[5]).toBe('input[radio] Solution Partners');
    expect(names).toContain('button View more Partner type');
    expect(names).toContain('input[checkbox] Western Europe');
    expect(names).toContain('button View more Region');
    expect(names.indexOf('input[checkbox] Western Europe')).toBeLessThan(
      names.indexOf('button View more Region'),
    );
    expect(names).toContain('input[text] Add a filter by name');
    expect(
      names.filter((name) => name.startsWith('a ') && !name.includes('Back to home')),
    ).toHaveLength(10);
    expect(names.at(-1)).toBe('button Load More Partners');
    // Cards in reading order: left to right along a row (titles may wrap, so a row's
    // links differ a little in height), then down to the next row.
    const cardStops = widget.filter(
      (stop) => stop.name.startsWith('a ') && !stop.name.includes('Back to home page'),
    );
    for (let i = 1; i < cardStops.length; i++) {
      const previous = cardStops[i - 1];
      const current = cardStops[i];
      if (!previous || !current) continue;
      const sameRow = Math.abs(current.top - previous.top) < 100;
      expect(sameRow ? current.left > previous.left : current.top > previous.top).toBe(true);
    }
    const withoutRing = widget.filter((stop) => stop.ring < 2);
    expect(withoutRing).toEqual([]);
  });

  it('search, tick a filter with Space, Load More with Enter, open a card with Enter, come back to it', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
    const { page } = searchPage;
    await searchPage.waitForCards();

    await searchPage.tabTo(searchPage.field());
    await page.keyboard.type('digital');
    // Nothing is said while typing.
    expect(await searchPage.announcement()).not.toContain('digital');
    await page.keyboard.press('Enter');
    await expect.poll(() => searchPage.announcement()).toContain('Search text: digital.');

    await searchPage.tabTo(searchPage.checkbox('Digital Experience'));
    await page.keyboard.press('Space');
    expect(await searchPage.checkbox('Digital Experience').isChecked()).toBe(true);
    await expect
      .poll(() => searchPage.announcement())
      .toMatch(
        /^Showing 10 of 56 partners\. Filters: Solution Partners, Digital Experience\. Search text: digital\.$/,
      );
    // Ticking keeps focus on the box.
    expect((await searchPage.focused())?.name).toBe('input[checkbox] Digital Experience');

    await searchPage.tabTo(searchPage.loadMoreButton());
    await page.keyboard.press('Enter');
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    await expect
      .poll(() => searchPage.announcement())
      .toBe('10 more partners added. Showing 20 of 56 partners');
    const eleventh = (await searchPage.cards().nth(10).getByRole('link').textContent()) ?? '';
    await expect.poll(async () => (await searchPage.focused())?.name).toBe(`a ${eleventh}`);

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/partners\//);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('');

    // Back: the same 20 cards, and focus on the card that was opened, so Tab goes on
    // from there instead of from the top of the page.
    await page.goBack();
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    await expect.poll(async () => (await searchPage.focused())?.name).toBe(`a ${eleventh}`);
    const twelfth = (await searchPage.cards().nth(11).getByRole('link').textContent()) ?? '';
    // A card whose partner can be contacted has its Contact button next (issue 26).
    if ((await searchPage.cards().nth(10).locator('[data-contact]').count()) > 0) {
      expect((await searchPage.tab())?.name).toBe('button Contact');
    }
    expect((await searchPage.tab())?.name).toBe(`a ${twelfth}`);
  });

  it('Escape closes the folded filter panel and gives focus back to its toggle', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 360, height: 800 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    const toggle = searchPage.filterToggle();

    await searchPage.tabTo(toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await searchPage.tab())?.name).toBe('input[radio] Solution Partners');
    await searchPage.tabTo(searchPage.checkbox('Nordics'));
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await searchPage.checkbox('Nordics').isVisible()).toBe(false);
    expect((await searchPage.focused())?.name).toBe('button Search filters');
  });

  it('RESET ALL puts focus in the emptied search field', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    await searchPage.tabTo(searchPage.field());
    await page.keyboard.type('zzzqqq');
    await page.keyboard.press('Enter');
    await searchPage.noResultsHeading().waitFor();
    await expect
      .poll(() => searchPage.announcement())
      .toBe('No partners found. Filters: Solution Partners. Search text: zzzqqq.');
    await searchPage.tabTo(searchPage.resetAllButton());
    await page.keyboard.press('Enter');
    const now = await searchPage.focused();
    expect(now?.name).toBe('input[text] Search partners');
    expect(await searchPage.field().inputValue()).toBe('');
    await searchPage.waitForCards();
  });

  it('the error panel takes focus on its heading when it replaces the page', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    await page.route(
      (url) => url.pathname.endsWith('/search'),
      (route) => route.fulfill({ status: 500, body: 'down' }),
    );
    await searchPage.tabTo(searchPage.field());
    await page.keyboard.type('cloud');
    await page.keyboard.press('Enter');
    await searchPage.errorHeading().waitFor();
    await expect
      .poll(async () => (await searchPage.focused())?.name)
      .toBe('h2 Something went wrong.');
    expect((await searchPage.tab())?.name).toBe('button Go to the home page');
  });

  it('removing a chip with the keyboard keeps focus among the chips', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    for (const name of ['Western Europe', 'Nordics']) {
      await searchPage.tickFilter(name);
      await searchPage.chipRemoveButton(name).waitFor();
    }
    await searchPage.settled();
    await searchPage.tabTo(searchPage.chipRemoveButton('Western Europe'));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await searchPage.focused())?.name).toBe('button Remove Nordics');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await searchPage.focused())?.name)
      .toBe('input[text] Add a filter by name');
  });
});
