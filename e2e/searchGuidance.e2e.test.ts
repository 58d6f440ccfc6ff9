/**
 * Issue 14 on the real page: a misspelled search still finds the intended partners,
 * filter items and global filters show how many partners they lead to (and say it in
 * their accessible names), matched words are marked in the cards (as text, never as
 * markup), and a search that finds nothing offers steps back that say how many
 * partners they find and run that search.
 *
 * Expected numbers come from the seed (deterministic) and were checked against the
 * API; each step also compares what the page shows with what the API answered.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';
import { SearchPage } from './support/searchPage';

/** Markup in a partner's texts around the word searched for: it must stay text. */
const MARKUP_TITLE = '<mark>Quokka</mark> & <b>Wombat</b>';
const MARKUP_SUMMARY = '<script>alert(1)</script> Quokka <img src=x onerror=alert(2)> partner';

// Only in OEM Partners: the default global filter's partners and counts stay the seed's.
const portal = usePortal({
  importDirectory: {
    sites: [
      {
        companyId: '20097',
        scopeGroupId: '20121',
        partners: [
          {
            slug: 'markup-quokka',
            title: { 'en-US': MARKUP_TITLE },
            summary: { 'en-US': MARKUP_SUMMARY },
            url: '/partners/markup-quokka',
            imageUrl: '/partner-assets/logos/markup-quokka.svg',
            position: 0,
            globalFilters: ['oem-partners'],
          },
        ],
      },
    ],
  },
});

function field(page: Page) {
  return page.getByRole('textbox', { name: 'Search partners' });
}

/** Types `text` into the search field and presses Enter; the search it sends. */
async function searchFor(page: Page, text: string) {
  await field(page).fill(text);
  return searchAnswerTo(page, () => field(page).press('Enter'));
}

function filters(page: Page) {
  return page.getByRole('region', { name: 'Search filters' });
}

/** Ticks an item of a group as a visitor would, and waits for the search it sends. */
async function tick(page: Page, inGroup: string, name: string) {
  await searchAnswerTo(page, () =>
    group(page, inGroup)
      .getByRole('checkbox', { name: new RegExp(`^${name}`) })
      .check(),
  );
}

function group(page: Page, name: string) {
  return filters(page).getByRole('group', { name, exact: true });
}

/**
 * An item's accessible name: its label, then its count in words, apart from the label
 * ('Gold, 53 partners'; Chromium puts a space between the label's flex items too, so
 * 'Gold , 53 partners'), never glued to it ('Gold53 partners').
 */
function countedName(label: string, count: number): RegExp {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped} ?,? ${count} partners?$`);
}

/** The label around a filter item or global filter. */
function choiceLabel(scope: Locator, label: string): Locator {
  return scope.locator('label').filter({ hasText: label });
}

/**
 * The number shown beside a filter item or global filter: on screen, hidden from
 * assistive technology (the accessible name says it in words instead).
 */
async function shownBeside(scope: Locator, label: string): Promise<string> {
  const number = choiceLabel(scope, label).locator('[aria-hidden="true"]');
  if (!(await number.isVisible())) return '(none shown)';
  return (await number.textContent()) ?? '';
}

function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading').allTextContents();
}

function markTexts(scope: Locator): Promise<string[]> {
  return scope.locator('mark').allTextContents();
}

/** Whether `locator` is the element with focus, inside the widget's shadow root too. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });
}

function waysOut(page: Page) {
  return page.getByRole('list', { name: 'Try one step back:' }).getByRole('button');
}

describe('a misspelled search', () => {
  it('finds what the right spelling finds, the intended partners first, their words marked', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 190 partners');

    // 'clud' (4 letters: one typo allowed) is 'cloud' with a letter missing.
    const clud = await searchFor(page, 'clud');
    expect(clud.sent.text).toBe('clud');
    expect(clud.answer.totalFound).toBe(51);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 51 partners');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(clud.answer.partners.map((partner) => partner.title));
    const titles = await cardTitles(page);
    expect(titles[0]).toBe('São Paulo Cloud Ltda.');
    for (const title of titles) expect(title).toContain('Cloud');
    // The word found is marked, as the partner spells it.
    expect(await markTexts(page.getByRole('article').first().getByRole('heading'))).toEqual([
      'Cloud',
    ]);
    expect(await field(page).inputValue()).toBe('clud');

    // A partner's name typed with a letter doubled: 'Kirunna' for 'Kiruna'.
    const kiruna = await searchFor(page, 'Kirunna');
    expect(kiruna.answer.totalFound).toBe(5);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 5 of 5 partners');
    await expect
      .poll(() => cardTitles(page))
      .toEqual([
        'Kiruna Cloud SA',
        'Kiruna Services GmbH',
        'Kiruna Consulting SARL',
        'Kiruna Integration Oy',
        'Kiruna Conseil Ltda.',
      ]);
    expect(await markTexts(page.getByRole('article').getByRole('heading'))).toEqual(
      Array(5).fill('Kiruna'),
    );

    // Spelled right, the same partners in the same order.
    const cloud = await searchFor(page, 'cloud');
    expect(cloud.answer.totalFound).toBe(51);
    expect(cloud.answer.partners.map((partner) => partner.title)).toEqual(
      clud.answer.partners.map((partner) => partner.title),
    );
    const kirunaSpelled = await searchFor(page, 'Kiruna');
    expect(kirunaSpelled.answer.partners).toEqual(kiruna.answer.partners);
  });
});

describe('counts beside the filters', () => {
  it('show how many partners each item gives, follow ticks in other groups and the text, and keep empty and ticked items in place', async () => {
    const { page, answer } = await openWithFirstSearch(portal, '/#/search');
    expect(answer.totalFound).toBe(190);
    const region = group(page, 'Region');
    const level = group(page, 'Partner level');
    const types = group(page, 'Partner type');

    // Before any tick: every partner of Solution Partners.
    await expect.poll(() => shownBeside(region, 'Western Europe')).toBe('13');
    expect(
      await region.getByRole('checkbox', { name: countedName('Western Europe', 13) }).count(),
    ).toBe(1);
    expect(await level.getByRole('checkbox', { name: countedName('Gold', 53) }).count()).toBe(1);
    expect(
      await types.getByRole('radio', { name: countedName('Solution Partners', 190) }).isChecked(),
    ).toBe(true);
    expect(
      await types.getByRole('radio', { name: countedName('Technology Partners', 87) }).count(),
    ).toBe(1);

    // Platinum (another group) narrows Western Europe from 13 to 2; Gold, in Platinum's
    // own group, still says what it would give instead of Platinum; the global filters
    // count the text alone.
    const platinum = await searchAnswerTo(page, () =>
      level.getByRole('checkbox', { name: countedName('Platinum', 40) }).check(),
    );
    expect(platinum.answer.totalFound).toBe(40);
    await expect.poll(() => shownBeside(region, 'Western Europe')).toBe('2');
    expect(
      await region.getByRole('checkbox', { name: countedName('Western Europe', 2) }).count(),
    ).toBe(1);
    expect(await shownBeside(level, 'Gold')).toBe('53');
    expect(await shownBeside(level, 'Platinum')).toBe('40');
    expect(await shownBeside(types, 'Solution Partners')).toBe('190');

    // With the text 'cloud' too: Western Europe would give none. It stays first, says
    // so, and is marked empty; the global filters count partners matching 'cloud'.
    const cloud = await searchFor(page, 'cloud');
    expect(cloud.sent).toMatchObject({ text: 'cloud', filterItemIds: [40301] });
    expect(cloud.answer.totalFound).toBe(15);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 15 partners');
    await expect.poll(() => shownBeside(region, 'Western Europe')).toBe('0');
    const westernEurope = region.getByRole('checkbox', { name: countedName('Western Europe', 0) });
    expect(await westernEurope.count()).toBe(1);
    expect(await westernEurope.isEnabled()).toBe(true);
    expect(await choiceLabel(region, 'Western Europe').getAttribute('data-empty')).not.toBeNull();
    expect(await choiceLabel(region, 'Nordics').getAttribute('data-empty')).toBeNull();
    expect(await region.getByRole('checkbox').first().getAttribute('value')).toBe('40001');
    expect(await region.getByRole('checkbox', { name: countedName('Nordics', 2) }).count()).toBe(1);
    expect(
      await Promise.all(
        [
          'Solution Partners',
          'Technology Partners',
          'Consulting Partners',
          'Training Partners',
          'Cloud Partners',
        ].map((name) => shownBeside(types, name)),
      ),
    ).toEqual(['51', '24', '27', '11', '19']);
    expect(
      await types.getByRole('radio', { name: countedName('Cloud Partners', 19) }).count(),
    ).toBe(1);

    // Japan, the 11th region, ticked: folded again, the group still shows it.
    await region.getByRole('button', { name: 'View more Region' }).click();
    const japan = await searchAnswerTo(page, () =>
      region.getByRole('checkbox', { name: countedName('Japan', 3) }).check(),
    );
    expect(japan.sent.filterItemIds).toEqual([40301, 40011]);
    expect(japan.answer.totalFound).toBe(3);
    await region.getByRole('button', { name: 'View less Region' }).click();
    await expect.poll(() => region.getByRole('checkbox').count()).toBe(6);
    const shown = region.getByRole('checkbox', { name: countedName('Japan', 3) });
    expect(await shown.isVisible()).toBe(true);
    expect(await shown.isChecked()).toBe(true);
    expect(await region.getByRole('checkbox', { name: /^Oceania/ }).count()).toBe(0);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 3 of 3 partners');
  });
});

describe('matched words in the cards', () => {
  it('are marked in titles and summaries, and the cards read the same as the partner texts', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    const { answer } = await searchFor(page, 'cloud');
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 51 partners');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(10);

    for (const [index, partner] of answer.partners.entries()) {
      const card = cards.nth(index);
      const title = card.getByRole('heading');
      // The marks leave the text as it was.
      expect(await title.textContent()).toBe(partner.title);
      const inTitle = await markTexts(title);
      expect(inTitle.length).toBeGreaterThan(0);
      for (const text of [...inTitle, ...(await markTexts(card.locator('p')))]) {
        expect(text.toLowerCase()).toBe('cloud');
      }
    }
  });

  it('markup in a partner text around the word stays text: one real mark, no elements made', async () => {
    const dialogs: string[] = [];
    const { page } = await openWithFirstSearch(portal, '/#/search?filter=oem-partners', {
      beforeNavigate(page) {
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
      },
    });
    const { sent, answer } = await searchFor(page, 'quokka');
    expect(sent.globalFilter).toBe('oem-partners');
    expect(answer.partners.map((partner) => partner.title)).toEqual([MARKUP_TITLE]);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);

    const card = page.getByRole('article');
    const title = card.getByRole('heading');
    expect(await title.textContent()).toBe(MARKUP_TITLE);
    expect(await card.locator('p').textContent()).toBe(MARKUP_SUMMARY);
    // One mark in each: the word, not the '<mark>' written in the title.
    expect(await markTexts(title)).toEqual(['Quokka']);
    expect(await markTexts(card.locator('p'))).toEqual(['Quokka']);
    expect(await card.locator('b, script, img[src="x"]').count()).toBe(0);
    expect(await card.locator('img').count()).toBe(1);
    expect(dialogs).toEqual([]);
  });
});

describe('a search that finds nothing', () => {
  it('offers the steps back with their counts; one removes a ticked item and shows that many partners', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    await tick(page, 'Region', 'Western Europe');
    await tick(page, 'Partner level', 'Platinum');
    const none = await searchFor(page, 'cloud');
    expect(none.sent).toMatchObject({ text: 'cloud', filterItemIds: [40001, 40301] });
    expect(none.answer.totalFound).toBe(0);

    await page.getByRole('heading', { name: 'No partners found' }).waitFor();
    await expect
      .poll(() => waysOut(page).allTextContents())
      .toEqual([
        'Without “Western Europe” (15 partners)',
        'Without “Platinum” (4 partners)',
        'Without the search text (2 partners)',
      ]);
    expect(await page.getByRole('button', { name: 'RESET ALL' }).isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBe(0);

    const { sent, answer } = await searchAnswerTo(page, () =>
      page.getByRole('button', { name: 'Without “Western Europe” (15 partners)' }).click(),
    );
    expect(sent).toMatchObject({
      globalFilter: 'solution-partners',
      text: 'cloud',
      filterItemIds: [40301],
      offset: 0,
    });
    expect(answer.totalFound).toBe(15);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 15 partners');
    expect(await page.getByRole('article').count()).toBe(10);
    expect(await page.getByRole('heading', { name: 'No partners found' }).count()).toBe(0);
    expect(await field(page).inputValue()).toBe('cloud');
    await expect.poll(() => hasFocus(field(page))).toBe(true);
    expect(
      await group(page, 'Region')
        .getByRole('checkbox', { name: /^Western Europe/ })
        .isChecked(),
    ).toBe(false);
    expect(
      await group(page, 'Partner level')
        .getByRole('checkbox', { name: /^Platinum/ })
        .isChecked(),
    ).toBe(true);
  });

  it('offers to drop one word of the text; the field then shows the text searched', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    const none = await searchFor(page, 'cloud zzqxv');
    expect(none.answer.totalFound).toBe(0);
    await page.getByRole('heading', { name: 'No partners found' }).waitFor();
    // 'Without the word “cloud”' would find nothing: not offered.
    await expect
      .poll(() => waysOut(page).allTextContents())
      .toEqual([
        'Without the search text (190 partners)',
        'Without the word “zzqxv” (51 partners)',
      ]);

    const { sent, answer } = await searchAnswerTo(page, () =>
      page.getByRole('button', { name: 'Without the word “zzqxv” (51 partners)' }).click(),
    );
    expect(sent).toMatchObject({ text: 'cloud', filterItemIds: [] });
    expect(answer.totalFound).toBe(51);
    await expect.poll(() => new SearchPage(page).countText()).toBe('Showing 10 of 51 partners');
    expect(await field(page).inputValue()).toBe('cloud');
    await expect.poll(() => hasFocus(field(page))).toBe(true);
  });

  it('says "1 partner" for a step that finds one, and shows that partner', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    await tick(page, 'Region', 'Western Europe');
    await tick(page, 'Industry', 'Manufacturing');
    const none = await searchFor(page, 'nordlicht');
    expect(none.answer.totalFound).toBe(0);
    await expect
      .poll(() => waysOut(page).allTextContents())
      .toEqual(['Without the search text (3 partners)', 'Without “Western Europe” (1 partner)']);

    const { sent, answer } = await searchAnswerTo(page, () =>
      page.getByRole('button', { name: 'Without “Western Europe” (1 partner)' }).click(),
    );
    expect(sent).toMatchObject({ text: 'nordlicht', filterItemIds: [40104] });
    expect(answer.totalFound).toBe(1);
    await expect.poll(() => cardTitles(page)).toEqual(['Nordlicht Cloud']);
    expect(await new SearchPage(page).countText()).toMatch(/^Showing 1 of 1 partners?$/);
  });
});
