/** The Insights view: the period asked, the figures, the chart's table, links to the page. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { insightsPath } from '@partners-network/contract';
import { MAIN, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi(3);

const asked = () =>
  requestsTo(fake.api, 'GET', insightsPath(MAIN)).map((request) => request.url.search);

/** The saved search a link of the page opens (#/search?search=base64 of its JSON). */
function searchOf(href: string | null): unknown {
  const url = new URL(href ?? '', 'http://localhost');
  const value = new URLSearchParams(url.hash.split('?')[1]).get('search') ?? '';
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))));
}

describe('the Insights view', () => {
  it('asks for the last 30 days in every language, and shows the totals and the day chart', async () => {
    await renderSignedIn('#/sites/20097/20121/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toHaveFocus();
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(asked()).toEqual([`?from=${from}&to=${to}`]));
    const totals = await screen.findByRole('region', { name: 'In this period' });
    expect(within(totals).getByText('25%')).toBeInTheDocument();
    expect(within(totals).getByText('10 searches found nothing')).toBeInTheDocument();
    expect(within(totals).getByText('40%')).toBeInTheDocument();
    expect(
      within(totals).getByText('7 other searches (texts seen fewer than 3 times)'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Searches per day from 2026-03-01 to 2026-03-03: at most 30 in a day, 40 in all.',
      }),
    ).toBeInTheDocument();
    const days = screen.getByRole('table', { name: 'Searches per day as a table' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DaySearchesFound nothing', '2026-03-01102', '2026-03-0200', '2026-03-03308']);
  });

  it("shows visitors' texts as text, each search a link to the public page on it", async () => {
    await renderSignedIn('#/sites/20097/20121/insights');
    const zero = await screen.findByRole('table', { name: 'Searches that found nothing' });
    const link = within(zero).getByRole('link', {
      name: '“<b>kubernetes</b>” on the public page',
    });
    expect(link).toHaveTextContent('<b>kubernetes</b>');
    expect(document.querySelector('b')).toBeNull();
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toMatch(/^http:\/\/localhost(:\d+)?\/#\/search\?search=/);
    expect(searchOf(link.getAttribute('href'))).toEqual({
      globalFilter: 'solution-partners',
      filterItemIds: [40002],
      text: '<b>kubernetes</b>',
      offset: 0,
      resultsPerPage: 10,
    });
    expect(within(zero).getByText('Nordics (Region)')).toBeInTheDocument();
    const partners = screen.getByRole('table', { name: 'Partners opened most' });
    expect(within(partners).getByRole('link', { name: 'Partner 01' })).toHaveAttribute(
      'href',
      '#/sites/20097/20121/partners/partner-1',
    );
    expect(within(partners).getByText('a partner no longer in the site')).toBeInTheDocument();
    const positions = screen.getByRole('table', { name: 'Click-through rate by position' });
    expect(within(positions).getByText('26.7%')).toBeInTheDocument();
  });

  it('asks again for the period and language chosen, keeps them in the address, and refuses a reversed period', async () => {
    const user = await renderSignedIn('#/sites/20097/20121/insights');
    await screen.findByRole('table', { name: 'Top searches' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Language of the searches' }),
      'French (France)',
    );
    const page = screen.getByRole('textbox', { name: 'Public page address' });
    await user.clear(page);
    await user.type(page, 'https://portal.example/partners');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked().at(-1)).toBe('?from=2026-01-01&to=2026-01-31&locale=fr-FR'));
    expect(window.location.hash).toBe(
      '#/sites/20097/20121/insights?from=2026-01-01&to=2026-01-31&locale=fr-FR&page=https%3A%2F%2Fportal.example%2Fpartners',
    );
    const top = await screen.findByRole('table', { name: 'Top searches' });
    expect(
      within(top).getByRole('link', { name: '“cloud” on the public page' }).getAttribute('href'),
    ).toMatch(/^https:\/\/portal\.example\/partners#\/search\?search=/);

    const count = asked().length;
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-02-15');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('from must not be after to');
    expect(asked()).toHaveLength(count);
  });

  it('never makes a link of a page address that is not http(s)', async () => {
    await renderSignedIn('#/sites/20097/20121/insights?page=javascript%3Aalert(1)');
    const top = await screen.findByRole('table', { name: 'Top searches' });
    expect(
      within(top).getByRole('link', { name: '“cloud” on the public page' }).getAttribute('href'),
    ).toMatch(/^http:\/\/localhost(:\d+)?\/#\/search/);
  });
});
