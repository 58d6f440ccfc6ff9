/**
 * The partner search page as a visitor uses it: one page object (as Coveo's ui-kit and
 * Algolia InstantSearch write their browser tests) that the tests drive with a visitor's
 * actions (`searchFor('cloud')`, `tickFilter('Gold')`, `loadMore()`, `openCard(title)`)
 * and read through what the visitor sees (`cards()`, `countText()`, `liveRegion()`).
 *
 * Every part is found here, once, by its role and accessible name: the page's en-US
 * words, SPEC's exact texts. A test in another language, or of an element with its own
 * messages, passes its words (`texts`); a test of one element among several passes that
 * element (`root`). Expected values stay in the tests: this file finds, acts and waits.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OpenOptions, Portal } from './usePortal';
import { visibleText } from './visibleText';

/** The accessible names the page object finds parts by. */
export interface SearchPageTexts {
  heading: string;
  searchForm: string;
  searchField: string;
  searchButton: string;
  clearSearch: string;
  backLink: string;
  /** The filter panel's region, and the toggle that unfolds it on a phone. */
  searchFilters: string;
  selectedFilters: string;
  addFilterByName: string;
  results: string;
  loadMore: string;
  noResultsTitle: string;
  resetAll: string;
  errorTitle: string;
  goHome: string;
  /** The location field's label and its "Use my location" button (issue 25). */
  near: string;
  useMyLocation: string;
}

/** The en-US page: SPEC's words. */
export const EN_US_TEXTS: SearchPageTexts = {
  heading: 'Partners Network',
  searchForm: 'PreferredPartners',
  searchField: 'Search partners',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  backLink: 'Back to home page',
  searchFilters: 'Search filters',
  selectedFilters: 'Selected filters',
  addFilterByName: 'Add a filter by name',
  results: 'Partner results',
  loadMore: 'Load More Partners',
  noResultsTitle: 'No partners found',
  resetAll: 'RESET ALL',
  errorTitle: 'Something went wrong.',
  goHome: 'Go to the home page',
  near: 'Near',
  useMyLocation: 'Use my location',
};

export interface SearchPageOptions {
  /** The widget to drive when the page holds more than one (default: the whole page). */
  root?: Locator;
  /** Names in another language or from a host's own messages; the rest stay en-US. */
  texts?: Partial<SearchPageTexts>;
}

/** The element that has focus, as the keyboard tests describe it. */
export interface Focused {
  /** Tag, type and accessible-ish name, e.g. 'input[checkbox] Nordics'. */
  name: string;
  inWidget: boolean;
  /** Outline (or, for a card link, its stretched ::after outline) in CSS px. */
  ring: number;
  top: number;
  left: number;
}

export class SearchPage {
  readonly root: Page | Locator;
  readonly texts: SearchPageTexts;

  constructor(
    readonly page: Page,
    options: SearchPageOptions = {},
  ) {
    this.root = options.root ?? page;
    this.texts = { ...EN_US_TEXTS, ...options.texts };
  }

  // The parts of the page.

  heading(): Locator {
    return this.root.getByRole('heading', { name: this.texts.heading });
  }

  searchForm(): Locator {
    return this.root.getByRole('search', { name: this.texts.searchForm });
  }

  field(): Locator {
    return this.root.getByRole('textbox', { name: this.texts.searchField });
  }

  searchButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.searchButton, exact: true });
  }

  clearButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.clearSearch });
  }

  /** The validation message under the field. */
  tooltip(): Locator {
    return this.root.getByRole('tooltip');
  }

  backLink(): Locator {
    return this.root.getByRole('link', { name: this.texts.backLink });
  }

  filterPanel(): Locator {
    return this.root.getByRole('region', { name: this.texts.searchFilters });
  }

  /** The button that unfolds the filter panel on a phone (hidden on a wide page). */
  filterToggle(): Locator {
    return this.root.getByRole('button', { name: this.texts.searchFilters });
  }

  /** A filter group (or the global filters' 'Partner type') by its exact legend. */
  group(name: string): Locator {
    return this.filterPanel().getByRole('group', { name, exact: true });
  }

  checkbox(name: string): Locator {
    return this.root.getByRole('checkbox', { name });
  }

  radio(name: string): Locator {
    return this.root.getByRole('radio', { name });
  }

  chips(): Locator {
    return this.root.getByRole('list', { name: this.texts.selectedFilters });
  }

  chipRemoveButton(name: string): Locator {
    return this.root.getByRole('button', { name: `Remove ${name}` });
  }

  chipInput(): Locator {
    return this.root.getByRole('combobox', { name: this.texts.addFilterByName });
  }

  results(): Locator {
    return this.root.getByRole('region', { name: this.texts.results });
  }

  /** The count, and (out of sight) what the page announces: the page's one live region. */
  liveRegion(): Locator {
    return this.root.getByRole('status');
  }

  /** Placeholders have no role or text to find them by: aria-hidden is the point. */
  skeleton(): Locator {
    return this.root.getByTestId('results-skeleton');
  }

  cards(): Locator {
    return this.root.getByRole('article');
  }

  /** The location field: a plain field until its chunk loads, then a combobox. */
  nearField(): Locator {
    return this.root.getByLabel(this.texts.near, { exact: true });
  }

  useMyLocationButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.useMyLocation });
  }

  /** The cities the location field suggests. */
  suggestions(): Locator {
    return this.root.getByRole('listbox').getByRole('option');
  }

  /** Types `typed` in the location field and chooses the suggestion named `option`. */
  async chooseNear(typed: string, option: string | RegExp): Promise<void> {
    await this.nearField().click();
    await this.root.getByRole('combobox', { name: this.texts.near, exact: true }).fill(typed);
    await this.suggestions().filter({ hasText: option }).first().click();
  }

  /** What each card says of its distance ("12 km · Lyon"), in order. */
  cardDistances(): Promise<string[]> {
    return this.cards().getByText(/ · /).allTextContents();
  }

  loadMoreButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.loadMore });
  }

  noResultsHeading(): Locator {
    return this.root.getByRole('heading', { name: this.texts.noResultsTitle });
  }

  resetAllButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.resetAll });
  }

  errorHeading(): Locator {
    return this.root.getByRole('heading', { name: this.texts.errorTitle });
  }

  goHomeButton(): Locator {
    return this.root.getByRole('button', { name: this.texts.goHome });
  }

  // What a visitor does.

  /** Types `text` into the search field and clicks Search. */
  async searchFor(text: string): Promise<void> {
    await this.field().fill(text);
    await this.searchButton().click();
  }

  /** Types `text` into the search field and presses Enter. */
  async searchWithEnter(text: string): Promise<void> {
    await this.field().fill(text);
    await this.field().press('Enter');
  }

  async clearSearch(): Promise<void> {
    await this.clearButton().click();
  }

  /** Ticks a filter item, found by its label anywhere or within the group `inGroup`. */
  async tickFilter(name: string, inGroup?: string): Promise<void> {
    const scope = inGroup === undefined ? this.root : this.group(inGroup);
    await scope.getByRole('checkbox', { name }).check();
  }

  async untickFilter(name: string): Promise<void> {
    await this.checkbox(name).uncheck();
  }

  async chooseGlobalFilter(name: string): Promise<void> {
    await this.radio(name).check();
  }

  /** Removes a ticked item with its chip's × button. */
  async removeChip(name: string): Promise<void> {
    await this.chips()
      .getByRole('button', { name: `Remove ${name}` })
      .click();
  }

  /** Opens the folded filter panel, on a page narrow enough to fold it. */
  async openFiltersIfFolded(): Promise<void> {
    if (await this.filterToggle().isVisible()) await this.filterToggle().click();
  }

  /** Clicks 'View More' of a group (its accessible name says which group). */
  async viewMore(group: string): Promise<void> {
    await this.root.getByRole('button', { name: `View more ${group}` }).click();
  }

  async loadMore(): Promise<void> {
    await this.loadMoreButton().click();
  }

  async resetAll(): Promise<void> {
    await this.resetAllButton().click();
  }

  /** Opens the partner page of the card titled `title` with the mouse, as a visitor does. */
  async openCard(title: string): Promise<void> {
    await Promise.all([
      this.page.waitForURL(/\/partners\//),
      this.root.getByRole('link', { name: title, exact: true }).click(),
    ]);
  }

  /** Opens the first card's partner page. */
  async openFirstCard(): Promise<void> {
    await Promise.all([
      this.page.waitForURL(/\/partners\//),
      this.cards().first().getByRole('link').click(),
    ]);
  }

  // What a visitor reads.

  /** The count as shown ('Showing 10 of 190 partners'); the live region says more, out of sight. */
  countText(): Promise<string> {
    return visibleText(this.liveRegion());
  }

  /** Everything the live region says, the parts out of sight included. */
  async announcement(): Promise<string> {
    return (await this.liveRegion().textContent()) ?? '';
  }

  cardTitles(): Promise<string[]> {
    return this.cards().getByRole('heading').allTextContents();
  }

  /** The cards' link addresses, in order. */
  cardLinks(): Promise<string[]> {
    return this.cards()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  }

  /** The labels of the ticked filter items, in the panel's order. */
  checkedFilters(): Promise<string[]> {
    return (
      this.filterPanel()
        .getByRole('checkbox', { checked: true })
        // The name the label shows before the count (said in words for screen readers).
        .evaluateAll((boxes) =>
          boxes.map(
            (box) => box.closest('label')?.querySelector('input + span')?.textContent?.trim() ?? '',
          ),
        )
    );
  }

  /** The filter groups' legends, in order. */
  groupLegends(): Promise<string[]> {
    return this.filterPanel()
      .getByRole('group')
      .evaluateAll((groups) =>
        groups.map((fieldset) => fieldset.querySelector('legend')?.textContent ?? ''),
      );
  }

  /**
   * Holds the filter definitions and reloads: the page shows its skeleton until the
   * returned function lets the call go on to the real server (nothing is answered in
   * its place).
   */
  async holdOnSkeleton(): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await this.page.route(
      (url) => url.pathname.endsWith('/filter-groups'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await this.page.reload();
    await this.skeleton().waitFor();
    return release;
  }

  // Waiting for the page, by conditions.

  /** Until the results are no longer busy (no search on its way). */
  async settled(): Promise<void> {
    await expect.poll(() => this.results().getAttribute('aria-busy')).toBe('false');
  }

  /** Until cards show (exactly `count` of them, when given) and no search is on its way. */
  async waitForCards(count?: number): Promise<void> {
    if (count === undefined) await this.cards().first().waitFor();
    else await expect.poll(() => this.cards().count(), { timeout: 10_000 }).toBe(count);
    await this.settled();
  }

  /** Until the list is drawn: cards, Load More, and every eager picture loaded. */
  async waitForDrawnList(): Promise<void> {
    await this.cards().first().waitFor();
    await this.loadMoreButton().waitFor();
    // Card pictures sit in fixed 16:9 frames, lazy or not: only eager ones are waited for.
    await expect
      .poll(() =>
        this.root
          .locator('img')
          .evaluateAll((images) =>
            images.every(
              (image) =>
                image instanceof HTMLImageElement && (image.complete || image.loading === 'lazy'),
            ),
          ),
      )
      .toBe(true);
  }

  // The keyboard.

  /** The element that has focus, through the widget's shadow root; null for the body. */
  focused(): Promise<Focused | null> {
    return this.page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el || el === document.body) return null;
      // A filter's name, without its count (said in words for screen readers).
      const label =
        el.closest('label')?.querySelector('input + span')?.textContent ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : '') ??
        '';
      const ownName = el.getAttribute('aria-label') ?? (label || (el.textContent ?? '')) ?? '';
      const type = el instanceof HTMLInputElement ? `[${el.type}]` : '';
      const ring = (style: CSSStyleDeclaration) =>
        style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
      const rect = el.getBoundingClientRect();
      return {
        name: `${el.tagName.toLowerCase()}${type} ${ownName.trim().replace(/\s+/g, ' ')}`.trim(),
        inWidget: el.getRootNode() !== document,
        ring: Math.max(ring(getComputedStyle(el)), ring(getComputedStyle(el, '::after'))),
        top: Math.round(rect.top + window.scrollY),
        left: Math.round(rect.left),
      };
    });
  }

  /** Presses Tab (Shift+Tab when `backwards`) and returns what has focus then. */
  async tab(backwards = false): Promise<Focused | null> {
    await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    return this.focused();
  }

  /** Presses Tab until `target` has focus; fails after `limit` presses. */
  async tabTo(target: Locator, limit = 60): Promise<void> {
    for (let i = 0; i < limit; i++) {
      await this.tab();
      const reached = await target.evaluateAll((elements) =>
        elements.some((element) => element.matches(':focus')),
      );
      if (reached) return;
    }
    throw new Error(`${String(target)} not reached in ${limit} presses of Tab`);
  }
}

/** Opens `path` of the demo (a fresh browser context) and returns its search page. */
export async function openSearchPage(
  portal: Portal,
  path = '/',
  options: OpenOptions = {},
): Promise<SearchPage> {
  return new SearchPage(await portal.open(path, options));
}
