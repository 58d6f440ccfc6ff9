/**
 * SPEC 2 'Search filters', 4 (global filter, toggling items, View More / View Less)
 * and 5 (chip input): the filter panel against the real API's answers.
 */
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, savedSearchParam, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const portal = usePortal();

describe('the filter panel', () => {
  it("is titled 'Search filters' and offers the global filters as one radio choice", async () => {
    const { searchPage } = await openWithFirstSearch(portal, '/#/search');
    // The panel is a chunk of its own: it may be drawn after the first answer.
    await expect
      .poll(() =>
        searchPage.filterPanel().getByRole('heading', { name: 'Search filters', level: 2 }).count(),
      )
      .toBe(1);
    const types = searchPage.group('Partner type');
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
    const { searchPage } = await openWithFirstSearch(portal, '/#/search?filter=oem-partners');
    const types = searchPage.group('Partner type');
    await expect
      .poll(() => types.getByRole('radio', { name: 'OEM Partners' }).isChecked())
      .toBe(true);
    expect(await types.getByRole('radio').count()).toBe(6);
    expect(await types.getByRole('button', { name: 'View less Partner type' }).count()).toBe(1);
  });

  it('changing the global filter clears ticked items, starts over and shows its own groups', async () => {
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search');
    await expect.poll(() => searchPage.group('Service language').count()).toBe(1);
    await searchAnswerTo(page, () => searchPage.tickFilter('English', 'Service language'));
    await searchAnswerTo(page, () => searchPage.tickFilter('Gold'));
    await searchAnswerTo(page, () => searchPage.loadMore());
    await expect.poll(() => searchPage.checkedFilters()).toEqual(['Gold', 'English']);

    const { sent, answer } = await searchAnswerTo(page, () =>
      searchPage.chooseGlobalFilter('Technology Partners'),
    );
    expect(sent).toMatchObject({
      globalFilter: 'technology-partners',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    await expect.poll(() => searchPage.checkedFilters()).toEqual([]);
    await expect.poll(() => searchPage.group('Service language').count()).toBe(0);
    expect(await searchPage.groupLegends()).toEqual([
      'Partner type',
      'Region',
      'Industry',
      'Expertise',
      'Partner level',
    ]);
    expect(await searchPage.chips().count()).toBe(0);
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 10 of ${answer.totalFound} partners`);
  });

  it('shows the first 5 items of a group until View More, then offers View Less', async () => {
    const { searchPage } = await openWithFirstSearch(portal, '/#/search');
    const region = searchPage.group('Region');
    // The panel is a chunk of its own: it may be drawn after the first answer.
    await expect.poll(() => region.getByRole('checkbox').count()).toBe(5);
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
    expect(await searchPage.group('Partner level').getByRole('checkbox').count()).toBe(4);
    expect(await searchPage.group('Partner level').getByRole('button').count()).toBe(0);
  });

  it('starts a group expanded when a saved search ticks an item beyond the fifth', async () => {
    const saved = {
      globalFilter: 'solution-partners',
      filterItemIds: [40012], // Oceania, the 12th region
      text: '',
      offset: 0,
      resultsPerPage: 10,
    };
    const { searchPage } = await openWithFirstSearch(
      portal,
      `/#/search?search=${savedSearchParam(saved)}`,
    );
    const region = searchPage.group('Region');
    await expect
      .poll(() => region.getByRole('checkbox', { name: 'Oceania' }).isChecked())
      .toBe(true);
    expect(await region.getByRole('checkbox').count()).toBe(12);
    expect(await region.getByRole('button', { name: 'View less Region' }).count()).toBe(1);
    // Other groups stay folded.
    expect(await searchPage.group('Industry').getByRole('checkbox').count()).toBe(5);
  });
});

describe('ticking filter items', () => {
  it('widens within a group (OR) and narrows across groups (AND); chips remove items', async () => {
    const { page, searchPage, answer: all } = await openWithFirstSearch(portal, '/#/search');
    const shows = (total: number) => new RegExp(`^Showing \\d+ of ${total} partners$`);
    // In the seed: 190 Solution Partners; 13 in Western Europe, 25 more in Germany,
    // Austria & Switzerland; 7 Platinum partners among those 38.
    expect(all.totalFound).toBe(190);

    const westernEurope = await searchAnswerTo(page, () => searchPage.tickFilter('Western Europe'));
    expect(westernEurope.sent).toMatchObject({ filterItemIds: [40001], offset: 0 });
    expect(westernEurope.answer.totalFound).toBe(13);
    await expect.poll(() => searchPage.countText()).toMatch(shows(westernEurope.answer.totalFound));

    // OR within a group: more partners.
    const orGermany = await searchAnswerTo(page, () =>
      searchPage.tickFilter('Germany, Austria & Switzerland'),
    );
    expect(orGermany.sent.filterItemIds).toEqual([40001, 40002]);
    expect(orGermany.answer.totalFound).toBe(38);

    // AND across groups: fewer.
    const andPlatinum = await searchAnswerTo(page, () => searchPage.tickFilter('Platinum'));
    expect(andPlatinum.sent.filterItemIds).toEqual([40001, 40002, 40301]);
    expect(andPlatinum.answer.totalFound).toBe(7);
    await expect.poll(() => searchPage.countText()).toMatch(shows(andPlatinum.answer.totalFound));
    // Every card found is a Platinum partner.
    const badges = await searchPage
      .cards()
      .evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
    expect(badges.length).toBe(andPlatinum.answer.partners.length);
    for (const text of badges) expect(text).toContain('Platinum');

    expect(await searchPage.chips().getByRole('listitem').allTextContents()).toEqual([
      'Western Europe×',
      'Germany, Austria & Switzerland×',
      'Platinum×',
    ]);
    const removed = await searchAnswerTo(page, () => searchPage.removeChip('Platinum'));
    expect(removed.sent).toMatchObject({ filterItemIds: [40001, 40002], offset: 0 });
    expect(removed.answer.totalFound).toBe(orGermany.answer.totalFound);
    await expect.poll(() => searchPage.checkbox('Platinum').isChecked()).toBe(false);

    // Unticking the box works the same way.
    const unticked = await searchAnswerTo(page, () =>
      searchPage.untickFilter('Germany, Austria & Switzerland'),
    );
    expect(unticked.sent.filterItemIds).toEqual([40001]);
    expect(unticked.answer.totalFound).toBe(westernEurope.answer.totalFound);
  });

  it('adds an item typed by name in the chip input when Enter is pressed, Enter only', async () => {
    const { page, searchPage } = await openWithFirstSearch(portal, '/#/search');
    const chipInput = searchPage.chipInput();
    await chipInput.fill('Gold,');
    await chipInput.press(',');
    await chipInput.press('Tab');
    expect(await searchPage.checkbox('Gold').isChecked()).toBe(false);

    await chipInput.fill('gold');
    const { sent } = await searchAnswerTo(page, () => chipInput.press('Enter'));
    expect(sent.filterItemIds).toEqual([40302]);
    await expect.poll(() => searchPage.checkbox('Gold').isChecked()).toBe(true);
    expect(await chipInput.inputValue()).toBe('');
  });
});
