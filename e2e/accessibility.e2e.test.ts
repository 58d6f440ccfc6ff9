/**
 * WCAG 2.2 AA in Chromium: axe-core (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)
 * in every state of the page at phone and desktop widths, reflow at 320 px and at
 * 200 % zoom, text spacing, touch target sizes, and prefers-reduced-motion.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { openSearchPage } from './support/searchPage';
import type { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

interface PageState {
  name: string;
  widths: number[];
  /** Brings an opened page (first results shown) into the state; returns a clean-up. */
  enter(searchPage: SearchPage): Promise<(() => void) | undefined>;
}

const BOTH = [360, 1280];

const STATES: PageState[] = [
  { name: 'results', widths: BOTH, enter: () => Promise.resolve(undefined) },
  {
    name: 'skeleton',
    widths: BOTH,
    enter: async (searchPage) => {
      const release = await searchPage.holdOnSkeleton();
      expect(await searchPage.results().getAttribute('aria-busy')).toBe('true');
      // Placeholders are for the eye only.
      expect(await searchPage.skeleton().getAttribute('aria-hidden')).toBe('true');
      return release;
    },
  },
  {
    name: 'validation error',
    widths: BOTH,
    enter: async (searchPage) => {
      const field = searchPage.field();
      await field.fill('<b>');
      const tooltip = searchPage.tooltip();
      await tooltip.waitFor();
      // The form is the search landmark; the field says it is invalid and why.
      await searchPage.searchForm().getByRole('textbox').waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
      expect(await searchPage.searchButton().isDisabled()).toBe(true);
      return undefined;
    },
  },
  {
    name: 'a group expanded',
    widths: BOTH,
    enter: async (searchPage) => {
      const { page } = searchPage;
      await searchPage.openFiltersIfFolded();
      const more = page.getByRole('button', { name: 'View more Region' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      const less = page.getByRole('button', { name: 'View less Region' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      return undefined;
    },
  },
  {
    name: 'no results',
    widths: BOTH,
    enter: async (searchPage) => {
      await searchPage.searchWithEnter('zzzqqq');
      await searchPage.noResultsHeading().waitFor();
      return undefined;
    },
  },
  {
    name: 'error panel',
    widths: BOTH,
    enter: async (searchPage) => {
      await searchPage.page.route(
        (url) => url.pathname.endsWith('/search'),
        (route) => route.fulfill({ status: 500, body: 'down' }),
      );
      await searchPage.searchWithEnter('cloud');
      await searchPage.errorHeading().waitFor();
      return undefined;
    },
  },
  {
    name: 'folded filter panel open',
    widths: [360],
    enter: async (searchPage) => {
      await searchPage.filterToggle().click();
      await searchPage.page.getByRole('radio').first().waitFor();
      return undefined;
    },
  },
];

const CASES = STATES.flatMap((state) => state.widths.map((width) => ({ ...state, width })));

describe('axe-core finds no WCAG 2.2 A/AA violation', () => {
  it('sees inside the widget shadow root (a planted image without alt is found)', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    await page.evaluate(() => {
      const root = document.querySelector('partners-network-search')?.shadowRoot;
      const img = document.createElement('img');
      img.src = '/demo/favicon.svg';
      root?.querySelector('section[aria-busy]')?.append(img);
    });
    const violations = await findAxeViolations(page);
    expect(violations.map((violation) => violation.id)).toContain('image-alt');
  });

  it.each(CASES)('$name at $width px', async ({ width, enter }) => {
    const searchPage = await openSearchPage(portal, '/', { width, height: 800 });
    await searchPage.waitForCards();
    const cleanUp = await enter(searchPage);
    expect(await findAxeViolations(searchPage.page)).toEqual([]);
    if (cleanUp) cleanUp();
  });
});

interface LayoutProblem {
  what: string;
  problem: string;
}

/** Widget elements that stick out of the viewport or cut their own content off. */
function findReflowProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const root = document.querySelector('partners-network-search')?.shadowRoot;
    if (!root) return [{ what: 'widget', problem: 'no shadow root' }];
    const problems: { what: string; problem: string }[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push({
        what: 'page',
        problem: `scrolls sideways (${document.documentElement.scrollWidth} > ${width})`,
      });
    }
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    for (const el of root.querySelectorAll('*')) {
      // Visually hidden text (clipped to nothing) and the decorative background are meant to
      // be out of sight.
      if (
        el.closest('[part~="search-background"]') ||
        getComputedStyle(el).clipPath === 'inset(50%)'
      ) {
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        problems.push({
          what: describe(el),
          problem: `spans ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        });
      }
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      if (clips && el instanceof HTMLElement && el.tagName !== 'INPUT') {
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
          problems.push({
            what: describe(el),
            problem: `clips its content (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`,
          });
        }
      }
    }
    return problems;
  });
}

describe('reflow: no sideways scrolling, nothing cut off', () => {
  // 320 CSS px is WCAG's reflow width; 640 is a 1280 px window at 200 % zoom.
  it.each([320, 640])(
    'at %i px: results, open filters with a group expanded, tooltip, no results',
    async (width) => {
      const searchPage = await openSearchPage(portal, '/', { width, height: 640 });
      const { page } = searchPage;
      await searchPage.waitForCards();
      expect(await findReflowProblems(page)).toEqual([]);

      await searchPage.openFiltersIfFolded();
      for (const group of ['Region', 'Industry', 'Expertise']) await searchPage.viewMore(group);
      await searchPage.tickFilter('Germany, Austria & Switzerland');
      await searchPage.chipRemoveButton('Germany, Austria & Switzerland').waitFor();
      await searchPage.waitForCards();
      expect(await findReflowProblems(page)).toEqual([]);

      // A name longer than the card is wide wraps; it is not cut with an ellipsis.
      await page.evaluate(() => {
        const root = document.querySelector('partners-network-search')?.shadowRoot;
        const long = 'Internationalisation-and-localisation-consultancy-services';
        for (const selector of [
          '[part~="badge"]',
          '[part~="chip"] > span',
          '[part~="card-link"]',
        ]) {
          const node = root?.querySelector(selector);
          if (node) node.textContent = long;
        }
      });
      expect(await findReflowProblems(page)).toEqual([]);

      await searchPage.field().fill('<script>');
      await searchPage.tooltip().waitFor();
      expect(await findReflowProblems(page)).toEqual([]);

      await searchPage.searchWithEnter('zzzqqq');
      await searchPage.noResultsHeading().waitFor();
      expect(await findReflowProblems(page)).toEqual([]);
    },
  );

  it('at 200 % CSS zoom in a 640 px window (320 px of layout), nothing is cut', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 640, height: 450 });
    const { page } = searchPage;
    await searchPage.waitForCards();
    await page.evaluate(() => document.documentElement.style.setProperty('zoom', '2'));
    await page.waitForTimeout(100);
    const problems = await findReflowProblems(page);
    expect(problems).toEqual([]);
  });
});

describe('text spacing (WCAG 1.4.12)', () => {
  it.each([320, 1280])(
    'at %i px nothing is cut with wider letters, words and lines',
    async (width) => {
      const searchPage = await openSearchPage(portal, '/', { width, height: 800 });
      const { page } = searchPage;
      await searchPage.waitForCards();
      await searchPage.openFiltersIfFolded();
      await searchPage.tickFilter('Nordics');
      await searchPage.chipRemoveButton('Nordics').waitFor();
      await searchPage.waitForCards();
      // The bookmarklet's overrides, as a constructed sheet (the CSP allows no inline style).
      await page.evaluate(() => {
        const root = document.querySelector('partners-network-search')?.shadowRoot;
        if (!root) return;
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(
          '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
        );
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      });
      const title = searchPage.cards().first().getByRole('heading');
      expect(await title.evaluate((node) => getComputedStyle(node).letterSpacing)).not.toBe(
        'normal',
      );
      expect(await findReflowProblems(page)).toEqual([]);
    },
  );
});

interface Target {
  what: string;
  width: number;
  height: number;
}

/** Every button, link, text field and checkbox/radio label box the widget shows. */
function measureTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const root = document.querySelector('partners-network-search')?.shadowRoot;
    if (!root) return [];
    const targets: { what: string; width: number; height: number }[] = [];
    for (const el of root.querySelectorAll('button, a[href], input[type="text"], label')) {
      // A card's title link stretches over the whole card (::after): the card is the target.
      const box = el.matches('[part~="card-link"]') ? (el.closest('[part~="card"]') ?? el) : el;
      const rect = box.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      targets.push({
        what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
      });
    }
    return targets;
  });
}

describe('touch targets are at least 24 by 24 px', () => {
  it.each([360, 1280])('at %i px, with chips, the clear button and Load More', async (width) => {
    const searchPage = await openSearchPage(portal, '/', { width, height: 800 });
    await searchPage.waitForCards();
    await searchPage.openFiltersIfFolded();
    await searchPage.viewMore('Region');
    await searchPage.tickFilter('Nordics');
    await searchPage.chipRemoveButton('Nordics').waitFor();
    await searchPage.field().fill('a');
    await searchPage.clearButton().waitFor();

    const targets = await measureTargets(searchPage.page);
    const kinds = targets.map((target) => target.what.split(' ')[0]);
    for (const kind of ['button', 'a', 'label', 'input']) expect(kinds).toContain(kind);
    const small = targets.filter((target) => target.width < 24 || target.height < 24);
    expect(small).toEqual([]);
    const smallest = Math.min(...targets.map((target) => Math.min(target.width, target.height)));
    console.info(`smallest target side at ${width} px: ${smallest} px (${targets.length} targets)`);
  });
});

describe('prefers-reduced-motion', () => {
  async function motion(page: Page) {
    return page.evaluate(() => {
      const root = document.querySelector('partners-network-search')?.shadowRoot;
      // The shimmer: a band over each placeholder card.
      const card = root?.querySelector('[data-testid="results-skeleton"] li > div');
      const button = root?.querySelector('[part~="search-button"]');
      if (!card || !button) throw new Error('skeleton or button missing');
      return {
        animation: getComputedStyle(card, '::after').animationName,
        transition: getComputedStyle(button).transitionDuration,
      };
    });
  }

  it('animates the skeleton and buttons by default', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280 });
    await searchPage.waitForCards();
    const release = await searchPage.holdOnSkeleton();
    const found = await motion(searchPage.page);
    release();
    expect(found.animation).toBe('pn-shimmer');
    expect(found.transition).not.toMatch(/^0s(, 0s)*$/);
  });

  it('turns every animation and transition off on request', async () => {
    const searchPage = await openSearchPage(portal, '/', { width: 1280 });
    await searchPage.page.emulateMedia({ reducedMotion: 'reduce' });
    await searchPage.waitForCards();
    const release = await searchPage.holdOnSkeleton();
    const found = await motion(searchPage.page);
    release();
    expect(found.animation).toBe('none');
    expect(found.transition).toMatch(/^0s(, 0s)*$/);
  });
});
