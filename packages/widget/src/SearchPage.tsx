import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { readPortalContext } from './core/readPortalContext';
import { selectShowNoResults, selectShowSkeleton } from './core/selectors';
import { SKELETON_CARDS, VISIBLE_FILTER_ITEMS, VISIBLE_GLOBAL_FILTERS } from './core/types';
import type { PortalContext } from './core/types';
import { useScrollMemory } from './hooks/useScrollMemory';
import { useSearchController } from './hooks/useSearchController';
import type { UseSearchControllerOptions } from './hooks/useSearchController';
import { BackLink } from './ui/BackLink';
import { ErrorPanel } from './ui/ErrorPanel';
import { FilterPanel } from './ui/FilterPanel';
import { LoadMoreButton } from './ui/LoadMoreButton';
import { NoResultsPanel } from './ui/NoResultsPanel';
import { ResultsCount } from './ui/ResultsCount';
import { ResultsList } from './ui/ResultsList';
import { ResultsSkeleton } from './ui/ResultsSkeleton';
import { announceResults } from './ui/resultsAnnouncement';
import type { ResultsAnnouncement } from './ui/resultsAnnouncement';
import { SearchBackground } from './ui/SearchBackground';
import { SearchPanel } from './ui/SearchPanel';
import { SelectedChips } from './ui/SelectedChips';
import { useMessages } from './ui/MessagesContext';
import type { Chip } from './ui/SelectedChips';

export interface SearchPageProps extends UseSearchControllerOptions {
  /** Values that win over what the portal page says (the custom element's attributes). */
  context?: Partial<PortalContext>;
  /** 'Go to the home page' (SPEC 2: navigates to '/'); replaceable for hosts and tests. */
  onNavigateHome?: () => void;
}

function navigateHome(): void {
  window.location.assign('/');
}

/** The whole search page: hero with the search panel, filters, results. Read on first render only. */
export function SearchPage({
  context,
  onNavigateHome = navigateHome,
  ...options
}: SearchPageProps) {
  const [portal] = useState(() => options.portal ?? readPortalContext(context));
  const t = useMessages();
  const { state, actions, backHref, canLoadMore } = useSearchController({
    ...options,
    portal,
  });

  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [resetSignal, setResetSignal] = useState(0);
  const busy = state.phase === 'initializing' || state.loading || state.loadingMore;
  const rememberOpenedCard = useScrollMemory(
    options.syncUrl ?? true,
    state.phase !== 'initializing' && !busy,
    listRef,
  );
  // Index of the first card a Load More will add; focus goes there once it is in.
  const focusAfterLoad = useRef<number | null>(null);

  const cardCount = state.cards.length;
  // A new answer (its first card is a new object; Load More keeps it) is a new list of new
  // elements, not the old ones moved about: no layout shift for cards present in both.
  // Cards shown when a list first appears (a search's answer, or a list restored on Back
  // or reload) are laid out in full; only cards a Load More appends later may skip
  // rendering off-screen (ResultsList), so a restored scroll position never lands on
  // estimated sizes.
  const [list, setList] = useState({ first: state.cards[0], id: 0, eager: state.cards.length });
  if (list.first !== state.cards[0]) {
    setList({ first: state.cards[0], id: list.id + 1, eager: state.cards.length });
  }
  // The filter groups come with the first cards: rendered after them, in slices React can
  // interrupt, so the cards paint sooner and no long task blocks the page.
  const filterGroups = useDeferredValue(state.filterGroups);
  const wholePage = useDeferredValue(true, false);
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || state.loadingMore) return;
    focusAfterLoad.current = null;
    if (cardCount <= index) return;
    // In the next frame: focus forces a style and layout pass, done once there, not here.
    const frame = requestAnimationFrame(() =>
      listRef.current?.querySelectorAll<HTMLElement>('[data-card-focus]')[index]?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [state.loadingMore, cardCount]);

  // The live region speaks for settled answers only: while a search is on its way it
  // keeps what it said, so ticking a box or typing announces nothing until the answer.
  const [announced, setAnnounced] = useState<ResultsAnnouncement>({
    count: '',
    before: '',
    after: '',
  });
  if (!busy && state.phase === 'ready') {
    const selectedNames = new Map<number, string>();
    for (const group of state.filterGroups) {
      for (const item of group.filterItems) selectedNames.set(item.id, item.name);
    }
    const next = announceResults({
      countText:
        cardCount > 0
          ? t('count', { loaded: cardCount, total: state.totalFound }, state.totalFound)
          : '',
      addedCount: state.lastAddedCount,
      globalFilterLabel:
        state.globalFilters.find((filter) => filter.name === state.selectedGlobalFilter)?.label ??
        '',
      itemNames: state.selectedItemIds.flatMap((id) => selectedNames.get(id) ?? []),
      text: state.text,
      t,
    });
    if (
      next.count !== announced.count ||
      next.before !== announced.before ||
      next.after !== announced.after
    ) {
      setAnnounced(next);
    }
  }

  // Kept while the groups and the selection stay: the memoised chips skip a Load More.
  const { chips, available } = useMemo(() => {
    const itemsById = new Map<number, Chip>();
    for (const group of filterGroups) {
      for (const item of group.filterItems) itemsById.set(item.id, item);
    }
    const selected = new Set(state.selectedItemIds);
    return {
      chips: state.selectedItemIds.flatMap((id) => itemsById.get(id) ?? []),
      // No chip input before there are filter items to add.
      available:
        itemsById.size > 0
          ? [...itemsById.values()].filter((item) => !selected.has(item.id))
          : undefined,
    };
  }, [filterGroups, state.selectedItemIds]);

  if (state.phase === 'error') {
    return (
      <div className="pn-root">
        <ErrorPanel onGoHome={onNavigateHome} />
      </div>
    );
  }

  const showSkeleton = selectShowSkeleton(state);
  const panelId = `${ids}-filters`;

  function handleLoadMore() {
    focusAfterLoad.current = cardCount;
    actions.loadMore();
  }

  function handleResetAll() {
    actions.resetAll();
    setResetSignal((signal) => signal + 1);
    inputRef.current?.focus();
  }

  function handleAsideKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !filtersOpen) return;
    setFiltersOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className="pn-root">
      <div className="pn-hero" part="hero">
        <SearchBackground picture={portal.background} />
        <SearchPanel
          text={state.text}
          resetSignal={resetSignal}
          onSubmit={actions.submitText}
          inputRef={inputRef}
        />
      </div>
      {/* After the hero's first commit, in a transition: its effect sends the first request
          sooner, and the rest renders in slices instead of one long task. */}
      {wholePage && (
        <div className="pn-body">
          <BackLink href={backHref} />
          <div className="pn-layout">
            <div className="pn-aside" data-open={filtersOpen} onKeyDown={handleAsideKeyDown}>
              {/* Shown at 767 px and below only (styles.css); wider, the panel is always open. */}
              <button
                ref={toggleRef}
                type="button"
                className="pn-button pn-button--secondary pn-filters-toggle"
                part="button filters-toggle"
                aria-expanded={filtersOpen}
                aria-controls={panelId}
                onClick={() => setFiltersOpen((open) => !open)}
              >
                {t('searchFilters')}
                <span className="pn-filters-toggle__icon" aria-hidden="true" />
              </button>
              <FilterPanel
                id={panelId}
                globalFilters={state.globalFilters}
                selectedGlobalFilter={state.selectedGlobalFilter}
                groups={filterGroups}
                selectedItemIds={state.selectedItemIds}
                onSelectGlobalFilter={actions.selectGlobalFilter}
                onToggleItem={actions.toggleFilterItem}
                visibleItems={VISIBLE_FILTER_ITEMS}
                visibleGlobalFilters={VISIBLE_GLOBAL_FILTERS}
              />
            </div>
            <section
              className="pn-results"
              aria-label={t('results')}
              aria-busy={busy}
              data-refreshing={state.loading || undefined}
              // A click on a card (mouse or Enter) is the visitor leaving for a partner.
              onClick={(event) => rememberOpenedCard(event.target)}
            >
              <div className="pn-results__bar">
                <ResultsCount
                  text={announced.count}
                  before={announced.before}
                  after={announced.after}
                />
                <SelectedChips
                  chips={chips}
                  onRemove={actions.toggleFilterItem}
                  available={available}
                  onAdd={actions.toggleFilterItem}
                />
              </div>
              {showSkeleton ? (
                <ResultsSkeleton count={SKELETON_CARDS} />
              ) : (
                <ResultsList
                  key={list.id}
                  cards={state.cards}
                  eagerCount={list.eager}
                  listRef={listRef}
                />
              )}
              {selectShowNoResults(state) && <NoResultsPanel onResetAll={handleResetAll} />}
              <LoadMoreButton
                canLoadMore={canLoadMore && !showSkeleton}
                // The controller ignores Load More while any search is in flight.
                loading={state.loadingMore || state.loading}
                onLoadMore={handleLoadMore}
              />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
