import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCriteriaSchema } from '@partners-network/contract';
import type {
  FilterDefinitions,
  Partner,
  SearchCriteria,
  SearchResponse,
} from '@partners-network/contract';
import { SearchPage } from '../SearchPage';
import type { SearchPageProps } from '../SearchPage';
import type { LocationParams, PortalContext } from '../core/types';

const portal: PortalContext = {
  apiBaseUrl: '',
  companyId: '1',
  scopeGroupId: '2',
  languageId: 'en-US',
  backButtonUrl: '/home',
  background: {
    defaultUrl: 'https://cdn.test/hero.jpg',
    sources: [{ url: 'https://cdn.test/hero-540.jpg', maxWidth: 540 }],
  },
  authToken: null,
};

const location: LocationParams = {
  filter: null,
  page: 'partners',
  savedSearch: null,
  extraParams: [],
};

const regions = ['Europe', 'Asia', 'Africa', 'Oceania', 'Americas', 'Antarctica'];
const definitions: FilterDefinitions = {
  globalFilters: [
    { name: 'all', label: 'All partners' },
    { name: 'tech', label: 'Technology' },
  ],
  defaultGlobalFilter: 'all',
  filterGroups: [{ name: 'Region', filterItems: regions.map((name, i) => ({ id: i + 1, name })) }],
};

const FILTERS_URL = '*/o/preferred-partners/v1/1/2/filter-groups';
const SEARCH_URL = '*/o/preferred-partners/v1/1/2/search';

function partner(n: number, title = `Partner ${n}`): Partner {
  return {
    image: { url: `https://cdn.test/${n}.png` },
    categories: [{ name: 'Gold' }],
    title,
    summary: `Summary of partner ${n}`,
    url: `https://portal.test/partners/${n}`,
  };
}

/** A directory of 25 partners; the text 'nothing' finds none. */
function answer(criteria: SearchCriteria, titles?: (n: number) => string): SearchResponse {
  const total = criteria.text === 'nothing' ? 0 : 25;
  const end = Math.min(total, criteria.offset + criteria.resultsPerPage);
  const partners: Partner[] = [];
  for (let n = criteria.offset; n < end; n++) partners.push(partner(n, titles?.(n)));
  return {
    partners,
    totalFound: total,
    error: false,
    filterGroups: definitions.filterGroups,
    searchPartnersCriteria: { filterItemIds: criteria.filterItemIds },
  };
}

const firstCriteria: SearchCriteria = {
  globalFilter: 'all',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
};

const requests: SearchCriteria[] = [];
const searchHandler = http.post(SEARCH_URL, async ({ request }) => {
  const criteria = searchCriteriaSchema.parse(await request.json());
  requests.push(criteria);
  return HttpResponse.json(answer(criteria));
});
const server = setupServer(
  http.get(FILTERS_URL, () => HttpResponse.json(definitions)),
  searchHandler,
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderPage(props: Partial<SearchPageProps> = {}) {
  const user = userEvent.setup();
  const onNavigateHome = vi.fn();
  const view = render(
    <SearchPage
      portal={portal}
      location={location}
      syncUrl={false}
      onNavigateHome={onNavigateHome}
      {...props}
    />,
  );
  return { user, onNavigateHome, view };
}

const results = () => screen.getByRole('region', { name: 'Partner results' });
const lastRequest = () => requests.at(-1);
// The controller debounces searches by 600 ms: wait a little longer than that.
const afterDebounce = { timeout: 2000 };
/**
 * The no-results panel and its sheet are chunks loaded when it first shows: after the
 * debounce and the answer, two modules to load (under load, more than two seconds).
 */
const afterDebounceAndChunk = { timeout: 4000 };

/** The first answer is on the page: its cards, and its filter groups (drawn in a transition). */
async function firstPage() {
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
  await screen.findByRole('checkbox', { name: 'Europe' });
}

describe('SearchPage', () => {
  it('shows the skeleton, then the first 10 cards and the count', async () => {
    renderPage();
    expect(screen.getByTestId('results-skeleton').children).toHaveLength(5);
    expect(results()).toHaveAttribute('aria-busy', 'true');
    await firstPage();
    expect(screen.queryByTestId('results-skeleton')).toBeNull();
    expect(results()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 10 of 25 partners');
    expect(lastRequest()).toEqual(firstCriteria);
    expect(screen.getByRole('link', { name: 'Partner 0' })).toHaveAttribute(
      'href',
      'https://portal.test/partners/0',
    );
  });

  it('has the chip input in place when the first cards show: the filter groups, rendered after them, move nothing', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    // At each commit: the first one with cards, has it the chip input too?
    let inputWithFirstCards: boolean | null = null;
    const onRender = () => {
      if (inputWithFirstCards !== null || host.querySelector('article') === null) return;
      inputWithFirstCards =
        screen.queryByRole('combobox', { name: 'Add a filter by name' }) !== null;
    };
    render(
      <Profiler id="page" onRender={onRender}>
        <SearchPage portal={portal} location={location} syncUrl={false} />
      </Profiler>,
      { container: host },
    );
    await firstPage();
    expect(inputWithFirstCards).toBe(true);
    host.remove();
  });

  it('has the heading, the back link with the page segment and the background picture', async () => {
    const { view } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Partners Network' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home page' })).toHaveAttribute(
      'href',
      '/home/partners',
    );
    expect(view.container.querySelector('picture img')).toHaveAttribute(
      'src',
      'https://cdn.test/hero.jpg',
    );
    await firstPage();
  });

  it('searches the trimmed text after Enter is released', async () => {
    const { user } = renderPage();
    await firstPage();
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), '  acme  {Enter}');
    await waitFor(() => expect(lastRequest()?.text).toBe('acme'), afterDebounce);
    expect(lastRequest()?.offset).toBe(0);
    expect(screen.getByRole('textbox', { name: 'Search partners' })).toHaveValue('  acme  ');
  });

  it('sends nothing for invalid text and shows the tooltip', async () => {
    const { user } = renderPage();
    await firstPage();
    const count = requests.length;
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'a<b{Enter}');
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(requests).toHaveLength(count);
  });

  it('toggles a filter item, shows it as a chip, and removes it from the chip', async () => {
    const { user } = renderPage();
    await firstPage();
    await user.click(screen.getByRole('checkbox', { name: 'Asia' }));
    await waitFor(() => expect(lastRequest()?.filterItemIds).toEqual([2]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Asia' })).toBeChecked());
    // The chips are a chunk, asked for at the first focus or pointer press in the page.
    await user.click(await screen.findByRole('button', { name: 'Remove Asia' }));
    await waitFor(() => expect(lastRequest()?.filterItemIds).toEqual([]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Asia' })).not.toBeChecked());
  });

  it('adds a filter item typed in the chip input when Enter is pressed', async () => {
    const { user } = renderPage();
    await firstPage();
    const chipInput = screen.getByRole('combobox', { name: 'Add a filter by name' });
    await user.type(chipInput, 'oceania,');
    await user.keyboard('{Tab}');
    expect(lastRequest()?.filterItemIds).toEqual([]);
    await user.clear(chipInput);
    await user.type(chipInput, 'oceania{Enter}');
    await waitFor(() => expect(lastRequest()?.filterItemIds).toEqual([4]));
    expect(await screen.findByRole('button', { name: 'Remove Oceania' })).toBeInTheDocument();
  });

  it('changing the global filter clears the selected items and starts again at offset 0', async () => {
    const { user } = renderPage();
    await firstPage();
    await user.click(screen.getByRole('checkbox', { name: 'Asia' }));
    await waitFor(() => expect(lastRequest()?.filterItemIds).toEqual([2]));
    await user.click(screen.getByRole('radio', { name: 'Technology' }));
    await waitFor(() =>
      expect(lastRequest()).toMatchObject({ globalFilter: 'tech', filterItemIds: [], offset: 0 }),
    );
    expect(screen.getByRole('radio', { name: 'Technology' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All partners' })).not.toBeChecked();
  });

  it('Load More appends 10 cards, moves focus to the first new one, and hides at the end', async () => {
    const { user } = renderPage();
    await firstPage();
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(lastRequest()).toMatchObject({ offset: 10, resultsPerPage: 10 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 25 partners');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Partner 10' })).toHaveFocus());
    // The new cards' pictures load once they are painted (no longer lazy: the attribute
    // goes, eager is the default); a list's first cards stay lazy.
    const loading = screen
      .getAllByRole('article')
      .map((card) => card.querySelector('img')?.getAttribute('loading'));
    expect(loading).toEqual([
      ...Array.from({ length: 10 }, () => 'lazy'),
      ...Array.from({ length: 10 }, () => null),
    ]);

    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load More Partners' })).toBeNull();
  });

  it('marks each new list fresh until the frame that shows it is painted, not again on Load More', async () => {
    // While marked, its cards past the second skip rendering off-screen (styles.css).
    const { user } = renderPage();
    await firstPage();
    const list = screen.getByRole('list', { name: 'Partners' });
    await waitFor(() => expect(list).not.toHaveAttribute('data-fresh'));
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(list).not.toHaveAttribute('data-fresh');
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'partner{Enter}');
    await waitFor(
      () => expect(lastRequest()).toMatchObject({ text: 'partner', offset: 0 }),
      afterDebounce,
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Partners' })).not.toBe(list));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Partners' })).not.toHaveAttribute('data-fresh'),
    );
  });

  it('lets only cards older Load Mores appended skip rendering off-screen, never a new list', async () => {
    // The cards a list first shows are laid out in full, so a scroll position restored on
    // Back or reload never lands on estimated sizes (intent.css, content-visibility); so
    // are those of the last two Load Mores once painted (""), on screen or next to it. New
    // cards ("false") past the first four skip until their frame is painted.
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        requests.push(criteria);
        const partners = Array.from({ length: 10 }, (_, n) => partner(criteria.offset + n));
        return HttpResponse.json({ ...answer(criteria), partners, totalFound: 45 });
      }),
    );
    const marks = () =>
      screen
        .getAllByRole('article')
        .map((card) => card.closest('li')?.getAttribute('data-appended'));
    const appended = () => marks().map((mark) => mark === 'true');
    const { user } = renderPage();
    await firstPage();
    expect(appended()).toEqual(Array.from({ length: 10 }, () => false));
    for (const count of [20, 30, 40]) {
      await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(count));
    }
    // Cards leave the window once the frame showing the new ones is painted.
    await waitFor(() =>
      expect(appended()).toEqual([
        ...Array.from({ length: 10 }, () => false),
        ...Array.from({ length: 10 }, () => true),
        ...Array.from({ length: 20 }, () => false),
      ]),
    );
    expect(marks()).toEqual([
      ...Array.from({ length: 10 }, () => null),
      ...Array.from({ length: 10 }, () => 'true'),
      ...Array.from({ length: 20 }, () => ''),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'partner{Enter}');
    await waitFor(
      () => expect(lastRequest()).toMatchObject({ text: 'partner', offset: 0 }),
      afterDebounce,
    );
    await waitFor(() => expect(appended()).toEqual(Array.from({ length: 10 }, () => false)));
  });

  it('shows the no-results panel; RESET ALL clears text and filters and focuses the field', async () => {
    const { user } = renderPage();
    await firstPage();
    const input = screen.getByRole('textbox', { name: 'Search partners' });
    await user.click(screen.getByRole('checkbox', { name: 'Europe' }));
    await user.type(input, 'nothing{Enter}');
    await screen.findByRole('heading', { name: 'No partners found' }, afterDebounceAndChunk);
    expect(
      screen.getByText('No results found. Try different keywords or remove search filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'RESET ALL' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    await waitFor(() => expect(lastRequest()).toMatchObject({ text: '', filterItemIds: [] }));
    await firstPage();
    expect(screen.queryByRole('heading', { name: 'No partners found' })).toBeNull();
  });

  it('shows the counts of each answer and runs a step back from an empty list', async () => {
    // Counts that follow the ticked items, and steps back for the text 'nothing'.
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        requests.push(criteria);
        const plain = answer(criteria);
        const ticked = criteria.filterItemIds.length;
        return HttpResponse.json({
          ...plain,
          filterGroups: definitions.filterGroups.map((group) => ({
            ...group,
            filterItems: group.filterItems.map((item) => ({ ...item, count: item.id + ticked })),
          })),
          globalFilterCounts: [
            { name: 'all', count: 25 },
            { name: 'tech', count: 7 },
          ],
          zeroResultSteps:
            plain.totalFound === 0
              ? [
                  { remove: { text: 'nothing' }, text: '', filterItemIds: [1], totalFound: 25 },
                  {
                    remove: { filterItemId: 1 },
                    text: 'nothing',
                    filterItemIds: [],
                    totalFound: 0,
                  },
                ]
              : undefined,
        });
      }),
    );
    const { user } = renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(await screen.findByRole('checkbox', { name: 'Asia, 2 partners' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Technology, 7 partners' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /^Europe/ }));
    expect(
      await screen.findByRole('checkbox', { name: 'Asia, 3 partners' }, afterDebounce),
    ).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: 'Search partners' });
    await user.type(input, 'nothing{Enter}');
    await screen.findByRole('heading', { name: 'No partners found' }, afterDebounceAndChunk);
    // The step that finds nothing is not offered.
    const steps = await screen.findByRole('list', { name: 'Try one step back:' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Without the search text (25 partners)']);

    await user.click(screen.getByRole('button', { name: 'Without the search text (25 partners)' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ text: '', filterItemIds: [1] }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /^Europe/ })).toBeChecked();
  });

  it('renders a hostile title from the API as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    server.use(
      http.post(SEARCH_URL, async ({ request }) => {
        const criteria = searchCriteriaSchema.parse(await request.json());
        return HttpResponse.json(answer(criteria, () => hostile));
      }),
    );
    renderPage();
    await firstPage();
    expect(screen.getAllByRole('link', { name: hostile })).toHaveLength(10);
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  describe('error panel', () => {
    const cases: [string, () => Response | Promise<Response>][] = [
      ['the error flag', () => HttpResponse.json({ ...answer({ ...firstCriteria }), error: true })],
      ['HTTP 500', () => new HttpResponse('oops', { status: 500 })],
      [
        'malformed JSON',
        () =>
          new HttpResponse('{"partners": [', { headers: { 'Content-Type': 'application/json' } }),
      ],
      ['a network failure', () => HttpResponse.error()],
    ];

    it.each(cases)('replaces the page on %s and focuses its heading', async (_, reply) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(http.post(SEARCH_URL, reply));
      const { onNavigateHome, user } = renderPage();
      // The error panel is a chunk of its own: under load it may take more than a second.
      const heading = await screen.findByRole(
        'heading',
        { name: 'Something went wrong.' },
        { timeout: 3000 },
      );
      // Focus moves in the panel's effect, which runs just after the heading is drawn.
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText('We apologise and are fixing the problem. Please try again later.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('search')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Search filters' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Go to the home page' }));
      expect(onNavigateHome).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    });
  });

  it('folds the filters behind a toggle that Escape closes, returning focus to it', async () => {
    const { user } = renderPage();
    await firstPage();
    const toggle = screen.getByRole('button', { name: 'Search filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Africa' }));
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('fills the field from a restored saved search', async () => {
    renderPage({
      location: {
        ...location,
        savedSearch: {
          globalFilter: 'TECH',
          filterItemIds: [6],
          text: 'cloud',
          offset: 0,
          resultsPerPage: 10,
        },
      },
    });
    expect(screen.getByRole('textbox', { name: 'Search partners' })).toHaveValue('cloud');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
    await firstPage();
    expect(lastRequest()).toMatchObject({
      globalFilter: 'tech',
      text: 'cloud',
      filterItemIds: [6],
    });
    // Antarctica is the sixth item: its group starts expanded.
    expect(screen.getByRole('checkbox', { name: 'Antarctica' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'View less Region' })).toBeInTheDocument();
  });
});
