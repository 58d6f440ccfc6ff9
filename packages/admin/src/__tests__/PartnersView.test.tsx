/** The partners table: search, sort, pages, delete, export, and partner data shown as text. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { exportPath, partnerPath, partnersPath } from '@partners-network/contract';
import { MAIN, partner, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi();

const PARTNERS = '#/sites/20097/20121/partners';
const listRequests = () => requestsTo(fake.api, 'GET', partnersPath(MAIN));
const lastQuery = () => Object.fromEntries(listRequests().at(-1)?.url.searchParams ?? []);
const rowTitles = () =>
  screen.getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);

describe('the partners table', () => {
  it('shows the first page in editorial order, with a count and pages', async () => {
    await renderSignedIn(PARTNERS);
    const table = await screen.findByRole('table', { name: 'Partners of 20097 / 20121' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(rowTitles().slice(0, 2)).toEqual(['Partner 01', 'Partner 02']);
    expect(screen.getByText('30 partners')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(lastQuery()).toEqual({
      q: '',
      sort: 'position',
      order: 'asc',
      offset: '0',
      limit: '25',
    });
    // Global filters by their labels, the partner's edit form behind its title.
    expect(within(table).getAllByText('Solution Partners')).toHaveLength(25);
    expect(screen.getByRole('link', { name: 'Partner 01' })).toHaveAttribute(
      'href',
      '#/sites/20097/20121/partners/partner-1',
    );
  });

  it('searches as the operator types, keeping the search in the address', async () => {
    const user = await renderSignedIn(PARTNERS);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search partners' }), '1');
    await waitFor(() => expect(lastQuery().q).toBe('1'));
    expect(window.location.hash).toBe(`${PARTNERS}?q=1`);
    expect(await screen.findByText('12 partners found for “1”')).toBeInTheDocument();
    expect(rowTitles()).toContain('Partner 10');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing{Enter}');
    expect(await screen.findByText('No partner matches “nothing”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts by a column, then the other way, and says how it is sorted', async () => {
    const user = await renderSignedIn(PARTNERS);
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: /Position/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'title', order: 'asc' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'title', order: 'desc' }));
    await waitFor(() => expect(rowTitles()[0]).toBe('Partner 30'));
    expect(window.location.hash).toBe(`${PARTNERS}?sort=title&order=desc`);
  });

  it('pages with links that keep the search and sort', async () => {
    const user = await renderSignedIn(`${PARTNERS}?sort=title`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: '25', sort: 'title' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).toHaveLength(5));
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('deletes a partner only after the confirmation, and says it did', async () => {
    const user = await renderSignedIn(PARTNERS);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Partner 02' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Partner 02?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fake.api, 'DELETE', partnerPath(MAIN, 'partner-2'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Partner 02' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requestsTo(fake.api, 'DELETE', partnerPath(MAIN, 'partner-2'))).toHaveLength(1),
    );
    expect(await screen.findByText('Deleted Partner 02.')).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).not.toContain('Partner 02'));
    expect(screen.getByText('29 partners')).toHaveFocus();
  });

  it('exports the site as a download through an object address, the token in a header', async () => {
    const created: { text(): Promise<string> }[] = [];
    const clicked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if ('text' in blob) created.push(blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = await renderSignedIn(PARTNERS);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded partners-20097-20121.csv.')).toBeInTheDocument();
    expect(clicked).toEqual(['partners-20097-20121.csv']);
    expect(await created[0]?.text()).toBe('slug,title\n');
    expect(requestsTo(fake.api, 'GET', exportPath(MAIN))[0]?.url.search).toBe('?format=csv');
    vi.restoreAllMocks();
  });

  it('shows partner data as text, never as markup', async () => {
    fake.api.partners = [partner('hostile', '<img src=x onerror="alert(1)">Hostile & Co', 10)];
    await renderSignedIn(PARTNERS);
    const link = await screen.findByRole('link', {
      name: '<img src=x onerror="alert(1)">Hostile & Co',
    });
    expect(link.querySelector('img')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });
});
