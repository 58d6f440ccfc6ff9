/**
 * Partners near the visitor (issue 25), as a visitor finds them in Chromium against the
 * demo server: a city typed and chosen, the browser's position granted or refused, the
 * address kept over a reload and a shared link, a radius that finds nothing and its wider
 * way out; axe in those states; screenshots at 360 and 1440 px in English and Arabic.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { isSearchCall, savedSearchOf, savedSearchParam } from './support/searchCalls';
import { SearchPage, openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const portal = usePortal();

/** The bodies of the searches the page sends from now on. */
function recordBodies(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (isSearchCall(request)) sent.push(Object(JSON.parse(request.postData() ?? '{}')));
  });
  return sent;
}

/** The kilometres or miles of "12 km · Lyon", as numbers. */
function distancesOf(texts: string[]): number[] {
  return texts.map((text) => Number((/[\d.,]+/.exec(text)?.[0] ?? 'NaN').replace(/,/g, '')));
}

async function expectNearestFirst(searchPage: SearchPage, city: string): Promise<void> {
  await expect.poll(() => searchPage.cardDistances()).toContainEqual(expect.stringContaining(city));
  const texts = await searchPage.cardDistances();
  expect(texts.length).toBe(10);
  expect(texts[0]).toMatch(new RegExp(`^[\\d.]+ mi · ${city}$`));
  const numbers = distancesOf(texts);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
}

describe('partners near a city', () => {
  it('types "Lyo", chooses Lyon, sees the nearest partners first with their distances', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    // Before a visitor uses it, the field is the page script's: no suggestions chunk yet.
    await searchPage.nearField().click();
    const combobox = page.getByRole('combobox', { name: 'Near', exact: true });
    await combobox.fill('Lyo');
    await expect
      .poll(() => searchPage.suggestions().allTextContents())
      .toContainEqual('Lyon, France4 partners');
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    expect(await findAxeViolations(page)).toEqual([]);
    // The keyboard: down to the first city, Enter chooses it.
    await combobox.press('ArrowDown');
    expect(await combobox.getAttribute('aria-activedescendant')).toBeTruthy();
    await combobox.press('Enter');
    await expectNearestFirst(searchPage, 'Lyon');
    expect(await combobox.inputValue()).toBe('Lyon');
    await expect.poll(() => savedSearchOf(page.url())).toMatchObject({ near: { label: 'Lyon' } });
  });

  it('keeps what is typed at once, before the rest of the field has loaded', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    // A visitor who clicks and types straight away: the keys land in the page script's
    // field while the rest of it loads (its first letter used to be lost: "yo", Yokohama).
    await searchPage.nearField().click();
    await page.keyboard.type('Lyo');
    const combobox = page.getByRole('combobox', { name: 'Near', exact: true });
    await expect.poll(() => combobox.inputValue()).toBe('Lyo');
    await expect
      .poll(() => searchPage.suggestions().allTextContents())
      .toContainEqual('Lyon, France4 partners');
  });

  it('says what is wrong with a location that is not letters, and asks nothing', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    const places: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/places')) places.push(request.url());
    });
    await searchPage.nearField().click();
    await page.getByRole('combobox', { name: 'Near', exact: true }).fill('Lyon 69');
    await page
      .getByText('Type letters, spaces, hyphens or apostrophes only, at most 100 characters.')
      .waitFor();
    expect(
      await page.getByRole('combobox', { name: 'Near', exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
    await page.waitForTimeout(400);
    expect(places).toEqual([]);
  });
});

describe('partners near me', () => {
  it('granted: the position, rounded to 2 decimals, orders the partners', async () => {
    const searchPage = await openSearchPage(portal, '/', {
      beforeNavigate: async (page) => {
        await page.context().grantPermissions(['geolocation']);
        // Lyon's Place Bellecour, to more decimals than the page may send.
        await page.context().setGeolocation({ latitude: 45.757814, longitude: 4.832011 });
      },
    });
    const sent = recordBodies(searchPage.page);
    await searchPage.waitForCards(10);
    await searchPage.useMyLocationButton().click();
    await expectNearestFirst(searchPage, 'Lyon');
    expect(sent.at(-1)).toMatchObject({
      near: { latitude: 45.76, longitude: 4.83, label: 'My location' },
    });
    // Never the exact position: not in a request, not in the address.
    expect(JSON.stringify(sent)).not.toContain('45.757');
    await expect
      .poll(() => savedSearchOf(searchPage.page.url()))
      .toMatchObject({ near: { label: 'My location' } });
    expect(decodeURIComponent(searchPage.page.url())).not.toContain('45.757');
  });

  it('refused: says so plainly and changes nothing else', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    const before = await searchPage.cardTitles();
    const sent = recordBodies(page);
    await searchPage.useMyLocationButton().click();
    await page.getByRole('status').filter({ hasText: 'Your location was not shared' }).waitFor();
    expect(sent).toEqual([]);
    expect(await searchPage.cardTitles()).toEqual(before);
    expect(await findAxeViolations(page)).toEqual([]);
  });
});

describe('the location in the address', () => {
  it('keeps the city over a reload and in a shared link', async () => {
    const searchPage = await openSearchPage(portal, '/');
    await searchPage.waitForCards(10);
    await searchPage.chooseNear('Lyo', 'Lyon, France');
    await expectNearestFirst(searchPage, 'Lyon');
    const shown = await searchPage.cardDistances();
    await searchPage.page.reload();
    await expectNearestFirst(searchPage, 'Lyon');
    expect(await searchPage.cardDistances()).toEqual(shown);
    expect(await searchPage.nearField().inputValue()).toBe('Lyon');
    // The same address in another browser context: a link shared.
    const shared = await portal.open(new URL(searchPage.page.url()).hash.replace(/^/, '/'));
    const other = new SearchPage(shared);
    await expectNearestFirst(other, 'Lyon');
    expect(await other.nearField().inputValue()).toBe('Lyon');
  });

  it('ignores an impossible point in the address, with a console warning, keeping the rest', async () => {
    const warnings: string[] = [];
    const saved = {
      globalFilter: 'technology-partners',
      filterItemIds: [40302, 40303, 40304], // Gold, Silver, Registered: 26 partners with the text
      text: 'digital',
      offset: 0,
      resultsPerPage: 10,
      near: { latitude: 999, longitude: 4.8, label: '<img src=x onerror=alert(1)>' },
    };
    const searchPage = await openSearchPage(portal, `/#/search?search=${savedSearchParam(saved)}`, {
      beforeNavigate: (page) => {
        page.on('console', (message) => {
          if (message.type() === 'warning') warnings.push(message.text());
        });
      },
    });
    await searchPage.waitForCards(10);
    expect(await searchPage.cardDistances()).toEqual([]);
    expect(await searchPage.nearField().inputValue()).toBe('');
    // A warning's words are a chunk (core/logTexts.ts): written once it has come.
    await expect
      .poll(() => warnings.join('\n'))
      .toContain("ignoring the search parameter's location and sort only: wrong shape: near");
    // Only the location is lost: the visitor's text and ticked items still apply.
    expect(await searchPage.field().inputValue()).toBe('digital');
    expect(await searchPage.radio('Technology Partners').isChecked()).toBe(true);
    for (const level of ['Gold', 'Silver', 'Registered']) {
      expect(await searchPage.checkbox(level).isChecked()).toBe(true);
    }
  });
});

describe('a radius that finds nothing', () => {
  it('offers the wider radius that finds partners, and following it finds them', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    await searchPage.waitForCards(10);
    await searchPage.chooseNear('Lyo', 'Lyon, France');
    await expectNearestFirst(searchPage, 'Lyon');
    await searchPage.tickFilter('Nordics');
    await searchPage.waitForCards();
    await page.getByRole('combobox', { name: 'Within' }).selectOption({ label: '25 mi' });
    await searchPage.noResultsHeading().waitFor();
    const wider = page.getByRole('button', { name: /^Within [\d,]+ mi: \d+ partners?$/ });
    await wider.waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    const label = (await wider.textContent()) ?? '';
    const found = Number(/(\d+) partners?$/.exec(label)?.[1]);
    await wider.click();
    await searchPage.waitForCards();
    expect(await searchPage.countText()).toContain(`of ${found} partners`);
    const distances = distancesOf(await searchPage.cardDistances());
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe('screenshots', () => {
  it.each([
    ['en-US', '/', 'Near', 'Lyon, France'],
    ['ar-SA', '/?languageId=ar_SA', 'بالقرب من', 'ليون، فرنسا'],
  ])('%s at 360 and 1440 px: suggestions open, then Lyon chosen', async (tag, path, near, city) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const width of [360, 1440]) {
      const page = await portal.open(path, { width });
      const searchPage = new SearchPage(page);
      await searchPage.cards().first().waitFor();
      await page.getByLabel(near, { exact: true }).click();
      await page.getByRole('combobox', { name: near, exact: true }).fill('Lyo');
      await searchPage.suggestions().first().waitFor();
      await page.screenshot({ path: join(ARTIFACTS, `near-${tag}-${width}-suggestions.png`) });
      await searchPage.suggestions().filter({ hasText: city }).first().click();
      await expect.poll(() => searchPage.cards().getByText(/ · /).count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(ARTIFACTS, `near-${tag}-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
  });
});
