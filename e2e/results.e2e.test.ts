/**
 * SPEC 2 results area, 3 (partner card), 4 (load more), 5 (summary limit, Load More
 * visibility) and 9 (count text): cards compared with what the real API answered.
 */
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, recordSearches, searchAnswerTo } from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** SPEC 5: more than 200 characters are cut to 200, with an ellipsis. */
function expectedSummary(summary: string): string {
  const characters = Array.from(summary);
  return characters.length <= 200 ? summary : `${characters.slice(0, 200).join('').trimEnd()}…`;
}

describe('result cards', () => {
  it("count 'Showing {loaded} of {total} partners' and show what the API answered, pictures unstretched", async () => {
    const { searchPage, answer } = await openWithFirstSearch(portal, '/#/search');
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 10 of ${answer.totalFound} partners`);

    const cards = searchPage.cards();
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
    const pictures = cards.locator('img');
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
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search', {
      beforeNavigate(page) {
        searches = recordSearches(page);
      },
    });
    const { answer } = await searchAnswerTo(page, () => searchPage.tickFilter('Western Europe'));
    // In the seed: few enough for the end to come after one Load More.
    expect(answer.totalFound).toBe(13);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 10 of ${answer.totalFound} partners`);
    const firstTen = await searchPage.cardLinks();

    const more = await searchAnswerTo(page, () => searchPage.loadMore());
    expect(more.sent).toMatchObject({ filterItemIds: [40001], offset: 10, resultsPerPage: 10 });
    await expect.poll(() => searchPage.cards().count()).toBe(answer.totalFound);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing ${answer.totalFound} of ${answer.totalFound} partners`);
    const all = await searchPage.cardLinks();
    expect(all.slice(0, 10)).toEqual(firstTen);
    expect(new Set(all).size).toBe(answer.totalFound);
    expect(await searchPage.loadMoreButton().count()).toBe(0);
    expect(searches.at(-1)?.offset).toBe(10);
  });

  it("loads the added cards' pictures once they show, not when the visitor scrolls to them", async () => {
    // One column at 412 px: the last added card is some 4,000 px below the first, which takes
    // the focus; lazy, its picture loaded only once scrolled to (bench/README.md).
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search', {
      width: 412,
      height: 823,
    });
    await searchAnswerTo(page, () => searchPage.loadMore());
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    const loaded = () =>
      searchPage
        .cards()
        .locator('img')
        .evaluateAll((images) =>
          images.map(
            (image) =>
              image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
          ),
        );
    await expect.poll(async () => (await loaded()).slice(10)).toEqual(Array(10).fill(true));
  });

  it('is not offered when the first page holds every partner', async () => {
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search');
    await searchAnswerTo(page, () => searchPage.tickFilter('Western Europe'));
    const { answer } = await searchAnswerTo(page, () => searchPage.tickFilter('Platinum'));
    // In the seed: two Platinum partners in Western Europe.
    expect(answer.totalFound).toBe(2);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing ${answer.totalFound} of ${answer.totalFound} partners`);
    expect(await searchPage.loadMoreButton().count()).toBe(0);
  });

  it('adds only 10 cards for a double click; a new text starts over', async () => {
    let searches: SentSearch[] = [];
    const { page, searchPage, answer } = await openWithFirstSearch(portal, '/#/search', {
      beforeNavigate(page) {
        searches = recordSearches(page);
      },
    });
    // Every Solution Partner of the seed.
    expect(answer.totalFound).toBe(190);
    await searchAnswerTo(page, () => searchPage.loadMoreButton().dblclick());
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 20 of ${answer.totalFound} partners`);
    expect(searches.map((search) => search.offset)).toEqual([0, 10]);
    expect(await searchPage.cards().count()).toBe(20);
    expect(new Set(await searchPage.cardLinks()).size).toBe(20);

    // The button works again once the page has come in.
    await searchAnswerTo(page, () => searchPage.loadMore());
    await expect.poll(() => searchPage.cards().count()).toBe(30);
    expect(searches.map((search) => search.offset)).toEqual([0, 10, 20]);

    // A new text starts a new list from the top.
    const { sent } = await searchAnswerTo(page, () => searchPage.searchFor('cloud'));
    expect(sent).toMatchObject({ text: 'cloud', offset: 0, resultsPerPage: 10 });
    await expect.poll(() => searchPage.cards().count()).toBe(10);
  });
});
