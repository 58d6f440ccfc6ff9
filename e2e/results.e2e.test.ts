/**
 * SPEC 2 results area, 3 (partner card), 4 (load more), 5 (summary limit, Load More
 * visibility) and 9 (count text): cards compared with what the real API answered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, recordSearches, searchAnswerTo } from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import { usePortal } from './support/usePortal';
import { shownCount } from './support/visibleText';

const portal = usePortal();

function loadMore(page: Page) {
  return page.getByRole('button', { name: 'Load More Partners' });
}

function cardLinks(page: Page): Promise<string[]> {
  return page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** SPEC 5: more than 200 characters are cut to 200, with an ellipsis. */
function expectedSummary(summary: string): string {
  const characters = Array.from(summary);
  return characters.length <= 200 ? summary : `${characters.slice(0, 200).join('').trimEnd()}…`;
}

describe('result cards', () => {
  it("count 'Showing {loaded} of {total} partners' and show what the API answered, pictures unstretched", async () => {
    const { page, answer } = await openWithFirstSearch(portal, '/#/search');
    await expect.poll(() => shownCount(page)).toBe(`Showing 10 of ${answer.totalFound} partners`);

    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(10);
    expect(answer.partners.some((partner) => partner.summary.length > 200)).toBe(true);
    expect(answer.partners.some((partner) => partner.summary.length <= 200)).toBe(true);

    for (const [index, partner] of answer.partners.entries()) {
      const card = cards.nth(index);
      const link = card.getByRole('link');
      expect(await link.textContent()).toBe(partner.title);
      expect(await link.getAttribute('href')).toBe(new URL(partner.url, portal.url).href);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(partner.title);
      expect(
        await card
          .getByRole('list', { name: 'Categories' })
          .getByRole('listitem')
          .allTextContents(),
      ).toEqual(partner.categories);
      expect(await card.locator('p').textContent()).toBe(expectedSummary(partner.summary));
      expect(await card.locator('img').getAttribute('src')).toBe(
        new URL(partner.imageUrl, portal.url).href,
      );
    }

    // Pictures keep their ratio.
    const pictures = page.getByRole('article').locator('img');
    for (const index of [0, 1, 2]) {
      const picture = pictures.nth(index);
      await expect
        .poll(() =>
          picture.evaluate(
            (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
          ),
        )
        .toBe(true);
      const shape = await picture.evaluate((img) => {
        const box = img.getBoundingClientRect();
        const natural = img instanceof HTMLImageElement ? img.naturalWidth / img.naturalHeight : 0;
        return { fit: getComputedStyle(img).objectFit, box: box.width / box.height, natural };
      });
      // Either the picture is fitted inside its box, or the box has the picture's ratio.
      const keepsRatio =
        shape.fit === 'contain' ||
        shape.fit === 'scale-down' ||
        Math.abs(shape.box - shape.natural) / shape.natural < 0.01;
      expect(keepsRatio, JSON.stringify(shape)).toBe(true);
    }
  });
});

describe('Load More Partners', () => {
  it('adds 10 cards and goes away once every partner is shown', async () => {
    let searches: SentSearch[] = [];
    const { page } = await openWithFirstSearch(portal, '/#/search', {
      beforeNavigate(page) {
        searches = recordSearches(page);
      },
    });
    const { answer } = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Western Europe' }).check(),
    );
    // Few enough results for the end to come after one Load More.
    expect(answer.totalFound).toBeGreaterThan(10);
    expect(answer.totalFound).toBeLessThanOrEqual(20);
    await expect.poll(() => shownCount(page)).toBe(`Showing 10 of ${answer.totalFound} partners`);
    const firstTen = await cardLinks(page);

    const more = await searchAnswerTo(page, () => loadMore(page).click());
    expect(more.sent).toMatchObject({ filterItemIds: [40001], offset: 10, resultsPerPage: 10 });
    await expect.poll(() => page.getByRole('article').count()).toBe(answer.totalFound);
    await expect
      .poll(() => shownCount(page))
      .toBe(`Showing ${answer.totalFound} of ${answer.totalFound} partners`);
    const all = await cardLinks(page);
    expect(all.slice(0, 10)).toEqual(firstTen);
    expect(new Set(all).size).toBe(answer.totalFound);
    expect(await loadMore(page).count()).toBe(0);
    expect(searches.at(-1)?.offset).toBe(10);
  });

  it('is not offered when the first page holds every partner', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Western Europe' }).check(),
    );
    const { answer } = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Platinum' }).check(),
    );
    expect(answer.totalFound).toBeGreaterThan(0);
    expect(answer.totalFound).toBeLessThanOrEqual(10);
    await expect
      .poll(() => shownCount(page))
      .toBe(`Showing ${answer.totalFound} of ${answer.totalFound} partners`);
    expect(await loadMore(page).count()).toBe(0);
  });

  it('adds only 10 cards for a double click; a new text starts over', async () => {
    let searches: SentSearch[] = [];
    const { page, answer } = await openWithFirstSearch(portal, '/#/search', {
      beforeNavigate(page) {
        searches = recordSearches(page);
      },
    });
    expect(answer.totalFound).toBeGreaterThan(30);
    await searchAnswerTo(page, () => loadMore(page).dblclick());
    await expect.poll(() => shownCount(page)).toBe(`Showing 20 of ${answer.totalFound} partners`);
    expect(searches.map((search) => search.offset)).toEqual([0, 10]);
    expect(await page.getByRole('article').count()).toBe(20);
    expect(new Set(await cardLinks(page)).size).toBe(20);

    // The button works again once the page has come in.
    await searchAnswerTo(page, () => loadMore(page).click());
    await expect.poll(() => page.getByRole('article').count()).toBe(30);
    expect(searches.map((search) => search.offset)).toEqual([0, 10, 20]);

    // A new text starts a new list from the top.
    await page.getByRole('textbox', { name: 'Search partners' }).fill('cloud');
    const { sent } = await searchAnswerTo(page, () =>
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    );
    expect(sent).toMatchObject({ text: 'cloud', offset: 0, resultsPerPage: 10 });
    await expect.poll(() => page.getByRole('article').count()).toBe(10);
  });
});
