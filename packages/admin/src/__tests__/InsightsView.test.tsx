/**
 * The Insights view: the period asked, the figures, the chart's table, links to the page;
 * erasing the site's counts after a confirmation, and what a refusal says.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
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

describe("erasing the site's counts", () => {
  const erasures = () => requestsTo(fake.api, 'DELETE', insightsPath(MAIN));

  async function openDialog() {
    const user = await renderSignedIn('#/sites/20097/20121/insights');
    await screen.findByRole('table', { name: 'Top searches' });
    const opener = screen.getByRole('button', { name: 'Erase search counts…' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', {
      name: 'Erase the search counts of 20097 / 20121?',
    });
    return { user, opener, dialog };
  }

  it('says what goes and that it cannot be undone; Cancel and Escape erase nothing', async () => {
    const { user, opener, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/of every day and every language.*cannot be undone/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    // jsdom's dialog does not turn Escape into its cancel event as a browser does: the event
    // is fired here (e2e/consoleInsights.e2e.test.ts presses the real key in Chromium).
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(erasures()).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Top searches' })).toBeInTheDocument();
  });

  it('erases them with the bearer token and shows the empty figures', async () => {
    const { user, dialog, opener } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Erase the counts' }));
    expect(
      await screen.findByText('Erased the search counts of 20097 / 20121.'),
    ).toBeInTheDocument();
    expect(erasures().map((request) => request.authorization)).toEqual(['Bearer right-token']);
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Top searches' })).not.toBeInTheDocument(),
    );
    const totals = screen.getByRole('region', { name: 'In this period' });
    expect(within(totals).getByText('0 searches found nothing')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('says in the dialog when the database is away, erases nothing and keeps the figures', async () => {
    fake.server.use(
      http.delete(insightsPath(MAIN), () =>
        HttpResponse.json(
          {
            status: 'SERVICE_UNAVAILABLE',
            title: 'the database is not available; try again later',
          },
          { status: 503 },
        ),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Erase the counts' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing was erased. The partner database is not available. Try again in a moment.',
    );
    expect(within(dialog).getByRole('button', { name: 'Erase the counts' })).toBeEnabled();
    expect(screen.getByRole('table', { name: 'Top searches' })).toBeInTheDocument();
  });

  it('asks to sign in again when the token is no longer accepted', async () => {
    fake.server.use(
      http.delete(insightsPath(MAIN), () =>
        HttpResponse.json(
          { status: 'UNAUTHORIZED', title: 'a valid admin token is required' },
          { status: 401 },
        ),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Erase the counts' }));
    expect(
      await screen.findByText('The server no longer accepts your token. Sign in again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Admin token')).toBeInTheDocument();
  });
});
