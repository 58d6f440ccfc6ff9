import { describe, expect, it } from 'vitest';
import { usePortal } from './support/usePortal';
import { shownCount } from './support/visibleText';

const portal = usePortal();

describe('a visitor opens the partners page', () => {
  it('lands on the search route and sees partner cards from the real server', async () => {
    const page = await portal.open('/');

    await page.getByRole('heading', { name: 'Partners Network' }).waitFor();
    await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe('#/search');

    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    await expect.poll(() => shownCount(page)).toMatch(/^Showing 10 of \d+ partners$/);
  });

  it('reads the portal language and shows French labels', async () => {
    const page = await portal.open('/?languageId=fr_FR');
    await page.getByRole('article').first().waitFor();
    const panel = page.getByRole('region', { name: 'Filtres de recherche' });
    await expect.poll(() => panel.getByText('Région').count()).toBeGreaterThan(0);
  });
});
