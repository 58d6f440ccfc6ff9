/**
 * SPEC 2, the `search` parameter: base64 JSON of a saved search (globalFilter,
 * filterItemIds, text, offset, resultsPerPage). A good one restores the page as it
 * was; a broken one is ignored with a console warning and the page starts from defaults.
 */
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readBuildManifest } from '../packages/widget/scripts/readBuildManifest';
import {
  openWithFirstSearch,
  recordSearches,
  savedSearchOf,
  savedSearchParam,
} from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();
const WIDGET_DIST = join(import.meta.dirname, '../packages/widget/dist');
const GOLD = 40302;
/** Long enough for a write after the answer's paint (a frame and a task) to have happened. */
const AFTER_PAINT_MS = 500;

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
    // Before an action the shared address stays as it was (it gives this list).
    await searchPage.page.waitForTimeout(AFTER_PAINT_MS);
    expect(new URL(searchPage.page.url()).hash).toBe(`#/search?search=${savedSearchParam(saved)}`);

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
    await searchPage.waitForCards(10);
    await page.waitForTimeout(AFTER_PAINT_MS);
    expect(new URL(page.url()).hash).toBe('#/search');
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

/** The address's hash, and the saved search in it (null when there is none). */
function addressOf(page: Page): { route: string; saved: unknown } {
  const { hash } = new URL(page.url());
  return {
    route: hash.split('?')[0] ?? '',
    saved: /[?&]search=/.test(hash) ? savedSearchOf(page.url()) : null,
  };
}

/** The list a visitor sees, to compare after a reload. */
async function listOf(searchPage: SearchPage) {
  return {
    titles: await searchPage.cardTitles(),
    gold: await searchPage.checkbox('Gold').isChecked(),
  };
}

describe('the address before and after the first action', () => {
  it('holds the route and no saved search until an action; the saved search after it', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    await expect.poll(() => addressOf(page).route).toBe('#/search');
    await page.waitForTimeout(AFTER_PAINT_MS);
    expect(addressOf(page)).toEqual({ route: '#/search', saved: null });
    // A reload before any action gives the same list: the address alone made it.
    const before = await listOf(searchPage);
    await page.reload();
    await searchPage.waitForCards(10);
    expect(await listOf(searchPage)).toEqual(before);

    await searchPage.tickFilter('Gold');
    await expect
      .poll(() => addressOf(page).saved)
      .toMatchObject({ filterItemIds: [GOLD], offset: 0, resultsPerPage: 10 });
    expect(addressOf(page).route).toBe('#/search');
  });

  it('writes the actions taken before the intent chunk could arrive, once it has (the last list)', async () => {
    const intentChunk = readBuildManifest(join(WIDGET_DIST, 'bundled'))['src/intentChunk.ts']?.file;
    expect(intentChunk).toBeDefined();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const searchPage = await openSearchPage(portal, '/#/search?utm=a', {
      async beforeNavigate(page: Page) {
        await page.route(
          (url) => url.pathname === `/widget/${intentChunk}`,
          async (route) => {
            asked += 1;
            await held;
            await route.continue();
          },
        );
      },
    });
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    // Two actions, each answered and painted while the chunk is held on its way.
    await searchPage.tickFilter('Gold');
    await expect.poll(() => searchPage.announcement()).toContain('Gold');
    await searchPage.settled();
    await searchPage.loadMore();
    await searchPage.waitForCards(20);
    await page.waitForTimeout(AFTER_PAINT_MS);
    expect(asked).toBe(1);
    expect(new URL(page.url()).hash).toBe('#/search?utm=a');

    release();
    await expect
      .poll(() => addressOf(page).saved)
      .toEqual({
        globalFilter: 'solution-partners',
        filterItemIds: [GOLD],
        text: '',
        offset: 10,
        resultsPerPage: 10,
      });
    expect(new URL(page.url()).hash).toMatch(/^#\/search\?utm=a&search=/);
    const before = await listOf(searchPage);
    await page.reload();
    await searchPage.waitForCards(20);
    expect(await listOf(searchPage)).toEqual(before);
  });

  it('writes a keyboard-only action (focus is intent)', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    const gold = searchPage.checkbox('Gold');
    await searchPage.tabTo(gold);
    await page.keyboard.press('Space');
    await expect.poll(() => addressOf(page).saved).toMatchObject({ filterItemIds: [GOLD] });
  });

  it('writes an action that came with no focus or pointer press (an assistive technology’s click)', async () => {
    const requests: string[] = [];
    const searchPage = await openSearchPage(portal, '/', {
      beforeNavigate(page: Page) {
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      },
    });
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    const before = requests.length;
    // A click event alone, as a screen reader's default action may send it.
    await searchPage.checkbox('Gold').evaluate((box) => {
      if (box instanceof HTMLElement) box.click();
    });
    await expect.poll(() => addressOf(page).saved).toMatchObject({ filterItemIds: [GOLD] });
    // The write asked for the chunk itself, after the tick's search.
    expect(requests.slice(before).some((path) => path.startsWith('/widget/'))).toBe(true);
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
