/**
 * SPEC 4: the first global filter is the one named by defaultGlobalFilter (not simply
 * the first of the list), unless the `filter` parameter names another. In the seed the
 * default is also the first, so this portal makes the fifth one, Cloud Partners, the
 * site's default through the server's own import.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const portal = usePortal({
  importDirectory: {
    sites: [{ companyId: '20097', scopeGroupId: '20121', defaultGlobalFilter: 'cloud-partners' }],
  },
});

function legends(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Search filters' })
    .getByRole('group')
    .evaluateAll((groups) =>
      groups.map((fieldset) => fieldset.querySelector('legend')?.textContent ?? ''),
    );
}

describe('the default global filter', () => {
  it('is the one the filter definitions name, with its own groups', async () => {
    const { page, sent } = await openWithFirstSearch(portal, '/#/search');
    expect(sent.globalFilter).toBe('cloud-partners');
    expect(await page.getByRole('radio', { name: 'Cloud Partners' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Solution Partners' }).isChecked()).toBe(false);
    await expect
      .poll(() => legends(page))
      .toEqual(['Partner type', 'Region', 'Expertise', 'Partner level']);
  });

  it('gives way to the filter parameter, and comes back for an unknown name', async () => {
    const named = await openWithFirstSearch(portal, '/#/search?filter=Training-Partners');
    expect(named.sent.globalFilter).toBe('training-partners');
    expect(await named.page.getByRole('radio', { name: 'Training Partners' }).isChecked()).toBe(
      true,
    );

    const unknown = await openWithFirstSearch(portal, '/#/search?filter=gold-partners');
    expect(unknown.sent.globalFilter).toBe('cloud-partners');
    expect(await unknown.page.getByRole('radio', { name: 'Cloud Partners' }).isChecked()).toBe(
      true,
    );
  });
});
