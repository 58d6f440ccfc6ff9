/**
 * SPEC 2, the `search` parameter: base64 JSON of a saved search (globalFilter,
 * filterItemIds, text, offset, resultsPerPage). A good one restores the page as it
 * was; a broken one is ignored with a console warning and the page starts from defaults.
 */
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, recordSearches, savedSearchParam } from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** Sent beside the definitions request: the global filter is the server's default. */
const DEFAULT_FIRST_SEARCH: Omit<SentSearch, 'locale' | 'globalFilter'> = {
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
};

describe('a saved search in the link', () => {
  it('restores the text, the global filter, the ticked items and the number of cards', async () => {
    const saved = {
      globalFilter: 'TECHNOLOGY-PARTNERS', // matched whatever its case
      filterItemIds: [40302, 40303, 40304], // Gold, Silver, Registered
      text: 'digital',
      offset: 10,
      resultsPerPage: 10,
    };
    let searches: SentSearch[] = [];
    const { searchPage, sent, answer } = await openWithFirstSearch(
      portal,
      `/#/search?search=${savedSearchParam(saved)}`,
      {
        beforeNavigate(page) {
          searches = recordSearches(page);
        },
      },
    );
    // In the seed: 26 such partners, so one Load More after the 20 shows them all.
    expect(answer.totalFound).toBe(26);

    // One request brings the 20 cards the visitor had, of the saved global filter.
    expect(answer.globalFilter).toBe('technology-partners');
    expect(sent).toMatchObject({
      text: 'digital',
      filterItemIds: [40302, 40303, 40304],
      offset: 0,
      resultsPerPage: 20,
    });
    const cards = searchPage.cards();
    await expect.poll(() => cards.count()).toBe(20);
    expect(searches).toHaveLength(1);

    expect(await searchPage.field().inputValue()).toBe('digital');
    expect(await searchPage.clearButton().isVisible()).toBe(true);
    expect(await searchPage.radio('Technology Partners').isChecked()).toBe(true);
    for (const level of ['Gold', 'Silver', 'Registered']) {
      expect(await searchPage.checkbox(level).isChecked()).toBe(true);
    }
    expect(await searchPage.checkbox('Platinum').isChecked()).toBe(false);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 20 of ${answer.totalFound} partners`);

    // Load More goes on after the restored cards, without repeating any.
    await searchPage.loadMore();
    await expect.poll(() => cards.count()).toBe(answer.totalFound);
    expect(searches.at(-1)).toMatchObject({ offset: 20, resultsPerPage: 10 });
    expect(new Set(await searchPage.cardLinks()).size).toBe(answer.totalFound);
    expect(await searchPage.loadMoreButton().count()).toBe(0);
  });

  it('is written back to the link, so a reload shows the same list', async () => {
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search');
    await searchPage.tickFilter('Gold');
    await searchPage.loadMore();
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]search=/);
    const titles = await searchPage.cardTitles();

    await page.reload();
    await expect.poll(() => searchPage.cards().count()).toBe(20);
    expect(await searchPage.checkbox('Gold').isChecked()).toBe(true);
    expect(await searchPage.cardTitles()).toEqual(titles);
  });
});

describe('a broken saved search', () => {
  const BROKEN = [
    { problem: 'not base64', value: encodeURIComponent('%%% not base64 %%%') },
    {
      problem: 'not JSON',
      value: encodeURIComponent(Buffer.from('{text: digital').toString('base64')),
    },
    { problem: 'wrong shape', value: savedSearchParam({ text: 5, offset: 'ten' }) },
    { problem: 'wrong shape', value: savedSearchParam(['digital']) },
  ];

  it.each(BROKEN)('($problem) is ignored with a console warning', async ({ problem, value }) => {
    const warnings: ConsoleMessage[] = [];
    const { searchPage, sent, answer } = await openWithFirstSearch(
      portal,
      `/#/search?search=${value}`,
      {
        beforeNavigate(page) {
          page.on('console', (message) => {
            if (message.type() === 'warning') warnings.push(message);
          });
        },
      },
    );
    // A warning's words are a chunk (core/logTexts.ts): written once it has come.
    await expect
      .poll(() => warnings.map((message) => message.text()).join('\n'))
      .toContain(problem);
    // Defaults: the first page of the default global filter.
    expect(sent).toMatchObject(DEFAULT_FIRST_SEARCH);
    expect(answer.globalFilter).toBe('solution-partners');
    await expect.poll(() => searchPage.cards().count()).toBe(10);
    expect(await searchPage.field().inputValue()).toBe('');
    expect(await searchPage.radio('Solution Partners').isChecked()).toBe(true);
  });
});
