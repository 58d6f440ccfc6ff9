/** SPEC 2 'No-results panel', 4 (reset all) and 8 (zero results): against the real API. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';
import { shownCount } from './support/visibleText';

const portal = usePortal();

function field(page: Page) {
  return page.getByRole('textbox', { name: 'Search partners' });
}

async function searchFor(page: Page, text: string) {
  await field(page).fill(text);
  return searchAnswerTo(page, () =>
    page.getByRole('button', { name: 'Search', exact: true }).click(),
  );
}

describe('a search that finds nothing', () => {
  it("shows 'No partners found' with the exact texts, no cards, no count, no Load More", async () => {
    const { page } = await openWithFirstSearch(portal, '/#/search');
    const { answer } = await searchFor(page, 'zzqxv');
    expect(answer.totalFound).toBe(0);

    const title = page.getByRole('heading', { name: 'No partners found' });
    await title.waitFor();
    expect(await title.textContent()).toBe('No partners found');
    const panel = page.locator('*', { has: title }).filter({ hasText: 'RESET ALL' }).last();
    // SPEC's title, text and RESET ALL, with the one step back a lone word allows (issue 14).
    expect((await panel.innerText()).split('\n').filter(Boolean)).toEqual([
      'No partners found',
      'No results found. Try different keywords or remove search filters.',
      'Try one step back:',
      'Without the search text (190 partners)',
      'RESET ALL',
    ]);
    expect(
      await page
        .getByText('No results found. Try different keywords or remove search filters.', {
          exact: true,
        })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'RESET ALL' }).textContent()).toBe('RESET ALL');
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await shownCount(page)).toBe('');
    expect(await page.getByRole('button', { name: 'Load More Partners' }).count()).toBe(0);
  });

  it('RESET ALL clears the text, the ticked items and the field, and lists everyone again', async () => {
    const { page, answer: everyone } = await openWithFirstSearch(portal, '/#/search');
    await searchAnswerTo(page, () => page.getByRole('checkbox', { name: 'Platinum' }).check());
    await searchAnswerTo(page, () =>
      page.getByRole('checkbox', { name: 'Western Europe' }).check(),
    );
    await searchFor(page, 'zzqxv');
    const reset = page.getByRole('button', { name: 'RESET ALL' });
    await reset.waitFor();

    const { sent, answer } = await searchAnswerTo(page, () => reset.click());
    expect(sent).toMatchObject({
      globalFilter: 'solution-partners',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    });
    expect(answer.totalFound).toBe(everyone.totalFound);
    expect(await field(page).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await expect.poll(() => shownCount(page)).toBe(`Showing 10 of ${everyone.totalFound} partners`);
    expect(await page.getByRole('heading', { name: 'No partners found' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Selected filters' }).count()).toBe(0);
  });
});
