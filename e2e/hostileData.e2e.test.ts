/**
 * Partner data is outside data: markup in texts shows as text, and links or pictures
 * that are not http(s) are dropped (SPEC 3 partner card; widget README 'Accessibility').
 * Any script that ran would also show as a dialog, a page error or a CSP violation,
 * which fail the test through the fixture.
 */
import type { Dialog, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isSearchCall, openWithFirstSearch, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const HOSTILE_SUMMARY = '<script>alert(2)</script> "Quoted" & <b>bold</b> partner';
/** One word longer than any card is wide. */
const LONG_WORD = 'Supercalifragilistic'.repeat(8);

// Imported through the server's own import, like a real partner file: it stores any text,
// and shows first in editorial order (position 0).
const portal = usePortal({
  importDirectory: {
    sites: [
      {
        companyId: '20097',
        scopeGroupId: '20121',
        partners: [
          {
            slug: 'hostile-markup',
            title: { 'en-US': HOSTILE_TITLE },
            summary: { 'en-US': HOSTILE_SUMMARY },
            url: '/partners/hostile-markup',
            imageUrl: '/partner-assets/logos/hostile-markup.svg',
            position: 0,
            globalFilters: ['solution-partners'],
            filterItemIds: [40001, 40301],
          },
          {
            slug: 'long-words',
            title: { 'en-US': LONG_WORD },
            summary: { 'en-US': `${LONG_WORD} ${LONG_WORD}` },
            url: '/partners/long-words',
            imageUrl: '/partner-assets/logos/long-words.svg',
            position: 1,
            globalFilters: ['solution-partners'],
          },
        ],
      },
    ],
  },
});

function watchDialogs(page: Page, dialogs: string[]): void {
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

describe('markup in partner texts', () => {
  it('shows as text and runs nothing', async () => {
    const dialogs: string[] = [];
    const { page, searchPage, answer } = await openWithFirstSearch(portal, '/#/search', {
      beforeNavigate: (page) => watchDialogs(page, dialogs),
    });
    expect(answer.partners[0]?.title).toBe(HOSTILE_TITLE);

    const card = searchPage.cards().first();
    expect(await card.getByRole('heading').textContent()).toBe(HOSTILE_TITLE);
    expect(await card.getByRole('link').textContent()).toBe(HOSTILE_TITLE);
    expect(await card.getByText(HOSTILE_SUMMARY, { exact: true }).isVisible()).toBe(true);
    // The markup did not become elements.
    expect(await page.locator('img[src="x"], b, script:not([src])').count()).toBe(0);
    expect(await card.locator('img').count()).toBe(1);

    // Found by a word of its title, too: the text search treats the markup as words.
    const { answer: found } = await searchAnswerTo(page, () => searchPage.searchFor('onerror'));
    expect(found.partners.map((partner) => partner.title)).toEqual([HOSTILE_TITLE]);
    await expect.poll(() => searchPage.cards().count()).toBe(1);
    expect(dialogs).toEqual([]);
  });
});

/**
 * The server refuses to import a `javascript:` or `data:` address (its import checks
 * every url), so such a partner cannot come from the real database. This test lets
 * the real answer through and puts the hostile addresses into it (`page.route`).
 */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  ' JAVASCRIPT:alert(2)',
  'java\tscript:alert(3)',
  'data:text/html,<script>alert(4)</script>',
];

async function answerWithHostileUrls(route: Route): Promise<void> {
  if (!isSearchCall(route.request())) return route.continue();
  const response = await route.fetch();
  const body: unknown = await response.json();
  if (!isRecord(body) || !Array.isArray(body.partners)) throw new Error('not a search answer');
  const partners: unknown[] = body.partners.map((partner: unknown, index) => {
    const url = HOSTILE_URLS[index];
    return isRecord(partner) && url !== undefined ? { ...partner, url, image: { url } } : partner;
  });
  await route.fulfill({ response, json: { ...body, partners } });
}

describe('partner addresses that are not http(s)', () => {
  it('leave the card without a link or a picture, and clicking it runs nothing', async () => {
    const dialogs: string[] = [];
    const { page, searchPage, answer } = await openWithFirstSearch(portal, '/#/search', {
      async beforeNavigate(page) {
        watchDialogs(page, dialogs);
        await page.route('**/o/preferred-partners/v1/**', answerWithHostileUrls);
      },
    });
    const cards = searchPage.cards();
    await expect.poll(() => cards.count()).toBe(10);

    for (const index of HOSTILE_URLS.keys()) {
      const card = cards.nth(index);
      expect(await card.getByRole('link').count()).toBe(0);
      expect(await card.locator('img').count()).toBe(0);
      // Still a card with its title, as text.
      expect(await card.getByRole('heading').textContent()).toBe(answer.partners[index]?.title);
    }
    await cards.first().getByRole('heading').click();
    await cards.nth(3).getByRole('heading').click();

    // The other cards keep their links.
    expect(await cards.nth(4).getByRole('link').count()).toBe(1);
    const hrefs = await page
      .locator('a[href], img[src]')
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src')),
      );
    for (const href of hrefs) expect(href).not.toMatch(/^\s*(java\s*script|data):/i);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(dialogs).toEqual([]);
  });
});

describe('a title of one very long word', () => {
  it('wraps inside its card: nothing scrolls sideways, even at 360 px', async () => {
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search', { width: 360 });
    const card = searchPage.cards().filter({ hasText: LONG_WORD }).first();
    await card.waitFor();
    expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
});
