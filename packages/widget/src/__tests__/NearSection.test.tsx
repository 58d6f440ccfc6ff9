/**
 * The location field on the page (issue 25), with the API behind MSW: the combobox of
 * cities (keyboard, suggestions, choice), its validation, "Use my location" granted and
 * refused (a stubbed navigator.geolocation), the radius and the order, the distances on
 * the cards.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locatedSearchCriteriaSchema } from '@partners-network/contract';
import type {
  FilterDefinitions,
  LocatedSearchCriteria,
  Place,
  SearchResponse,
} from '@partners-network/contract';
import { renderSearchPage, testPortal } from '../test/renderSearchPage';

const portal = testPortal();

const definitions: FilterDefinitions = {
  globalFilters: [{ name: 'all', label: 'All partners' }],
  defaultGlobalFilter: 'all',
  filterGroups: [{ name: 'Region', filterItems: [{ id: 1, name: 'Europe' }] }],
};

const PLACES: Place[] = [
  {
    name: 'Lyon',
    country: 'FR',
    countryName: 'France',
    latitude: 45.74846,
    longitude: 4.84671,
    partnerCount: 4,
  },
  {
    name: 'Lyons',
    country: 'US',
    countryName: 'United States',
    latitude: 41.81337,
    longitude: -87.81811,
    partnerCount: 0,
  },
];

/** Two partners; near a point they are 12 km (Lyon) and 112 km (Genève) away. */
function answer(criteria: LocatedSearchCriteria): SearchResponse {
  const near = criteria.near !== undefined;
  const partners = ['Lyon', 'Genève'].map((city, index) => ({
    image: { url: `https://cdn.test/${index}.png` },
    categories: [],
    title: `Partner in ${city}`,
    summary: 'Summary',
    url: `https://portal.test/${index}`,
    ...(near && { distance: { km: index === 0 ? 12 : 112, city, country: 'FR' } }),
  }));
  return {
    partners,
    totalFound: 2,
    error: false,
    filterGroups: definitions.filterGroups,
    searchPartnersCriteria: { filterItemIds: criteria.filterItemIds },
  };
}

const searches: LocatedSearchCriteria[] = [];
const placesAsked: string[] = [];
const server = setupServer(
  http.get('*/o/preferred-partners/v1/1/2/filter-groups', () => HttpResponse.json(definitions)),
  http.post('*/o/preferred-partners/v1/1/2/search', async ({ request }) => {
    const criteria = locatedSearchCriteriaSchema.parse(await request.json());
    searches.push(criteria);
    return HttpResponse.json(answer(criteria));
  }),
  http.get('*/o/preferred-partners/v1/1/2/places', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    placesAsked.push(q);
    const places = PLACES.filter((place) => place.name.toLowerCase().startsWith(q.toLowerCase()));
    return HttpResponse.json({ places });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  searches.length = 0;
  placesAsked.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  Reflect.deleteProperty(navigator, 'geolocation');
});
afterAll(() => server.close());

/** navigator.geolocation answering with this position, or refusing with this error code. */
function stubGeolocation(answer: { latitude: number; longitude: number } | { code: number }) {
  const geolocation: Pick<Geolocation, 'getCurrentPosition'> = {
    getCurrentPosition(success, failure) {
      if ('code' in answer) {
        failure?.({
          code: answer.code,
          message: 'refused',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        });
      } else {
        success({
          coords: { ...answer, accuracy: 10 },
          timestamp: Date.now(),
        } as unknown as GeolocationPosition);
      }
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

async function renderPage() {
  const user = renderSearchPage(portal);
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  return user;
}

// The field's chunk comes at the first focus, with the chips' one (SearchPage.tsx): the first
// import of each in a test file is transformed then, which under a loaded machine can take
// more than findBy's default second.
const nearCombobox = () => screen.findByRole('combobox', { name: 'Near' }, { timeout: 5000 });

describe('the location field', () => {
  it('is a plain labelled field and a button until used; focusing it brings the combobox, focused', async () => {
    const user = await renderPage();
    expect(screen.getByRole('textbox', { name: 'Near' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    const combobox = await nearCombobox();
    await waitFor(() => expect(combobox).toHaveFocus());
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it("takes the operator's near. messages for the field's own texts", async () => {
    const user = renderSearchPage(portal, {
      'near.placeholder': 'Town or postcode area',
      'near.suggestions': 'Towns',
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    const combobox = await nearCombobox();
    await waitFor(() => expect(combobox).toHaveAttribute('placeholder', 'Town or postcode area'));
    await user.type(combobox, 'Lyo');
    expect(await screen.findByRole('listbox', { name: 'Towns' })).toBeInTheDocument();
  });

  it('suggests cities for the typed beginning; the keyboard chooses one and the search goes near it', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    const combobox = await nearCombobox();
    await user.type(combobox, 'Lyo');
    const list = await screen.findByRole('listbox', { name: 'Cities' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Lyon, France4 partners',
      'Lyons, United States',
    ]);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(placesAsked).toEqual(['Lyo']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(combobox).toHaveValue('Lyon');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(searches.at(-1)?.near).toEqual({
        latitude: 45.74846,
        longitude: 4.84671,
        label: 'Lyon',
      }),
    );
    // en-US counts in miles: 12 km is 7.5 mi.
    await waitFor(() => expect(screen.getByText('7.5 mi · Lyon')).toBeInTheDocument());
    expect(screen.getByText('70 mi · Genève')).toBeInTheDocument();
  });

  it('closes the list with Escape and chooses with the mouse', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    const combobox = await nearCombobox();
    await user.type(combobox, 'Lyon');
    await screen.findByRole('option', { name: /Lyon, France/ });
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.type(combobox, 's');
    await user.click(await screen.findByRole('option', { name: /Lyons, United States/ }));
    await waitFor(() => expect(searches.at(-1)?.near?.label).toBe('Lyons'));
  });

  it('says what a location may hold, and asks nothing for one that breaks the rule', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    const combobox = await nearCombobox();
    await user.type(combobox, 'Lyon 69');
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveAccessibleDescription(
      'Type letters, spaces, hyphens or apostrophes only, at most 100 characters.',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(placesAsked).toEqual([]);
    // Any script: a city in Arabic letters is valid.
    await user.clear(combobox);
    await user.type(combobox, 'ليون');
    expect(combobox).toHaveAttribute('aria-invalid', 'false');
  });

  it('offers the radius in miles (sent in km) and the order once a point is set', async () => {
    const user = await renderPage();
    expect(screen.queryByRole('combobox', { name: 'Within' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Near' }));
    await user.type(await nearCombobox(), 'Lyo');
    await user.click(await screen.findByRole('option', { name: /Lyon, France/ }));
    const radius = await screen.findByRole('combobox', { name: 'Within' });
    // GeoNames credited (CC BY 4.0) where its places are shown.
    expect(screen.getByRole('link', { name: 'GeoNames' })).toHaveAttribute(
      'href',
      'https://www.geonames.org/',
    );
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toBeInTheDocument();
    expect(
      within(radius)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any distance', '25 mi', '50 mi', '100 mi', '250 mi']);
    await user.selectOptions(radius, '25 mi');
    await waitFor(() => expect(searches.at(-1)?.radiusKm).toBe(40.234));
    const order = screen.getByRole('combobox', { name: 'Order' });
    // No text: the server orders by distance.
    expect(order).toHaveDisplayValue('Distance');
    await user.selectOptions(order, 'Relevance');
    await waitFor(() => expect(searches.at(-1)?.sort).toBe('relevance'));
    // Clearing the point searches without it.
    await user.click(screen.getByRole('button', { name: 'Clear location' }));
    await waitFor(() => expect(searches.at(-1)?.near).toBeUndefined());
    expect(searches.at(-1)?.radiusKm).toBeUndefined();
  });
});

describe('Use my location', () => {
  it('granted: searches near the position rounded to 2 decimals, labelled My location', async () => {
    stubGeolocation({ latitude: 45.757814, longitude: 4.832011 });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(searches.at(-1)?.near).toEqual({
        latitude: 45.76,
        longitude: 4.83,
        label: 'My location',
      }),
    );
    expect(await nearCombobox()).toHaveValue('My location');
  });

  it('refused: says so in a status and changes nothing else', async () => {
    stubGeolocation({ code: 1 });
    const user = await renderPage();
    const before = searches.length;
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    const status = await screen.findByText(/Your location was not shared, so nothing changed/);
    expect(status).toHaveAttribute('role', 'status');
    expect(searches).toHaveLength(before);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('failed (no position): says so too', async () => {
    stubGeolocation({ code: 2 });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Your location could not be found/)).toBeInTheDocument();
  });
});
