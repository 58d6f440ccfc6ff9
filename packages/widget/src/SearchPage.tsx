import { useEffect, useId, useRef, useState } from 'react';
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
  const { state, actions, backHref, canLoadMore, countText } = useSearchController({
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
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || state.loadingMore) return;
    focusAfterLoad.current = null;
    if (cardCount <= index) return;
    listRef.current?.querySelectorAll<HTMLElement>('[data-card-focus]')[index]?.focus();
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
      countText: cardCount > 0 ? countText : '',
      addedCount: state.lastAddedCount,
      globalFilterLabel:
        state.globalFilters.find((filter) => filter.name === state.selectedGlobalFilter)?.label ??
        '',
      itemNames: state.selectedItemIds.flatMap((id) => selectedNames.get(id) ?? []),
      text: state.text,
    });
    if (
      next.count !== announced.count ||
      next.before !== announced.before ||
      next.after !== announced.after
    ) {
      setAnnounced(next);
    }
  }

  if (state.phase === 'error') {
    return (
      <div className="pn-root">
        <ErrorPanel onGoHome={onNavigateHome} />
      </div>
    );
  }

  const itemsById = new Map<number, Chip>();
  for (const group of state.filterGroups) {
    for (const item of group.filterItems) itemsById.set(item.id, item);
  }
  const chips = state.selectedItemIds.flatMap((id) => itemsById.get(id) ?? []);
  const selected = new Set(state.selectedItemIds);
  const available = [...itemsById.values()].filter((item) => !selected.has(item.id));

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
              Search filters
              <span className="pn-filters-toggle__icon" aria-hidden="true" />
            </button>
            <FilterPanel
              id={panelId}
              globalFilters={state.globalFilters}
              selectedGlobalFilter={state.selectedGlobalFilter}
              groups={state.filterGroups}
              selectedItemIds={state.selectedItemIds}
              onSelectGlobalFilter={actions.selectGlobalFilter}
              onToggleItem={actions.toggleFilterItem}
              visibleItems={VISIBLE_FILTER_ITEMS}
              visibleGlobalFilters={VISIBLE_GLOBAL_FILTERS}
            />
          </div>
          <section
            className="pn-results"
            aria-label="Partner results"
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
                // No chip input before there are filter items to add.
                available={itemsById.size > 0 ? available : undefined}
                onAdd={actions.toggleFilterItem}
              />
            </div>
            {showSkeleton ? (
              <ResultsSkeleton count={SKELETON_CARDS} />
            ) : (
              <ResultsList cards={state.cards} listRef={listRef} />
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
    </div>
  );
}
