/** The partner form: the contract's messages before sending, what it sends, the server's refusals. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partnerPath, partnerRowSchema, partnersPath } from '@partners-network/contract';
import { MAIN, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi(3);

const putBody = (slug: string): unknown =>
  JSON.parse(requestsTo(fake.api, 'PUT', partnerPath(MAIN, slug)).at(-1)?.body ?? 'null');

/** The messages the API itself gives for a row: the contract's schema. */
function schemaMessages(row: unknown): string[] {
  const parsed = partnerRowSchema.safeParse(row);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('a new partner', () => {
  it("refuses an empty form with the API's own messages, each beside its field", async () => {
    const user = await renderSignedIn('#/sites/20097/20121/partners/new');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('heading', { name: 'There are 4 problems' }).parentElement;
    expect(summary).toHaveFocus();
    const messages = within(summary ?? document.body)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(messages).toEqual(
      schemaMessages({
        slug: '',
        title: {},
        summary: {},
        url: '',
        globalFilters: [],
        filterItemIds: [],
      }),
    );
    const slug = screen.getByRole('textbox', { name: 'Slug (required)' });
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(
      'slug must be lowercase letters, digits and single hyphens Lowercase letters, digits and single hyphens, unique in the site. It cannot change later.',
    );
    // A problem's link takes the focus to its field.
    await user.click(
      screen.getByRole('link', {
        name: 'url must be a path starting with / or an http(s) address',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Partner page address (required)' })).toHaveFocus();
    expect(fake.api.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('sends the row the schema accepts, filter items chosen by name', async () => {
    const user = await renderSignedIn('#/sites/20097/20121/partners/new');
    await user.type(
      await screen.findByRole('textbox', { name: 'Slug (required)' }),
      'lisboa-dados',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Partner page address (required)' }),
      '/partners/lisboa-dados',
    );
    await user.type(screen.getByRole('textbox', { name: 'Editorial position (optional)' }), '15');
    await user.type(
      screen.getByRole('textbox', { name: 'Title in English (United States) (required)' }),
      'Lisboa Dados Lda.',
    );
    await user.click(screen.getByText('Texts in 1 other language'));
    await user.type(
      screen.getByRole('textbox', { name: 'Title in French (France) (optional)' }),
      'Lisboa Données',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Technology Partners' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Find a filter item by name' }),
      'nordiques',
    );
    expect(screen.getByText('1 filter item shown')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Western Europe' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Nordics' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created Lisboa Dados Lda..')).toBeInTheDocument();
    expect(putBody('lisboa-dados')).toEqual({
      slug: 'lisboa-dados',
      title: { 'en-US': 'Lisboa Dados Lda.', 'fr-FR': 'Lisboa Données' },
      summary: {},
      url: '/partners/lisboa-dados',
      position: 15,
      globalFilters: ['technology-partners'],
      filterItemIds: [40002],
    });
    expect(window.location.hash).toBe('#/sites/20097/20121/partners');
  });

  it("shows the server's refusal when it has the last word", async () => {
    fake.server.use(
      http.put(`${partnersPath(MAIN)}/:slug`, () =>
        HttpResponse.json(
          {
            status: 'BAD_REQUEST',
            title: 'globalFilters: unknown global filter "x"; nothing was changed',
          },
          { status: 400 },
        ),
      ),
    );
    const user = await renderSignedIn('#/sites/20097/20121/partners/new');
    await user.type(await screen.findByRole('textbox', { name: 'Slug (required)' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Partner page address (required)' }), '/x');
    await user.type(
      screen.getByRole('textbox', { name: 'Title in English (United States) (required)' }),
      'X',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Solution Partners' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The server refused the partner: globalFilters: unknown global filter "x"; nothing was changed',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('editing a partner', () => {
  it('shows the partner, keeps its slug, and sends back the fields the form does not know', async () => {
    fake.api.partners[1] = {
      ...(fake.api.partners[1] ?? {
        slug: '',
        title: {},
        summary: {},
        url: '',
        imageUrl: '',
        position: 0,
        globalFilters: [],
        filterItemIds: [],
      }),
      filterItemIds: [40301],
      locations: [{ city: 'Lisbon', country: 'PT', latitude: 38.72, longitude: -9.14 }],
      // A field added to the format after this form was written.
      openingHours: 'Mon-Fri 9-17',
    };
    const user = await renderSignedIn('#/sites/20097/20121/partners/partner-2');
    const title = await screen.findByRole('textbox', {
      name: 'Title in English (United States) (required)',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit Partner 02');
    expect(screen.getByRole('textbox', { name: 'Slug (required)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Partner level (1 chosen)' })).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Partner Two');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Partner Two.')).toBeInTheDocument();
    expect(putBody('partner-2')).toEqual({
      slug: 'partner-2',
      title: { 'en-US': 'Partner Two' },
      summary: {},
      url: '/partners/partner-2',
      imageUrl: '/partner-assets/logos/partner-2.svg',
      position: 20,
      globalFilters: ['solution-partners'],
      filterItemIds: [40301],
      locations: [{ city: 'Lisbon', country: 'PT', latitude: 38.72, longitude: -9.14 }],
      openingHours: 'Mon-Fri 9-17',
    });
  });

  it('says so when the partner is gone', async () => {
    await renderSignedIn('#/sites/20097/20121/partners/no-such-partner');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This site has no partner no-such-partner. It may have been deleted.',
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to partners' })).toBeInTheDocument(),
    );
  });
});
