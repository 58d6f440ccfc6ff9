/**
 * The page with a keyboard alone: a natural tab order with a visible focus ring,
 * search, tick a filter with Space, Load More with Enter (focus to the first new
 * card), open a card with Enter; Escape closes the folded filters; focus moves after
 * RESET ALL and to the error panel.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortal } from './support/usePortal';

const portal = usePortal();

interface Focused {
  /** tag, type and accessible-ish name, e.g. 'input[checkbox] Nordics'. */
  name: string;
  inWidget: boolean;
  /** Outline (or, for a card link, its stretched ::after outline) in CSS px. */
  ring: number;
  top: number;
  left: number;
}

/** The element that has focus, through the widget's shadow root. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const label = el.closest('label')?.textContent ?? '';
    const ownName = el.getAttribute('aria-label') ?? (label || (el.textContent ?? '')) ?? '';
    const type = el instanceof HTMLInputElement ? `[${el.type}]` : '';
    const ring = (style: CSSStyleDeclaration) =>
      style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const rect = el.getBoundingClientRect();
    return {
      name: `${el.tagName.toLowerCase()}${type} ${ownName.trim().replace(/\s+/g, ' ')}`.trim(),
      inWidget: el.getRootNode() !== document,
      ring: Math.max(ring(getComputedStyle(el)), ring(getComputedStyle(el, '::after'))),
      top: Math.round(rect.top + window.scrollY),
      left: Math.round(rect.left),
    };
  });
}

async function tab(page: Page, backwards = false): Promise<Focused | null> {
  await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  return focused(page);
}

/** Presses Tab until `name` has focus; fails after `limit` presses. */
async function tabTo(page: Page, name: string | RegExp, limit = 60): Promise<Focused> {
  for (let i = 0; i < limit; i++) {
    const now = await tab(page);
    if (now && (typeof name === 'string' ? now.name === name : name.test(now.name))) return now;
  }
  throw new Error(`${String(name)} not reached in ${limit} presses of Tab`);
}

const status = (page: Page) => page.getByRole('status');
const cards = (page: Page) => page.getByRole('article');

async function ready(page: Page): Promise<void> {
  await cards(page).first().waitFor();
  await expect
    .poll(() => page.getByRole('region', { name: 'Partner results' }).getAttribute('aria-busy'))
    .toBe('false');
}

describe('keyboard only', () => {
  it('tabs through the page in reading order, every stop with a visible focus ring', async () => {
    const page = await portal.open('/', { width: 1280, height: 900 });
    await ready(page);

    const stops: Focused[] = [];
    for (let i = 0; i < 80; i++) {
      const now = await tab(page);
      if (!now) break;
      if (stops.some((stop) => stop.name === now.name && stop.top === now.top)) break;
      stops.push(now);
    }
    const widget = stops.filter((stop) => stop.inWidget);
    const names = widget.map((stop) => stop.name);
    // The portal's header comes first, then the widget from the top.
    expect(stops[0]?.inWidget).toBe(false);
    expect(names.slice(0, 3)).toEqual([
      'input[text] Search partners',
      'button Search',
      'a ←Back to home page',
    ]);
    // One stop for the radio group (the checked one), then the groups' items in order.
    expect(names[3]).toBe('input[radio] Solution Partners');
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
    const page = await portal.open('/', { width: 1280, height: 900 });
    await ready(page);

    await tabTo(page, 'input[text] Search partners');
    await page.keyboard.type('digital');
    // Nothing is said while typing.
    expect(await status(page).textContent()).not.toContain('digital');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page).textContent()).toContain('Search text: digital.');

    await tabTo(page, 'input[checkbox] Digital Experience');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Digital Experience' }).isChecked()).toBe(true);
    await expect
      .poll(() => status(page).textContent())
      .toMatch(
        /^Showing 10 of 56 partners\. Filters: Solution Partners, Digital Experience\. Search text: digital\.$/,
      );
    // Ticking keeps focus on the box.
    expect((await focused(page))?.name).toBe('input[checkbox] Digital Experience');

    await tabTo(page, 'button Load More Partners');
    await page.keyboard.press('Enter');
    await expect.poll(() => cards(page).count()).toBe(20);
    await expect
      .poll(() => status(page).textContent())
      .toBe('10 more partners added. Showing 20 of 56 partners');
    const eleventh = (await cards(page).nth(10).getByRole('link').textContent()) ?? '';
    await expect.poll(async () => (await focused(page))?.name).toBe(`a ${eleventh}`);

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/partners\//);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('');

    // Back: the same 20 cards, and focus on the card that was opened, so Tab goes on
    // from there instead of from the top of the page.
    await page.goBack();
    await expect.poll(() => cards(page).count()).toBe(20);
    await expect.poll(async () => (await focused(page))?.name).toBe(`a ${eleventh}`);
    const twelfth = (await cards(page).nth(11).getByRole('link').textContent()) ?? '';
    expect((await tab(page))?.name).toBe(`a ${twelfth}`);
  });

  it('Escape closes the folded filter panel and gives focus back to its toggle', async () => {
    const page = await portal.open('/', { width: 360, height: 800 });
    await ready(page);
    const toggle = page.getByRole('button', { name: 'Search filters' });

    await tabTo(page, 'button Search filters');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await tab(page))?.name).toBe('input[radio] Solution Partners');
    await tabTo(page, 'input[checkbox] Nordics');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('checkbox', { name: 'Nordics' }).isVisible()).toBe(false);
    expect((await focused(page))?.name).toBe('button Search filters');
  });

  it('RESET ALL puts focus in the emptied search field', async () => {
    const page = await portal.open('/', { width: 1280, height: 900 });
    await ready(page);
    await tabTo(page, 'input[text] Search partners');
    await page.keyboard.type('zzzqqq');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'No partners found' }).waitFor();
    await expect
      .poll(() => status(page).textContent())
      .toBe('No partners found. Filters: Solution Partners. Search text: zzzqqq.');
    await tabTo(page, 'button RESET ALL');
    await page.keyboard.press('Enter');
    const now = await focused(page);
    expect(now?.name).toBe('input[text] Search partners');
    expect(await page.getByRole('textbox', { name: 'Search partners' }).inputValue()).toBe('');
    await ready(page);
  });

  it('the error panel takes focus on its heading when it replaces the page', async () => {
    const page = await portal.open('/', { width: 1280, height: 900 });
    await ready(page);
    await page.route(
      (url) => url.pathname.endsWith('/search'),
      (route) => route.fulfill({ status: 500, body: 'down' }),
    );
    await tabTo(page, 'input[text] Search partners');
    await page.keyboard.type('cloud');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
    await expect.poll(async () => (await focused(page))?.name).toBe('h2 Something went wrong.');
    expect((await tab(page))?.name).toBe('button Go to the home page');
  });

  it('removing a chip with the keyboard keeps focus among the chips', async () => {
    const page = await portal.open('/', { width: 1280, height: 900 });
    await ready(page);
    for (const name of ['Western Europe', 'Nordics']) {
      await page.getByRole('checkbox', { name }).check();
      await page.getByRole('button', { name: `Remove ${name}` }).waitFor();
    }
    await ready(page);
    await tabTo(page, 'button Remove Western Europe');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.name).toBe('button Remove Nordics');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await focused(page))?.name)
      .toBe('input[text] Add a filter by name');
  });
});
