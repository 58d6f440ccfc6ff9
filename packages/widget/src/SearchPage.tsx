import { addStyles } from './adoptStyles';
import { Suspense, lazy, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { afterPaint } from './core/afterPaint';
import { loadIntentChunk } from './core/loadIntentChunk';
import { selectGlobalFilterCounts, selectItemCounts } from './core/selectCounts';
import { selectChips, selectShowNoResults, selectShowSkeleton } from './core/selectors';
import { SKELETON_CARDS, VISIBLE_FILTER_ITEMS, VISIBLE_GLOBAL_FILTERS } from './core/types';
import { useFocusAfterLoadMore } from './hooks/useFocusAfterLoadMore';
import { useScrollMemory } from './hooks/useScrollMemory';
import { useSearchController } from './hooks/useSearchController';
import type { UseSearchControllerOptions } from './hooks/useSearchController';
import { BackLink } from './ui/BackLink';
import { ErrorPanel } from './ui/ErrorPanel';
import { FilterPanel } from './ui/FilterPanel';
import { LoadMoreButton } from './ui/LoadMoreButton';
import { useMessages } from './ui/MessagesContext';
import { ResultsCount } from './ui/ResultsCount';
import { ResultsList } from './ui/ResultsList';
import { ResultsSkeleton } from './ui/ResultsSkeleton';
import { announceResults } from './ui/resultsAnnouncement';
import { SearchBackground } from './ui/SearchBackground';
import { NearStart } from './ui/NearStart';
import type { NearWake } from './ui/NearStart';
import type { NearSection as NearSectionPart } from './sections/NearSection';
import { SearchPanel } from './ui/SearchPanel';
import { SelectedChips } from './ui/SelectedChips';

export interface SearchPageProps extends UseSearchControllerOptions {
  /** 'Go to the home page' (SPEC 2: navigates to '/'); replaceable for hosts and tests. */
  onNavigateHome?: () => void;
  /**
   * Operator's replacements for texts (the element's `messages`): the host made the page's
   * translator from them; the page hands them on to the contact dialog (`contact.` ids).
   */
  messages?: unknown;
}

/** A chunk's part brings its own stylesheet: added before the part first renders. */
function withStyles<Part extends { styles: string }>(part: Part): Part {
  addStyles(part.styles);
  return part;
}

// Every part a visit shows is in the page script (a chunk that always loads is a round
// trip more). What a visit may never show loads when it first shows: the no-results
// panel, and the error panel's sheet. The error panel itself is here: it must show when
// the network has gone, plainer if its sheet cannot come.
const StyledErrorPanel = lazy(() =>
  import('./ui/panelStyles')
    .then(withStyles)
    .catch(() => undefined)
    .then(() => ({ default: ErrorPanel })),
);
const NoResultsPanel = lazy(() =>
  import('./sections/NoResultsSection')
    .then(withStyles)
    .then((module) => ({ default: module.NoResultsSection })),
);

// The intent chunk (intentChunk.ts, core/loadIntentChunk.ts): the chips of ticked items,
// with their sheet and the sheet of what only a visitor's action shows (ui/intent.css), and
// what writes a saved search into the address (the first answer writes only the route). Asked
// for at the first
// focus or pointer down in the page, so it is on its way before a tick and its search, or a
// key typed, are. A visit that never reaches for the page does not load it. Until it comes a
// ticked item has no chip (the box is ticked, its search sent), and an answer's saved search
// waits for it (core/connectUrl.ts).
function loadChipList(): void {
  loadIntentChunk().catch(() => undefined);
}

// SelectedChips holds it in a Suspense boundary of its own.
const ChipList = lazy(() => loadIntentChunk().then((module) => ({ default: module.ChipList })));

function navigateHome(): void {
  window.location.assign('/');
}

/**
 * The whole search page: hero with the search panel, filters, results. Layout and
 * wiring only: behaviour is in core/ (through useSearchController) and the named hooks,
 * words and markup in ui/. Props are read on first render only.
 */
export function SearchPage({ onNavigateHome = navigateHome, ...options }: SearchPageProps) {
  const { state, portal, backHref, canLoadMore, announcement, list, actions } =
    useSearchController(options);
  const t = useMessages();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const busy = state.phase === 'initializing' || state.loading || state.loadingMore;
  // The filter groups come with the first cards: rendered after them, in slices React can
  // interrupt, so the cards paint sooner and no long task blocks the page.
  const filterGroups = useDeferredValue(state.filterGroups);
  // Scroll restoration waits for them: they can make the page taller.
  const groupsIn = filterGroups === state.filterGroups;
  const groupsShown = useRef(true);
  useEffect(() => {
    groupsShown.current = groupsIn;
  });
  const rememberOpenedCard = useScrollMemory(options.syncUrl ?? true, !busy, listRef, groupsShown);
  const loadMore = useFocusAfterLoadMore(
    listRef,
    state.cards.length,
    state.loadingMore,
    actions.loadMore,
  );
  // A new list's cards past the second skip rendering off-screen in the frame that shows
  // them (ui/ResultsList.tsx, styles.css): at 4x CPU that frame was the longest task before
  // a first visit's first card (bench/README.md). Laid out in full from the next frame on,
  // before a restored scroll position (it waits for two frames of the same height) or a
  // Load More (its cards' own marks, ui/intent.css) needs their real sizes.
  const generation = list?.generation;
  useEffect(() => afterPaint(() => listRef.current?.removeAttribute('data-fresh')), [generation]);
  // Kept while the groups and the selection stay: the memoised chips skip a Load More.
  const { chips, available } = useMemo(
    () => selectChips(filterGroups, state.selectedItemIds),
    [filterGroups, state.selectedItemIds],
  );
  // Items ticked from the start (the address): their chips come with the first answer.
  const ticked = state.selectedItemIds.length > 0;
  useEffect(() => {
    if (ticked) loadChipList();
  }, [ticked]);
  const announced = announcement ? announceResults(announcement, t) : { text: '' };
  // Counts come with every answer; deferred like the groups they belong to, and kept while
  // the answer is (the memoised panel skips a Load More's render).
  const facets = useDeferredValue(state.facets);
  const itemCounts = useMemo(() => selectItemCounts(facets), [facets]);
  const globalFilterCounts = useMemo(() => selectGlobalFilterCounts(facets), [facets]);
  // Until the location field is used (or the address holds a point), its start only; how it
  // was used ('' once its field lost focus) tells the chunk's field what to go on with.
  const [NearSection, setNearSection] = useState<typeof NearSectionPart | null>(null);
  const [nearWake, setNearWake] = useState<NearWake | ''>('');
  // What was typed in the field before its chunk came (a first letter was lost).
  const nearTyped = useRef('');
  const wantNear = nearWake !== '' || state.located.near !== undefined;
  // The location field's suggestions, geolocation, radius and order: once a visitor uses it.
  // Not lazy(): the field the page script shows stays (with its focus) until the chunk has
  // come, then the chunk's field takes over in one commit (no fallback in between).
  useEffect(() => {
    if (wantNear)
      void import('./sections/NearSection')
        .then(withStyles)
        .then((module) => setNearSection(() => module.NearSection));
  }, [wantNear]);

  if (state.phase === 'error') {
    return (
      <div className="pn-root">
        <Suspense>
          <StyledErrorPanel onGoHome={onNavigateHome} />
        </Suspense>
      </div>
    );
  }

  const showSkeleton = selectShowSkeleton(state);

  // A click, Enter or the middle button (2 opens a menu) in the results. A card's Contact
  // button opens the contact dialog (issue 26: a chunk, loaded when first asked for); a
  // card opened is remembered (scroll memory) and, a link, counted (the beacon).
  function openInResults({ target, button }: { target: EventTarget; button: number }) {
    if (!(target instanceof Element) || button > 1) return;
    const contact = target.closest('[data-contact]');
    if (contact instanceof HTMLElement && !button) {
      void import('./openContact').then((module) =>
        module.openContact(contact, portal, options.fetch, options.messages),
      );
    }
    const card = target.closest('[data-card-focus]');
    const cards = listRef.current?.querySelectorAll('[data-card-focus]');
    const index = card && cards ? [...cards].indexOf(card) : -1;
    if (index < 0) return;
    if (!button) rememberOpenedCard(index);
    if (card instanceof HTMLAnchorElement) actions.openCard(index);
  }

  return (
    <div className="pn-root" onFocus={loadChipList} onPointerDown={loadChipList}>
      <div className="pn-hero" part="hero">
        <SearchBackground picture={portal.background} />
        <SearchPanel
          text={state.text}
          resetSignal={resetSignal}
          onSubmit={actions.submitText}
          inputRef={inputRef}
        />
        {NearSection ? (
          <NearSection
            located={state.located}
            onLocate={actions.locate}
            text={state.text}
            portal={portal}
            fetch={options.fetch}
            wake={nearWake}
            typedBefore={() => nearTyped.current}
            messages={options.messages}
          />
        ) : (
          <NearStart
            onWake={setNearWake}
            onType={(typed) => {
              nearTyped.current = typed;
            }}
          />
        )}
      </div>
      <div className="pn-body">
        <BackLink href={backHref} />
        <div className="pn-layout">
          <FilterPanel
            globalFilters={state.globalFilters}
            selectedGlobalFilter={state.selectedGlobalFilter}
            groups={filterGroups}
            selectedItemIds={state.selectedItemIds}
            onSelectGlobalFilter={actions.selectGlobalFilter}
            onToggleItem={actions.toggleFilterItem}
            visibleItems={VISIBLE_FILTER_ITEMS}
            visibleGlobalFilters={VISIBLE_GLOBAL_FILTERS}
            itemCounts={itemCounts}
            globalFilterCounts={globalFilterCounts}
          />
          <section
            className="pn-results"
            aria-label={t('results')}
            aria-busy={busy}
            data-refreshing={state.loading || undefined}
            // A click on a card (mouse or Enter) is the visitor leaving for a partner.
            onClick={openInResults}
            onAuxClick={openInResults}
          >
            <div className="pn-results__bar">
              <ResultsCount {...announced} />
              <SelectedChips
                chips={chips}
                onRemove={actions.toggleFilterItem}
                // The chip input keeps its place while the groups come (they render after
                // the cards; shown then, it pushed the cards down at 412 px: a layout
                // shift), with nothing to add yet: `chips` is then an empty array.
                available={available ?? (groupsIn ? undefined : chips)}
                onAdd={actions.toggleFilterItem}
                List={ChipList}
              />
            </div>
            {showSkeleton ? (
              <ResultsSkeleton count={SKELETON_CARDS} />
            ) : (
              // A new list is new elements, not the old ones moved about (no layout shift);
              // past the frame that shows a new list (data-fresh), only cards a Load More
              // appends may skip rendering off-screen.
              <ResultsList
                key={generation}
                cards={state.cards}
                eagerCount={list?.eagerCount}
                listRef={listRef}
              />
            )}
            {selectShowNoResults(state) && (
              <Suspense>
                <NoResultsPanel
                  state={state}
                  actions={actions}
                  // RESET ALL empties the search field; focus goes to it after either.
                  onDone={(reset) => {
                    if (reset) setResetSignal((signal) => signal + 1);
                    inputRef.current?.focus();
                  }}
                  locale={portal.languageId}
                />
              </Suspense>
            )}
            <LoadMoreButton
              canLoadMore={canLoadMore && !showSkeleton}
              // The controller ignores Load More while any search is in flight.
              loading={busy}
              onLoadMore={loadMore}
            />
          </section>
        </div>
      </div>
    </div>
  );
}
