/**
 * The console's Insights as an operator reads them, in Debian's Chromium against the demo
 * with ADMIN_TOKEN: searches made on the public page (some that find nothing, with a filter
 * ticked) and a card opened show in the view after the counts are flushed, and a search
 * that found nothing opens the public page on that same search. Then the operator erases
 * the site's counts: Escape first (nothing erased), then the confirmation, and the view, the
 * database behind it, shows none.
 */
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { openConsole } from './support/consolePage';
import { searchAnswerTo } from './support/searchCalls';
import { SearchPage, openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const TOKEN = 'e2e-console-insights-token';
const portal = usePortal({ adminTokens: [TOKEN] });

describe('insights in the console', () => {
  it('shows the searches made on the public page, and opens one that found nothing there', async () => {
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const looking = await openSearchPage(portal, '/');
      await looking.waitForCards();
      await searchAnswerTo(looking.page, () => looking.searchFor('cloud'));
      const searchPage = await openSearchPage(portal, '/');
      await searchPage.waitForCards();
      await searchPage.openFiltersIfFolded();
      await searchAnswerTo(searchPage.page, () => searchPage.tickFilter('Gold'));
      const { answer } = await searchAnswerTo(searchPage.page, () => searchPage.searchFor('zzqxv'));
      expect(answer.totalFound).toBe(0);
    }
    const visitor = await openSearchPage(portal, '/');
    await visitor.waitForCards();
    const { answer } = await searchAnswerTo(visitor.page, () => visitor.searchFor('cloud'));
    const opened = answer.partners[0];
    if (!opened) throw new Error('cloud finds no partner');
    await visitor.openCard(opened.title);
    await expect.poll(() => portal.demo.counting?.figures().counting?.clicksCounted).toBe(1);
    await portal.demo.counting?.flush();

    const operator = await openConsole(portal, { width: 1440, height: 900 });
    await operator.signIn(TOKEN);
    await operator.table().waitFor();
    await operator.openView('Insights');
    await operator.insightsTable('Top searches').waitFor();
    const top = await operator.insightsRows('Top searches');
    expect(top).toContainEqual(['cloud', '4', '0', '1']);
    expect(top).toContainEqual(['zzqxv', '3', '3', '0']);
    expect(await operator.insightsRows('Searches that found nothing')).toContainEqual([
      'zzqxv',
      'Solution Partners',
      expect.stringContaining('Gold'),
      '3',
    ]);
    expect(await operator.insightsRows('Partners opened most')).toEqual([[opened.title, '1']]);
    expect(await operator.insightsRows('Click-through rate by position')).toEqual([
      ['1', '1', expect.stringMatching(/%$/)],
    ]);
    const chart = operator.page.getByRole('img', { name: /^Searches per day from / });
    expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();

    // The search that found nothing, on the public page, as the visitors made it.
    const [popup] = await Promise.all([
      operator.page.context().waitForEvent('page'),
      operator
        .insightsTable('Searches that found nothing')
        .getByRole('link', { name: '“zzqxv” on the public page' })
        .click(),
    ]);
    const reopened = new SearchPage(popup);
    await reopened.noResultsHeading().waitFor();
    expect(await reopened.field().inputValue()).toBe('zzqxv');
    await reopened.openFiltersIfFolded();
    expect(await reopened.checkedFilters()).toEqual(['Gold']);
  });

  it("erases the site's counts only once confirmed, and shows none after", async () => {
    const visitor = await openSearchPage(portal, '/');
    await visitor.waitForCards();
    for (let count = 0; count < 3; count += 1) {
      await searchAnswerTo(visitor.page, () => visitor.searchFor('erasable0'));
      await searchAnswerTo(visitor.page, () => visitor.searchFor('data'));
    }
    await portal.demo.counting?.flush();

    const operator = await openConsole(portal, { width: 360, height: 800 });
    const { page } = operator;
    // The three searches that found nothing, in Top searches.
    const countsShown = async () => {
      await operator.insightsTable('Top searches').waitFor();
      const top = await operator.insightsRows('Top searches');
      expect(top).toContainEqual(['erasable0', '3', '3', '0']);
    };
    await operator.signIn(TOKEN);
    await operator.table().waitFor();
    await operator.openView('Insights');
    await countsShown();

    const opener = page.getByRole('button', { name: 'Erase search counts…' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Erase the search counts of 20097 / 20121?' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Cancel');
    expect(await findAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => opener.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.reload();
    await countsShown();

    await page.getByRole('button', { name: 'Erase search counts…' }).click();
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Erase the counts' }).click();
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Erased the search counts of 20097 / 20121.');
    await operator.insightsTable('Top searches').waitFor({ state: 'detached' });
    const totals = page.getByRole('region', { name: 'In this period' });
    await totals.getByText('0 searches found nothing').waitFor();
    // Gone from the database, not only from the view.
    await page.reload();
    await page.getByRole('heading', { name: 'Top searches' }).waitFor();
    expect(await operator.insightsTable('Top searches').count()).toBe(0);
  });
});
