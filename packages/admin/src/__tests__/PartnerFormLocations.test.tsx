/** The partner form's locations and contact channel: the contract's messages, what is sent. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_LOCATIONS, partnerPath } from '@partners-network/contract';
import { MAIN, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi(3);
const EDIT = '#/sites/20097/20121/partners/partner-2';

const putBody = (): unknown =>
  JSON.parse(requestsTo(fake.api, 'PUT', partnerPath(MAIN, 'partner-2')).at(-1)?.body ?? 'null');

function withLocations(locations: unknown[], contact?: unknown) {
  const [first, second, ...rest] = fake.api.partners;
  if (!first || !second) throw new Error('the fake API has partners');
  fake.api.partners = [first, { ...second, locations, ...(contact ? { contact } : {}) }, ...rest];
}

describe("a partner's locations", () => {
  it('edits a city (its coordinates emptied for the gazetteer), adds one with a label, and sends them', async () => {
    withLocations([{ city: 'Lisbon', country: 'PT', latitude: 38.72, longitude: -9.14 }]);
    const user = await renderSignedIn(EDIT);
    const first = await screen.findByRole('group', { name: 'Location 1: Lisbon' });
    expect(within(first).getByRole('combobox', { name: 'Country (required)' })).toHaveValue('PT');
    expect(within(first).getByRole('textbox', { name: 'Latitude (optional)' })).toHaveValue(
      '38.72',
    );
    const city = within(first).getByRole('textbox', { name: 'City (required)' });
    await user.clear(city);
    await user.type(city, 'Porto');
    expect(within(first).getByRole('textbox', { name: 'Latitude (optional)' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Add a location' }));
    const second = screen.getByRole('group', { name: 'Location 2' });
    await user.type(within(second).getByRole('textbox', { name: 'City (required)' }), 'Zürich');
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Country (required)' }),
      'CH',
    );
    await user.type(within(second).getByRole('textbox', { name: 'Latitude (optional)' }), '47,37');
    await user.type(within(second).getByRole('textbox', { name: 'Longitude (optional)' }), '8.54');
    await user.type(
      within(second).getByRole('textbox', { name: 'Label (optional)' }),
      'Head office',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Partner 02.')).toBeInTheDocument();
    expect(putBody()).toMatchObject({
      locations: [
        { city: 'Porto', country: 'PT' },
        { city: 'Zürich', country: 'CH', latitude: 47.37, longitude: 8.54, label: 'Head office' },
      ],
    });
    expect(putBody()).not.toHaveProperty('contact');
  });

  it("refuses what the API refuses, each message beside its location's field", async () => {
    const user = await renderSignedIn(EDIT);
    await user.click(await screen.findByRole('button', { name: 'Add a location' }));
    const location = screen.getByRole('group', { name: 'Location 1' });
    await user.selectOptions(
      within(location).getByRole('combobox', { name: 'Country (required)' }),
      'FR',
    );
    await user.type(
      within(location).getByRole('textbox', { name: 'Latitude (optional)' }),
      'north',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('heading', { name: 'There are 2 problems' }).parentElement;
    await waitFor(() => expect(summary).toHaveFocus());
    const city = within(location).getByRole('textbox', { name: 'City (required)' });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('city is required');
    await user.click(screen.getByRole('link', { name: 'latitude must be a number' }));
    expect(within(location).getByRole('textbox', { name: 'Latitude (optional)' })).toHaveFocus();
    expect(requestsTo(fake.api, 'PUT', partnerPath(MAIN, 'partner-2'))).toEqual([]);
  });

  it(`takes at most ${MAX_LOCATIONS} locations, and removes one`, async () => {
    const user = await renderSignedIn(EDIT);
    const add = await screen.findByRole('button', { name: 'Add a location' });
    for (let count = 0; count < MAX_LOCATIONS; count += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(`A partner has at most ${MAX_LOCATIONS} locations.`);
    await user.click(screen.getByRole('button', { name: 'Remove location 3' }));
    expect(screen.getAllByRole('group', { name: /^Location \d+$/ })).toHaveLength(
      MAX_LOCATIONS - 1,
    );
    expect(add).toBeEnabled();
  });
});

describe("a partner's contact channel", () => {
  it('shows the channel it has, and sends emails or a webhook, never both', async () => {
    withLocations([], { webhook: 'https://crm.example.com/hook' });
    const user = await renderSignedIn(EDIT);
    expect(await screen.findByRole('radio', { name: 'To a webhook' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Webhook address (required)' })).toHaveValue(
      'https://crm.example.com/hook',
    );
    await user.click(screen.getByRole('radio', { name: 'By email' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Email addresses (required)' }),
      'sales@example.com, desk@example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Partner 02.')).toBeInTheDocument();
    expect(putBody()).toMatchObject({
      contact: { emails: ['sales@example.com', 'desk@example.org'] },
    });
  });

  it('refuses a webhook that is not https, and takes the contact action away', async () => {
    const user = await renderSignedIn(EDIT);
    await user.click(await screen.findByRole('radio', { name: 'To a webhook' }));
    const webhook = screen.getByRole('textbox', { name: 'Webhook address (required)' });
    await user.type(webhook, 'http://crm.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('link', { name: 'contact.webhook must be an https:// address' }),
    ).toBeInTheDocument();
    expect(webhook).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('radio', { name: 'No contact action' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Partner 02.')).toBeInTheDocument();
    expect(putBody()).not.toHaveProperty('contact');
  });
});
