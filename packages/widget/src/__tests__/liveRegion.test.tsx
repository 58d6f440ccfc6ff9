/**
 * What a screen reader hears from the results' live region (role=status): the count
 * with the filters applied once a search settles, how many Load More added, 'No
 * partners found', and nothing new while the visitor types or a search is on its way.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchCriteriaSchema } from '@partners-network/contract';
import type { FilterDefinitions, Partner, SearchCriteria } from '@partners-network/contract';
import { renderSearchPage, testPortal } from '../test/renderSearchPage';
import { announceResults, describeFilters } from '../ui/resultsAnnouncement';
import { EN_US_TRANSLATOR } from '../ui/MessagesContext';

const portal = testPortal();

const definitions: FilterDefinitions = {
  globalFilters: [
    { name: 'all', label: 'All partners' },
    { name: 'tech', label: 'Technology' },
  ],
  defaultGlobalFilter: 'all',
  filterGroups: [
    {
      name: 'Region',
      filterItems: ['Europe', 'Asia'].map((name, i) => ({ id: i + 1, name })),
    },
  ],
};

function partner(n: number): Partner {
  return {
    image: { url: `https://cdn.test/${n}.png` },
    categories: [],
    title: `Partner ${n}`,
    summary: 'Summary',
    url: `https://portal.test/partners/${n}`,
  };
}

/** 25 partners; the text 'nothing' finds none. `hold` delays the answers while set. */
let hold: Promise<void> | null = null;
const server = setupServer(
  http.get('*/o/preferred-partners/v1/1/2/filter-groups', () => HttpResponse.json(definitions)),
  http.post('*/o/preferred-partners/v1/1/2/search', async ({ request }) => {
    const criteria: SearchCriteria = searchCriteriaSchema.parse(await request.json());
    if (hold) await hold;
    await delay(5);
    const total = criteria.text === 'nothing' ? 0 : 25;
    const end = Math.min(total, criteria.offset + criteria.resultsPerPage);
    const partners: Partner[] = [];
    for (let n = criteria.offset; n < end; n++) partners.push(partner(n));
    return HttpResponse.json({
      partners,
      totalFound: total,
      error: false,
      filterGroups: definitions.filterGroups,
      searchPartnersCriteria: { filterItemIds: criteria.filterItemIds },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  hold = null;
  server.resetHandlers();
});
afterAll(() => server.close());

const status = () => screen.getByRole('status');
const afterDebounce = { timeout: 2000 };

function renderPage() {
  return { user: renderSearchPage(portal) };
}

describe('announceResults', () => {
  it('says the count, then the filters and text applied', () => {
    expect(
      announceResults(
        {
          loaded: 10,
          total: 25,
          addedCount: 0,
          globalFilterLabel: 'Technology',
          itemNames: ['Europe', 'Asia'],
          text: 'cloud',
        },
        EN_US_TRANSLATOR.t,
      ),
    ).toEqual({
      text: 'Showing 10 of 25 partners',
      before: '',
      after: 'Filters: Technology, Europe, Asia. Search text: cloud.',
    });
  });

  it('says how many Load More added, before the count', () => {
    expect(
      announceResults(
        {
          loaded: 20,
          total: 25,
          addedCount: 10,
          globalFilterLabel: 'Technology',
          itemNames: [],
          text: '',
        },
        EN_US_TRANSLATOR.t,
      ),
    ).toEqual({ text: 'Showing 20 of 25 partners', before: '10 more partners added.', after: '' });
    expect(
      announceResults(
        {
          loaded: 21,
          total: 21,
          addedCount: 1,
          globalFilterLabel: '',
          itemNames: [],
          text: '',
        },
        EN_US_TRANSLATOR.t,
      ).before,
    ).toBe('1 more partner added.');
  });

  it('says no partners were found, with the filters to loosen', () => {
    expect(
      announceResults(
        {
          loaded: 0,
          total: 0,
          addedCount: 0,
          globalFilterLabel: '',
          itemNames: [],
          text: 'zzz',
        },
        EN_US_TRANSLATOR.t,
      ),
    ).toEqual({ text: '', before: 'No partners found.', after: 'No filters. Search text: zzz.' });
    expect(describeFilters('All partners', [], '', EN_US_TRANSLATOR.t)).toBe(
      'Filters: All partners.',
    );
  });
});

describe('the results live region', () => {
  it('is polite and atomic, and names the filters applied after the first search', async () => {
    renderPage();
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveAttribute('aria-atomic', 'true');
    expect(status()).toHaveTextContent(/^$/);
    await waitFor(() =>
      expect(status()).toHaveTextContent('Showing 10 of 25 partners. Filters: All partners.'),
    );
    // The filters are for the ear only: the visible text is the count.
    expect(status().querySelector('.pn-sr-only')).toHaveTextContent('Filters: All partners.');
  });

  it('says nothing new while typing, then the count, filters and text once the search settles', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(status()).toHaveTextContent('Showing 10 of 25 partners'));
    const before = status().textContent;
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'cloud');
    expect(status().textContent).toBe(before);
    await user.keyboard('{Enter}');
    await waitFor(
      () =>
        expect(status()).toHaveTextContent(
          'Showing 10 of 25 partners. Filters: All partners. Search text: cloud.',
        ),
      afterDebounce,
    );
  });

  it('keeps its words while a search is on its way, then names the ticked item', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(status()).toHaveTextContent('Filters: All partners.'));
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    // The filter groups render after the cards (deferred): wait for the box, as a visitor would.
    await user.click(await screen.findByRole('checkbox', { name: 'Asia' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Partner results' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    expect(status()).toHaveTextContent(/Filters: All partners\.$/);
    act(() => release());
    await waitFor(() =>
      expect(status()).toHaveTextContent('Showing 10 of 25 partners. Filters: All partners, Asia.'),
    );
  });

  it('says how many partners Load More added', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(status()).toHaveTextContent('Showing 10 of 25 partners'));
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('10 more partners added. Showing 20 of 25 partners'),
    );
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('5 more partners added. Showing 25 of 25 partners'),
    );
  });

  it('says no partners were found', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(status()).toHaveTextContent('Showing 10 of 25 partners'));
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'nothing{Enter}');
    await waitFor(
      () =>
        expect(status()).toHaveTextContent(
          'No partners found. Filters: All partners. Search text: nothing.',
        ),
      afterDebounce,
    );
  });
});
