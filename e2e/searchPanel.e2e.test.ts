/**
 * SPEC 2 'Search panel', 4 (clear, Enter on release, Search, debounce) and 5
 * (validation): what a visitor sees and what reaches the real API.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, recordSearches, searchAnswerTo } from './support/searchCalls';
import type { SentSearch } from './support/searchCalls';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

const TOOLTIP =
  "The search only allow A-Z a-z À-ÿ 0-9 and the special characters:-_'. Please enter a valid value on the search.";
/** --pn-color-danger's default, #c1121f. */
const DANGER_RED = 'rgb(193, 18, 31)';
/** Longer than the 600 ms debounce: what has not been sent by then never will be. */
const PAST_THE_DEBOUNCE_MS = 800;

interface OpenedPage {
  page: Page;
  searchPage: SearchPage;
  searches: SentSearch[];
  field: Locator;
  searchButton: Locator;
}

/** The page with its first cards, and every search it sends from the start. */
async function openPage(): Promise<OpenedPage> {
  let searches: SentSearch[] = [];
  const { page, searchPage } = await openWithFirstSearch(portal, '/#/search', {
    beforeNavigate(page) {
      searches = recordSearches(page);
    },
  });
  await searchPage.cards().first().waitFor();
  return {
    page,
    searchPage,
    searches,
    field: searchPage.field(),
    searchButton: searchPage.searchButton(),
  };
}

function borderColor(field: Locator): Promise<string> {
  return field.evaluate((element) => getComputedStyle(element).borderTopColor);
}

describe('the search panel', () => {
  it('has the heading, the labelled search form, the placeholder and the Search button, on the background picture', async () => {
    const { page, searchPage, field, searchButton } = await openPage();
    const heading = page.getByRole('heading', { name: 'Partners Network', level: 1 });
    expect(await heading.textContent()).toBe('Partners Network');
    const form = searchPage.searchForm();
    expect(await form.getByRole('textbox', { name: 'Search partners' }).count()).toBe(1);
    expect(await field.getAttribute('placeholder')).toBe('Search partners');
    expect(await searchButton.textContent()).toBe('Search');
    expect(await searchButton.isEnabled()).toBe(true);

    // It sits on the background picture: one source per width from the portal settings.
    const media = await page
      .locator('picture source')
      .evaluateAll((sources) => sources.map((source) => source.getAttribute('media')));
    expect(media).toEqual(['(max-width: 540px)', '(max-width: 1023px)', '(max-width: 1919px)']);
    const picture = page.locator('picture img');
    await expect
      .poll(() => picture.evaluate((img) => img instanceof HTMLImageElement && img.currentSrc))
      .toMatch(/hero-1919\.svg$/);
  });

  it('shows the clear button only with text; clearing empties the field and searches everything', async () => {
    const { page, searchPage, searches, field } = await openPage();
    const clear = searchPage.clearButton();
    expect(await clear.count()).toBe(0);

    await field.fill('cloud');
    expect(await clear.isVisible()).toBe(true);
    await searchAnswerTo(page, () => field.press('Enter'));
    expect(searches.at(-1)?.text).toBe('cloud');

    const { sent, answer } = await searchAnswerTo(page, () => searchPage.clearSearch());
    expect(sent.text).toBe('');
    expect(sent.offset).toBe(0);
    expect(await field.inputValue()).toBe('');
    expect(await clear.count()).toBe(0);
    expect(await field.evaluate((element) => element.matches(':focus'))).toBe(true);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 10 of ${answer.totalFound} partners`);
  });

  it('searches the trimmed text when Enter is released, not when it is pressed', async () => {
    const { page, searchPage, searches, field } = await openPage();
    await field.fill('  clou  ');
    const before = searches.length;
    await page.keyboard.down('Enter');
    await page.waitForTimeout(PAST_THE_DEBOUNCE_MS);
    expect(searches.length).toBe(before);

    const { sent, answer } = await searchAnswerTo(page, () => page.keyboard.up('Enter'));
    expect(sent.text).toBe('clou');
    // 'clou' is a prefix: it finds the Cloud partners (51 Solution Partners in the seed).
    expect(answer.totalFound).toBe(51);
    await expect.poll(() => searchPage.cardTitles()).toContainEqual(expect.stringMatching(/Cloud/));
    expect(await field.inputValue()).toBe('  clou  ');
  });

  it('searches the trimmed text when Search is clicked; accents do not matter', async () => {
    const { page, searchPage } = await openPage();
    const { sent } = await searchAnswerTo(page, () => searchPage.searchFor(' societe '));
    expect(sent.text).toBe('societe');
    await expect.poll(() => searchPage.cardTitles()).toContain('Société Lumière Conseil SA');

    await searchAnswerTo(page, () => searchPage.searchFor('muller'));
    await expect.poll(() => searchPage.cardTitles()).toContain('Müller & Söhne Digital GmbH');
  });

  it('sends one search for several quick submits, the last text, 600 ms after it', async () => {
    const { page, searches, field, searchButton } = await openPage();
    const before = searches.length;
    await field.fill('d');
    await searchButton.click();
    await field.fill('da');
    await field.press('Enter');
    await field.fill('dat');
    await searchButton.click();
    await field.fill('data');
    const lastSubmit = Date.now();
    const { sent } = await searchAnswerTo(page, () => field.press('Enter'));
    const waited = Date.now() - lastSubmit;

    expect(sent.text).toBe('data');
    expect(waited).toBeGreaterThanOrEqual(590);
    // Any earlier submit would have been sent before this answer came.
    expect(searches.slice(before).map((search) => search.text)).toEqual(['data']);
  });
});

describe('search text validation', () => {
  it('flags a < or 151 characters: red border, the exact tooltip, Search disabled, nothing sent', async () => {
    const { page, searchPage, searches, field, searchButton } = await openPage();
    const tooltip = searchPage.tooltip();
    expect(await borderColor(field)).not.toBe(DANGER_RED);
    const before = searches.length;

    for (const text of ['cloud <b>', 'a'.repeat(151)]) {
      await field.fill(text);
      await expect.poll(() => borderColor(field)).toBe(DANGER_RED);
      expect(await tooltip.textContent()).toBe(TOOLTIP);
      expect(await tooltip.isVisible()).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await searchButton.isDisabled()).toBe(true);
      await field.press('Enter');
      await searchButton.click({ force: true });
    }
    await page.waitForTimeout(PAST_THE_DEBOUNCE_MS);
    expect(searches.length).toBe(before);

    // Fixing the text clears the flag.
    await field.fill('cloud');
    await expect.poll(async () => (await borderColor(field)) !== DANGER_RED).toBe(true);
    expect(await tooltip.count()).toBe(0);
    expect(await searchButton.isEnabled()).toBe(true);
  });

  it("accepts 150 characters, accented letters, œ, digits, - _ ' and spaces", async () => {
    const { page, searchPage, field, searchButton } = await openPage();
    for (const text of ['a'.repeat(150), "Müller_Söhne l'œuvre ÿ-À 42"]) {
      await field.fill(text);
      expect(await searchPage.tooltip().count()).toBe(0);
      expect(await field.getAttribute('aria-invalid')).toBe('false');
      expect(await searchButton.isEnabled()).toBe(true);
    }
    const { sent } = await searchAnswerTo(page, () => searchButton.click());
    expect(sent.text).toBe("Müller_Söhne l'œuvre ÿ-À 42");
  });
});
