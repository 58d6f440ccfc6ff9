/**
 * A visitor who opens a partner and comes back finds the list exactly where they
 * left it: same filters, text, number of cards and scroll position. Reload does the
 * same; a shared address brings the same list (the scroll position is not part of an
 * address: it lives in the tab's history entry).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** In the seed: 'digital' with Expertise 'Digital Experience' finds 56 Solution Partners. */
const TEXT = 'digital';
const ITEM = 'Digital Experience';
const ITEM_ID = 40202;

const cards = (page: Page) => page.getByRole('article');
const field = (page: Page) => page.getByRole('textbox', { name: 'Search partners' });
const status = (page: Page) => page.getByRole('status');
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

async function checkedItems(page: Page): Promise<string[]> {
  const boxes = page
    .getByRole('region', { name: 'Search filters' })
    .getByRole('checkbox', { checked: true });
  return boxes.evaluateAll((inputs) =>
    inputs.map((input) => input.closest('label')?.textContent?.trim() ?? ''),
  );
}

function savedSearchOf(url: string): unknown {
  const hash = new URL(url).hash;
  const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  return JSON.parse(Buffer.from(query.get('search') ?? '', 'base64').toString('utf8'));
}

/** What must be the same after Back, reload and in a shared address. */
async function listState(page: Page) {
  return {
    cards: await cards(page).count(),
    titles: await cards(page).getByRole('link').allTextContents(),
    checked: await checkedItems(page),
    text: await field(page).inputValue(),
  };
}

async function waitForCards(page: Page, count: number): Promise<void> {
  await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(count);
  await expect
    .poll(() => page.getByRole('region', { name: 'Partner results' }).getAttribute('aria-busy'))
    .toBe('false');
}

/** Searches TEXT, ticks ITEM and loads two more pages, without one new history entry. */
async function buildList(page: Page): Promise<number> {
  await waitForCards(page, 10);
  const length = await historyLength(page);
  await field(page).click();
  await field(page).pressSequentially(TEXT);
  await field(page).press('Enter');
  await expect.poll(() => status(page).textContent()).toContain(`Search text: ${TEXT}.`);
  await page.getByRole('checkbox', { name: ITEM }).check();
  await expect.poll(() => status(page).textContent()).toContain(`${ITEM}. Search text`);
  for (const count of [20, 30]) {
    await page.getByRole('button', { name: 'Load More Partners' }).click();
    await waitForCards(page, count);
  }
  // Every keystroke, search, tick and Load More replaced the history entry.
  expect(await historyLength(page)).toBe(length);
  return length;
}

describe('the list survives Back, reload and sharing', () => {
  it('writes the saved search (SPEC format) into the hash with replaceState only', async () => {
    const page = await portal.open('/', { width: 1280, height: 800 });
    await buildList(page);
    expect(savedSearchOf(page.url())).toEqual({
      globalFilter: 'solution-partners',
      filterItemIds: [ITEM_ID],
      text: TEXT,
      offset: 20,
      resultsPerPage: 10,
    });
  });

  it('Back from a partner shows the same 30 cards, filters, text and scroll position', async () => {
    const page = await portal.open('/', { width: 1280, height: 800 });
    const length = await buildList(page);
    const before = await listState(page);

    const y = await wheelTo(page, 2200);
    expect(y).toBeGreaterThan(1500);

    // A card in view, opened with the mouse like a visitor would.
    const title = await cards(page)
      .getByRole('link')
      .evaluateAll((links) => {
        const inView = links.find((link) => {
          const rect = link.getBoundingClientRect();
          return rect.top > 80 && rect.bottom < window.innerHeight - 80;
        });
        return inView?.textContent ?? '';
      });
    expect(title).not.toBe('');
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/partners\//);
    expect(await historyLength(page)).toBe(length + 1);

    await page.goBack();
    await waitForCards(page, 30);
    expect(await listState(page)).toEqual(before);
    await expect.poll(async () => Math.abs(y - (await scrollY(page)))).toBeLessThanOrEqual(4);
    // The scroll position was not taken from a new history entry either.
    expect(await historyLength(page)).toBe(length + 1);
  });

  it('reload shows the same list at the same scroll position', async () => {
    const page = await portal.open('/', { width: 1280, height: 800 });
    await buildList(page);
    const before = await listState(page);
    const y = await wheelTo(page, 1800);
    expect(y).toBeGreaterThan(1200);

    await page.reload();
    await waitForCards(page, 30);
    expect(await listState(page)).toEqual(before);
    await expect.poll(async () => Math.abs(y - (await scrollY(page)))).toBeLessThanOrEqual(4);
  });

  it('a shared address opens the same list in a new browser', async () => {
    const page = await portal.open('/', { width: 1280, height: 800 });
    await buildList(page);
    const before = await listState(page);
    const address = new URL(page.url());

    const other = await portal.open(`${address.pathname}${address.search}${address.hash}`, {
      width: 1280,
      height: 800,
    });
    await waitForCards(other, 30);
    expect(await listState(other)).toEqual(before);
    expect(savedSearchOf(other.url())).toEqual(savedSearchOf(page.url()));
    // A new tab has no remembered position: it starts at the top.
    expect(await scrollY(other)).toBe(0);
  });

  it('takes scroll restoration over from the browser while the page owns the URL', async () => {
    const page = await portal.open('/', { width: 1280, height: 800 });
    await waitForCards(page, 10);
    // Scroll memory is a chunk of its own, requested with the first answers.
    await expect.poll(() => page.evaluate(() => window.history.scrollRestoration)).toBe('manual');
  });
});
