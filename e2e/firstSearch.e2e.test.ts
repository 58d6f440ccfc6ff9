import { describe, expect, it } from 'vitest';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

describe('a visitor opens the partners page', () => {
  it('lands on the search route and sees partner cards from the real server', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;

    await searchPage.heading().waitFor();
    await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe('#/search');

    const cards = searchPage.cards();
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    // The route alone: the saved search waits for the visitor's first action.
    expect(new URL(page.url()).hash).toBe('#/search');
    // Every Solution Partner of the seed.
    await expect.poll(() => searchPage.countText()).toBe('Showing 10 of 190 partners');
  });

  it('reads the portal language and shows French labels', async () => {
    const searchPage = await openSearchPage(portal, '/?languageId=fr_FR');
    await searchPage.cards().first().waitFor();
    const panel = searchPage.page.getByRole('region', { name: 'Filtres de recherche' });
    // The Region group's legend.
    await expect.poll(() => panel.getByText('Région').count()).toBe(1);
  });
});
