/**
 * SPEC 4: the first global filter is the one named by defaultGlobalFilter (not simply
 * the first of the list), unless the `filter` parameter names another. In the seed the
 * default is also the first, so this portal makes the fifth one, Cloud Partners, the
 * site's default through the server's own import.
 */
import { describe, expect, it } from 'vitest';
import { openWithFirstSearch } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const portal = usePortal({
  importDirectory: {
    sites: [{ companyId: '20097', scopeGroupId: '20121', defaultGlobalFilter: 'cloud-partners' }],
  },
});

describe('the default global filter', () => {
  it('is the one the filter definitions name, with its own groups', async () => {
    const { searchPage, answer } = await openWithFirstSearch(portal, '/#/search');
    // The first search (sent beside the definitions request, with no global filter) shows
    // the partners of the default the definitions name.
    expect(answer.globalFilter).toBe('cloud-partners');
    expect(await searchPage.radio('Cloud Partners').isChecked()).toBe(true);
    expect(await searchPage.radio('Solution Partners').isChecked()).toBe(false);
    await expect
      .poll(() => searchPage.groupLegends())
      .toEqual(['Partner type', 'Region', 'Expertise', 'Partner level']);
  });

  it('gives way to the filter parameter, and comes back for an unknown name', async () => {
    const named = await openWithFirstSearch(portal, '/#/search?filter=Training-Partners');
    expect(named.answer.globalFilter).toBe('training-partners');
    expect(await named.searchPage.radio('Training Partners').isChecked()).toBe(true);

    const unknown = await openWithFirstSearch(portal, '/#/search?filter=gold-partners');
    expect(unknown.answer.globalFilter).toBe('cloud-partners');
    expect(await unknown.searchPage.radio('Cloud Partners').isChecked()).toBe(true);
  });
});
