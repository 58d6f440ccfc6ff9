import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPanel } from '../ui/ErrorPanel';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { NoResultsPanel } from '../ui/NoResultsPanel';
import { PartnerCardView } from '../ui/PartnerCardView';
import type { PartnerCardData } from '../ui/PartnerCardView';
import { ResultsCount } from '../ui/ResultsCount';
import { ResultsList } from '../ui/ResultsList';
import type { WayOutOption } from '../ui/NoResultsPanel';
import { ResultsSkeleton } from '../ui/ResultsSkeleton';
import { SKELETON_CARDS } from '../core/types';
import { BackLink } from '../ui/BackLink';
import { SearchBackground } from '../ui/SearchBackground';

const card: PartnerCardData = {
  key: 'acme',
  title: 'Acme Cloud',
  summary: 'We build clouds.',
  imageUrl: '/img/acme.png',
  href: '/partners/acme?utm=1',
  categories: ['Gold', 'Europe'],
};

describe('PartnerCardView', () => {
  it('shows image, badges, title link and summary', () => {
    render(<PartnerCardView card={card} />);
    const article = screen.getByRole('article');
    expect(screen.getByRole('link', { name: 'Acme Cloud' })).toHaveAttribute(
      'href',
      '/partners/acme?utm=1',
    );
    expect(screen.getByRole('heading', { name: 'Acme Cloud' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Categories' })).toHaveTextContent('GoldEurope');
    expect(article).toHaveTextContent('We build clouds.');
    expect(article.querySelector('img')).toHaveAttribute('src', '/img/acme.png');
  });

  it('renders a hostile title and summary as text, creating no element from them', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    render(<PartnerCardView card={{ ...card, title: hostile, summary: `<b>${hostile}</b>` }} />);
    expect(screen.getByRole('link', { name: hostile })).toHaveTextContent(hostile);
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelectorAll('img')).toHaveLength(1);
  });

  it('marks the matched ranges of title and summary, as text', () => {
    const hostile = 'Cloud <b>bold</b> cloudy';
    render(
      <PartnerCardView
        card={{
          ...card,
          summary: hostile,
          marks: {
            title: [[5, 10]],
            summary: [
              [0, 5],
              [9, 13],
              [18, 23],
            ],
          },
        }}
      />,
    );
    const marks = [...document.querySelectorAll('mark')];
    expect(marks.map((mark) => mark.textContent)).toEqual(['Cloud', 'Cloud', 'bold', 'cloud']);
    expect(marks.every((mark) => mark.getAttribute('part') === 'highlight')).toBe(true);
    // The link's name and the summary's text are unchanged; the tags in it stay text.
    expect(screen.getByRole('link', { name: 'Acme Cloud' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent(hostile);
    expect(document.querySelector('b')).toBeNull();
  });

  it('still shows a card without href, without a link', () => {
    render(<PartnerCardView card={{ ...card, href: null, imageUrl: null }} />);
    expect(screen.getByRole('article', { name: 'Acme Cloud' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Acme Cloud' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('ResultsList and ResultsSkeleton', () => {
  it('lists one article per card', () => {
    render(<ResultsList cards={[card, { ...card, key: 'b', title: 'Beta' }]} />);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('comes marked fresh (its cards past the second skip rendering off-screen at first)', () => {
    render(<ResultsList cards={[card]} />);
    expect(screen.getByRole('list', { name: 'Partners' })).toHaveAttribute('data-fresh', '');
  });

  it('skeleton shows 5 placeholder cards hidden from assistive technology', () => {
    render(<ResultsSkeleton count={SKELETON_CARDS} />);
    const skeleton = screen.getByTestId('results-skeleton');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton.children).toHaveLength(5);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});

describe('ResultsCount', () => {
  it('is a polite live region that keeps existing while its text changes', () => {
    const { rerender } = render(<ResultsCount text="" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    rerender(<ResultsCount text="Showing 10 of 1,234 partners" />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Showing 10 of 1,234 partners');
  });
});

describe('LoadMoreButton', () => {
  it('shows only when more can be loaded', () => {
    const { rerender } = render(
      <LoadMoreButton canLoadMore={false} loading={false} onLoadMore={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Load More Partners' })).toBeNull();
    rerender(<LoadMoreButton canLoadMore loading={false} onLoadMore={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Load More Partners' })).toBeInTheDocument();
  });

  it('calls back on click, but not while loading', async () => {
    const onLoadMore = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <LoadMoreButton canLoadMore loading={false} onLoadMore={onLoadMore} />,
    );
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMoreButton canLoadMore loading onLoadMore={onLoadMore} />);
    await user.click(screen.getByRole('button', { name: 'Load More Partners' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe('NoResultsPanel and ErrorPanel', () => {
  it('no-results panel has the exact texts and RESET ALL', async () => {
    const onResetAll = vi.fn();
    const user = userEvent.setup();
    render(<NoResultsPanel onResetAll={onResetAll} />);
    expect(screen.getByRole('heading', { name: 'No partners found' })).toBeInTheDocument();
    expect(
      screen.getByText('No results found. Try different keywords or remove search filters.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'RESET ALL' }));
    expect(onResetAll).toHaveBeenCalledTimes(1);
  });

  it('offers the steps back it is given, each saying what it removes and what it finds', async () => {
    const onWayOut = vi.fn<(index: number) => void>();
    const user = userEvent.setup();
    const waysOut: WayOutOption[] = [
      { kind: 'item', name: 'Europe', count: 12 },
      { kind: 'word', name: 'clod', count: 1 },
      { kind: 'text', name: '', count: 1200 },
    ];
    render(<NoResultsPanel onResetAll={vi.fn()} waysOut={waysOut} onWayOut={onWayOut} />);
    const list = screen.getByRole('list', { name: 'Try one step back:' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Without “Europe” (12 partners)',
      'Without the word “clod” (1 partner)',
      'Without the search text (1,200 partners)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Without the word “clod” (1 partner)' }));
    expect(onWayOut).toHaveBeenCalledExactlyOnceWith(1);
    // SPEC's panel stays whole.
    expect(screen.getByRole('button', { name: 'RESET ALL' })).toBeInTheDocument();
  });

  it('offers no steps back when there are none', () => {
    render(<NoResultsPanel onResetAll={vi.fn()} waysOut={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('error panel has the exact texts, takes focus, and its button goes home', async () => {
    const onGoHome = vi.fn();
    const user = userEvent.setup();
    render(<ErrorPanel onGoHome={onGoHome} />);
    const heading = screen.getByRole('heading', { name: 'Something went wrong.' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('We apologise and are fixing the problem. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(onGoHome).toHaveBeenCalledTimes(1);
  });
});

describe('BackLink and SearchBackground', () => {
  it('links back to the home page', () => {
    render(<BackLink href="/home" />);
    expect(screen.getByRole('link', { name: 'Back to home page' })).toHaveAttribute(
      'href',
      '/home',
    );
  });

  it('renders a picture with one source per width, narrowest first, and a decorative img', () => {
    const { container } = render(
      <SearchBackground
        picture={{
          defaultUrl: '/hero.jpg',
          sources: [
            { url: '/hero-1023.jpg', maxWidth: 1023 },
            { url: '/hero 540.jpg', maxWidth: 540 },
          ],
        }}
      />,
    );
    const sources = container.querySelectorAll('picture > source');
    expect([...sources].map((s) => s.getAttribute('media'))).toEqual([
      '(max-width: 540px)',
      '(max-width: 1023px)',
    ]);
    expect(sources[0]).toHaveAttribute('srcset', '/hero%20540.jpg');
    expect(container.querySelector('picture > img')).toHaveAttribute('alt', '');
    expect(container.querySelector('picture > img')).toHaveAttribute('src', '/hero.jpg');
  });

  it('renders nothing without a picture', () => {
    const { container } = render(<SearchBackground picture={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
