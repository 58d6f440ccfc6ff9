/**
 * SPEC 2 'Search filters', 4 (global filter, toggling items, View More / View Less)
 * and 5 (chip input): the filter panel against the real API's answers.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';
import { shownCount } from './support/visibleText';

const portal = usePortal();

function panel(page: Page) {
  return page.getByRole('region', { name: 'Search filters' });
}

function group(page: Page, name: string) {
  return panel(page).getByRole('group', { name, exact: true });
}

function checkedItems(page: Page): Promise<string[]> {
  return panel(page)
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent ?? ''));
}

function savedSearchParam(saved: unknown): string {
  return encodeURIComponent(Buffer.from(JSON.stringify(saved), 'utf8').toString('base64'));
}

describe('the filter panel', () => {
  it("is titled 'Search filters' and offers the global filters as one radio choice", async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    expect(
      await panel(page).getByRole('heading', { name: 'Search filters', level: 2 }).count(),
    ).toBe(1);
    const types = group(page, 'Partner type');
    // Six global filters: the first five show, the sixth behind View More.
    expect(await types.getByRole('radio').count()).toBe(5);
    expect(await types.getByRole('radio', { name: 'Solution Partners' }).isChecked()).toBe(true);
    await types.getByRole('button', { name: 'View more Partner type' }).click();
    expect(await types.getByRole('radio').count()).toBe(6);
    expect(await types.getByRole('radio', { name: 'OEM Partners' }).isVisible()).toBe(true);

    await types.getByRole('radio', { name: 'Technology Partners' }).check();
    expect(await types.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await types.getByRole('radio', { name: 'Solution Partners' }).isChecked()).toBe(false);
  });

  it('starts the global filters expanded when the chosen one is beyond the fifth', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search?filter=oem-partners');
    const types = group(page, 'Partner type');
    await expect
      .poll(() => types.getByRole('radio', { name: 'OEM Partners' }).isChecked())
      .toBe(true);
    expect(await types.getByRole('radio').count()).toBe(6);
    expect(await types.getByRole('button', { name: 'View less Partner type' }).count()).toBe(1);
  });

  it('changing the global filter clears ticked items, starts over and shows its own groups', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    expect(await group(page, 'Service language').count()).toBe(1);
    await searchAnswerTo(page, () =>
      group(page, 'Service language').getByRole('checkbox', { name: 'English' }).check(),
    );
    await searchAnswerTo(page, () => page.getByRole('checkbox', { name: 'Gold' }).check());
    await searchAnswerTo(page, () =>
      page.getByRole('button', { name: 'Load More Partners' }).click(),
    );
    await expect.poll(() => checkedItems(page)).toEqual(['Gold', 'English']);

    const { sent, answer } = await searchAnswerTo(page, () =>
      page.getByRole('radio', { name: 'Technology Partners' }).check(),
    );
    expect(sent).toMatchObject({
      globalFilter: 'technology-partners',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    await expect.poll(() => checkedItems(page)).toEqual([]);
    await expect.poll(() => group(page, 'Service language').count()).toBe(0);
    const legends = await panel(page)
      .getByRole('group')
      .evaluateAll((groups) =>
        groups.map((fieldset) => fieldset.querySelector('legend')?.textContent ?? ''),
      );
    expect(legends).toEqual(['Partner type', 'Region', 'Industry', 'Expertise', 'Partner level']);
    expect(await page.getByRole('list', { name: 'Selected filters' }).count()).toBe(0);
    await expect.poll(() => shownCount(page)).toBe(`Showing 10 of ${answer.totalFound} partners`);
  });

  it('shows the first 5 items of a group until View More, then offers View Less', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    const region = group(page, 'Region');
    expect(await region.getByRole('checkbox').count()).toBe(5);
    const more = region.getByRole('button', { name: 'View more Region' });
    expect(await more.textContent()).toBe('View More');
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    await more.click();
    expect(await region.getByRole('checkbox').count()).toBe(12);
    const less = region.getByRole('button', { name: 'View less Region' });
    expect(await less.textContent()).toBe('View Less');
    expect(await less.getAttribute('aria-expanded')).toBe('true');

    await less.click();
    expect(await region.getByRole('checkbox').count()).toBe(5);
    // A group of 5 or fewer has no button.
    expect(await group(page, 'Partner level').getByRole('checkbox').count()).toBe(4);
    expect(await group(page, 'Partner level').getByRole('button').count()).toBe(0);
  });

  it('starts a group expanded when a saved search ticks an item beyond the fifth', async () => {
    const saved = {
      globalFilter: 'solution-partners',
      filterItemIds: [40012], // Oceania, the 12th region
      text: '',
      offset: 0,
      resultsPerPage: 10,
    };
    const { page } = await openWithFirstSearch(
      portal,
      `/#/search?search=${savedSearchParam(saved)}`,
    );
    const region = group(page, 'Region');
    await expect
      .poll(() => region.getByRole('checkbox', { name: 'Oceania' }).isChecked())
      .toBe(true);
    expect(await region.getByRole('checkbox').count()).toBe(12);
    expect(await region.getByRole('button', { name: 'View less Region' }).count()).toBe(1);
    // Other groups stay folded.
    expect(await group(page, 'Industry').getByRole('checkbox').count()).toBe(5);
  });
});

describe('ticking filter items', () => {
  it('widens within a group (OR) and narrows across groups (AND); chips remove items', async () => {
    const { page, answer: all } = await openWithFirstSearch(portal, '/#/search');
    const shows = (total: number) => new RegExp(`^Showing \\d+ of ${total} partners$`);

    const westernEurope = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Western Europe' }).check(),
    );
    expect(westernEurope.sent).toMatchObject({ filterItemIds: [40001], offset: 0 });
    expect(westernEurope.answer.totalFound).toBeLessThan(all.totalFound);
    await expect.poll(() => shownCount(page)).toMatch(shows(westernEurope.answer.totalFound));

    const orGermany = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Germany, Austria & Switzerland' }).check(),
    );
    expect(orGermany.sent.filterItemIds).toEqual([40001, 40002]);
    expect(orGermany.answer.totalFound).toBeGreaterThan(westernEurope.answer.totalFound);

    const andPlatinum = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Platinum' }).check(),
    );
    expect(andPlatinum.sent.filterItemIds).toEqual([40001, 40002, 40301]);
    expect(andPlatinum.answer.totalFound).toBeLessThan(orGermany.answer.totalFound);
    await expect.poll(() => shownCount(page)).toMatch(shows(andPlatinum.answer.totalFound));
    // Every card found is a Platinum partner.
    const badges = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
    expect(badges.length).toBe(andPlatinum.answer.partners.length);
    for (const text of badges) expect(text).toContain('Platinum');

    const chips = page.getByRole('list', { name: 'Selected filters' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual([
      'Western Europe×',
      'Germany, Austria & Switzerland×',
      'Platinum×',
    ]);
    const removed = await searchAnswerTo(page, () =>
      chips.getByRole('button', { name: 'Remove Platinum' }).click(),
    );
    expect(removed.sent).toMatchObject({ filterItemIds: [40001, 40002], offset: 0 });
    expect(removed.answer.totalFound).toBe(orGermany.answer.totalFound);
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Platinum' }).isChecked())
      .toBe(false);

    // Unticking the box works the same way.
    const unticked = await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Germany, Austria & Switzerland' }).uncheck(),
    );
    expect(unticked.sent.filterItemIds).toEqual([40001]);
    expect(unticked.answer.totalFound).toBe(westernEurope.answer.totalFound);
  });

  it('adds an item typed by name in the chip input when Enter is pressed, Enter only', async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    const chipInput = page.getByRole('combobox', { name: 'Add a filter by name' });
    await chipInput.fill('Gold,');
    await chipInput.press(',');
    await chipInput.press('Tab');
    expect(await page.getByRole('checkbox', { name: 'Gold' }).isChecked()).toBe(false);

    await chipInput.fill('gold');
    const { sent } = await searchAnswerTo(page, () => chipInput.press('Enter'));
    expect(sent.filterItemIds).toEqual([40302]);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Gold' }).isChecked()).toBe(true);
    expect(await chipInput.inputValue()).toBe('');
  });
});
