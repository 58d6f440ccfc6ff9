/** Importing: a dry run first (what changes, each problem's row and line), then exactly that file applied. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { importPath } from '@partners-network/contract';
import { MAIN, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi(3);

const CSV = 'slug,title,url,globalFilters\nnew-one,New One,/partners/new-one,solution-partners\n';
const imports = () => requestsTo(fake.api, 'POST', importPath(MAIN));

async function chooseFile(name: string, text: string, type = 'text/csv') {
  const user = await renderSignedIn('#/sites/20097/20121/import');
  await user.upload(
    await screen.findByLabelText('Import file (CSV or JSON)'),
    new File([text], name, { type }),
  );
  return user;
}

describe('importing a file', () => {
  it('checks it first: names each problem with its row and line, and offers nothing to apply', async () => {
    fake.api.report = {
      ...fake.api.report,
      rows: 3,
      problems: [
        {
          row: 2,
          line: 3,
          field: 'slug',
          message: 'slug must be lowercase letters, digits and single hyphens',
        },
        { row: 3, line: 4, field: 'filterItemIds', message: 'unknown filter item id 999' },
      ],
      problemCount: 2,
    };
    const user = await chooseFile('partners.csv', CSV);
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const heading = await screen.findByRole('heading', {
      name: 'What importing partners.csv would do',
    });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('2 problems: nothing can be imported until they are fixed'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Problems in partners.csv' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', '3', 'slug', 'slug must be lowercase letters, digits and single hyphens'],
      ['3', '4', 'filterItemIds', 'unknown filter item id 999'],
    ]);
    expect(screen.queryByRole('button', { name: 'Apply the import' })).not.toBeInTheDocument();
    const [check] = imports();
    expect(check?.url.search).toBe('?mode=upsert&dryRun=true');
    expect(check?.contentType).toBe('text/csv');
    expect(check?.body).toBe(CSV);
  });

  it('applies exactly the text it checked, in the mode it checked, and says what changed', async () => {
    fake.api.report = {
      ...fake.api.report,
      mode: 'replace',
      rows: 1,
      added: ['new-one'],
      addedCount: 1,
      removed: ['partner-1', 'partner-2', 'partner-3'],
      removedCount: 3,
    };
    const user = await chooseFile('site.json', '[{"slug": "new-one"}]', 'application/json');
    await user.click(
      screen.getByRole('radio', { name: 'Remove them (the file is the whole site)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByRole('heading', { name: 'What importing site.json would do' });
    expect(screen.getByText('1 partner added')).toBeInTheDocument();
    await user.click(screen.getByText('3 partners removed'));
    expect(screen.getByText('partner-2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply the import' }));
    expect(
      await screen.findByText('Imported site.json: 1 added, 0 updated, 0 removed.'),
    ).toBeInTheDocument();
    const [check, apply] = imports();
    expect(check?.url.search).toBe('?mode=replace&dryRun=true');
    expect(apply?.url.search).toBe('?mode=replace');
    expect(apply?.contentType).toBe('application/json');
    expect(apply?.body).toBe('[{"slug": "new-one"}]');
    await waitFor(() => expect(window.location.hash).toBe('#/sites/20097/20121/partners'));
  });

  it('asks for a new check when the mode changes, and refuses other kinds of file', async () => {
    fake.api.report = { ...fake.api.report, rows: 1, added: ['new-one'], addedCount: 1 };
    const user = await chooseFile('partners.csv', CSV);
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByRole('button', { name: 'Apply the import' });
    await user.click(
      screen.getByRole('radio', { name: 'Remove them (the file is the whole site)' }),
    );
    expect(screen.queryByRole('button', { name: 'Apply the import' })).not.toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Import file (CSV or JSON)'),
      new File(['x'], 'partners.txt', { type: 'text/csv' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a .csv or .json file.');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a file first.');
    expect(imports()).toHaveLength(1);
  });
});
