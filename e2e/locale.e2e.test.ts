/**
 * SPEC 1, 7 and 9: the page reads the portal's language id (underscore -> hyphen),
 * sends it as `locale` on both calls, shows the server's texts in that language and
 * formats the count's numbers for it. Also SPEC 6 and 7: the calls' company and site
 * scope, and the anti-forgery token on the search.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DirectoryData } from '@partners-network/demo';
import {
  isFilterGroupsCall,
  isSearchCall,
  openWithFirstSearch,
  readSentSearch,
  searchAnswerTo,
} from './support/searchCalls';
import { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

/** Enough extra partners for a total above 1000, where number formats differ. */
const EXTRA_PARTNERS = 850;

const extraPartners: DirectoryData = {
  sites: [
    {
      companyId: '20097',
      scopeGroupId: '20121',
      partners: Array.from({ length: EXTRA_PARTNERS }, (_, index) => ({
        slug: `extra-partner-${index + 1}`,
        title: { 'en-US': `Extra Partner ${index + 1}` },
        url: `/partners/extra-partner-${index + 1}`,
        imageUrl: `/partner-assets/logos/extra-partner-${index + 1}.svg`,
        globalFilters: ['solution-partners'],
        filterItemIds: [40001, 40302],
      })),
    },
  ],
};

const portal = usePortal({ importDirectory: extraPartners });

/** Groups of three digits with `separator`, as de-DE (.), en-US (,) and fr-FR (U+202F) do. */
function grouped(total: number, separator: string): string {
  return String(total).replace(/\B(?=(\d{3})+$)/g, separator);
}

describe('the portal language', () => {
  it('de_DE: locale de-DE on both calls to the portal scope, German texts and messages, German number format', async () => {
    const calls: Request[] = [];
    const { page, answer } = await openWithFirstSearch(portal, '/?languageId=de_DE', {
      beforeNavigate(page) {
        page.on('request', (request) => {
          if (isSearchCall(request) || isFilterGroupsCall(request)) calls.push(request);
        });
      },
    });
    // Company 20097 and site 20121 from the portal's theme display; the filter
    // definitions once, then the search.
    expect(
      calls.map(
        (call) => `${call.method()} ${new URL(call.url()).pathname}${new URL(call.url()).search}`,
      ),
    ).toEqual([
      'GET /o/preferred-partners/v1/20097/20121/filter-groups?locale=de-DE',
      'POST /o/preferred-partners/v1/20097/20121/search?locale=de-DE',
    ]);
    // The search carries the anti-forgery token of the portal's cookie.
    const cookies = await page.context().cookies();
    const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(token).toBeTruthy();
    expect(await calls[1]?.headerValue('x-xsrf-token')).toBe(token);
    // The seed's 190 Solution Partners and the extra ones.
    expect(answer.totalFound).toBe(190 + EXTRA_PARTNERS);

    const german = new SearchPage(page, {
      texts: { searchFilters: 'Suchfilter', loadMore: 'Weitere Partner laden' },
    });
    await expect
      .poll(() => german.countText())
      .toBe(`Angezeigt: 10 von ${grouped(answer.totalFound, '.')} Partnern`);
    expect(await german.radio('Lösungspartner').isChecked()).toBe(true);
    const panel = german.filterPanel();
    for (const group of ['Region', 'Branche', 'Fachgebiet', 'Partnerstufe', 'Servicesprache']) {
      expect(await panel.getByRole('group', { name: group, exact: true }).count()).toBe(1);
    }
    expect(await panel.getByRole('checkbox', { name: 'Westeuropa' }).count()).toBe(1);
    // Badges come in German too.
    const badges = await german
      .cards()
      .first()
      .getByRole('list', { name: 'Kategorien' })
      .getByRole('listitem')
      .allTextContents();
    expect(badges).toEqual(answer.partners[0]?.categories);
    expect(badges).toContain('Daten & Analyse');

    const more = await searchAnswerTo(page, () => german.loadMore());
    expect(more.sent.locale).toBe('de-DE');
    // The filter definitions are fetched once, at start.
    expect(calls.filter((call) => isFilterGroupsCall(call))).toHaveLength(1);
    await expect
      .poll(() => german.countText())
      .toBe(`Angezeigt: 20 von ${grouped(answer.totalFound, '.')} Partnern`);
  });

  it('fr_FR: locale fr-FR, French messages and the French number format', async () => {
    const { searchPage, sent, answer } = await openWithFirstSearch(portal, '/?languageId=fr_FR');
    expect(sent.locale).toBe('fr-FR');
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Affichage de 10 sur ${grouped(answer.totalFound, '\u202f')} partenaires`);
    expect(await searchPage.radio('Partenaires solutions').isChecked()).toBe(true);
  });

  it('en_US (the default): locale en-US and the English number format', async () => {
    const { searchPage, sent, answer } = await openWithFirstSearch(portal, '/');
    expect(sent.locale).toBe('en-US');
    await expect
      .poll(() => searchPage.countText())
      .toBe(`Showing 10 of ${grouped(answer.totalFound, ',')} partners`);
    expect(await searchPage.radio('Solution Partners').isChecked()).toBe(true);
  });

  it("the portal's language switch keeps the visitor's search", async () => {
    const { page, searchPage } = await openWithFirstSearch(
      portal,
      '/?languageId=fr_FR#/search?filter=technology-partners',
    );
    await searchAnswerTo(page, () => searchPage.tickFilter('Platine'));
    await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]search=/);

    const german = page.waitForResponse(
      (response) => isSearchCall(response.request()) && response.url().includes('locale=de-DE'),
    );
    await page
      .getByRole('navigation', { name: 'Langue' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    const sent = readSentSearch((await german).request());
    expect(sent).toMatchObject({ globalFilter: 'technology-partners', filterItemIds: [40301] });
    await expect.poll(() => searchPage.checkbox('Platin').isChecked()).toBe(true);
    expect(await searchPage.radio('Technologiepartner').isChecked()).toBe(true);
  });
});
