/**
 * WCAG 2.2 AA in Chromium: axe-core (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa)
 * in every state of the page at phone and desktop widths, reflow at 320 px and at
 * 200 % zoom, text spacing, touch target sizes, and prefers-reduced-motion.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { usePortal } from './support/usePortal';

const portal = usePortal();

const isSearchCall = (url: URL) => url.pathname.endsWith('/search');
const isFilterGroupsCall = (url: URL) => url.pathname.endsWith('/filter-groups');

const field = (page: Page) => page.getByRole('textbox', { name: 'Search partners' });

async function showResults(page: Page): Promise<void> {
  await page.getByRole('article').first().waitFor();
  await expect
    .poll(() => page.getByRole('region', { name: 'Partner results' }).getAttribute('aria-busy'))
    .toBe('false');
}

async function search(page: Page, text: string): Promise<void> {
  await field(page).fill(text);
  await field(page).press('Enter');
}

async function openFiltersIfFolded(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Search filters' });
  if (await toggle.isVisible()) await toggle.click();
}

/**
 * Holds the filter definitions until the returned function is called, and reloads:
 * the page shows its skeleton meanwhile.
 */
async function holdOnSkeleton(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(isFilterGroupsCall, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await page.getByTestId('results-skeleton').waitFor();
  return release;
}

interface PageState {
  name: string;
  widths: number[];
  /** Brings an opened page (first results shown) into the state; returns a clean-up. */
  enter(page: Page): Promise<(() => void) | undefined>;
}

const BOTH = [360, 1280];

const STATES: PageState[] = [
  { name: 'results', widths: BOTH, enter: () => Promise.resolve(undefined) },
  {
    name: 'skeleton',
    widths: BOTH,
    enter: async (page) => {
      const release = await holdOnSkeleton(page);
      expect(
        await page.getByRole('region', { name: 'Partner results' }).getAttribute('aria-busy'),
      ).toBe('true');
      // Placeholders are for the eye only.
      expect(await page.getByTestId('results-skeleton').getAttribute('aria-hidden')).toBe('true');
      return release;
    },
  },
  {
    name: 'validation error',
    widths: BOTH,
    enter: async (page) => {
      await field(page).fill('<b>');
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      // The form is the search landmark; the field says it is invalid and why.
      await page.getByRole('search', { name: 'PreferredPartners' }).getByRole('textbox').waitFor();
      expect(await field(page).getAttribute('aria-invalid')).toBe('true');
      expect(await field(page).getAttribute('aria-describedby')).toBe(
        await tooltip.getAttribute('id'),
      );
      expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(
        true,
      );
      return undefined;
    },
  },
  {
    name: 'a group expanded',
    widths: BOTH,
    enter: async (page) => {
      await openFiltersIfFolded(page);
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
    enter: async (page) => {
      await search(page, 'zzzqqq');
      await page.getByRole('heading', { name: 'No partners found' }).waitFor();
      return undefined;
    },
  },
  {
    name: 'error panel',
    widths: BOTH,
    enter: async (page) => {
      await page.route(isSearchCall, (route) => route.fulfill({ status: 500, body: 'down' }));
      await search(page, 'cloud');
      await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
      return undefined;
    },
  },
  {
    name: 'folded filter panel open',
    widths: [360],
    enter: async (page) => {
      await page.getByRole('button', { name: 'Search filters' }).click();
      await page.getByRole('radio').first().waitFor();
      return undefined;
    },
  },
];

const CASES = STATES.flatMap((state) => state.widths.map((width) => ({ ...state, width })));

describe('axe-core finds no WCAG 2.2 A/AA violation', () => {
  it('sees inside the widget shadow root (a planted image without alt is found)', async () => {
    const page = await portal.open('/', { width: 1280 });
    await showResults(page);
    await page.evaluate(() => {
      const root = document.querySelector('partners-network-search')?.shadowRoot;
      const img = document.createElement('img');
      img.src = '/demo/favicon.svg';
      root?.querySelector('.pn-results')?.append(img);
    });
    const violations = await findAxeViolations(page);
    expect(violations.map((violation) => violation.id)).toContain('image-alt');
  });

  it.each(CASES)('$name at $width px', async ({ width, enter }) => {
    const page = await portal.open('/', { width, height: 800 });
    await showResults(page);
    const cleanUp = await enter(page);
    expect(await findAxeViolations(page)).toEqual([]);
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
      // Visually hidden text and the decorative background are meant to be out of sight.
      if (el.closest('.pn-sr-only, .pn-search-bg')) continue;
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
      const page = await portal.open('/', { width, height: 640 });
      await showResults(page);
      expect(await findReflowProblems(page)).toEqual([]);

      await openFiltersIfFolded(page);
      for (const group of ['Region', 'Industry', 'Expertise']) {
        await page.getByRole('button', { name: `View more ${group}` }).click();
      }
      await page.getByRole('checkbox', { name: 'Germany, Austria & Switzerland' }).check();
      await page.getByRole('button', { name: 'Remove Germany, Austria & Switzerland' }).waitFor();
      await showResults(page);
      expect(await findReflowProblems(page)).toEqual([]);

      // A name longer than the card is wide wraps; it is not cut with an ellipsis.
      await page.evaluate(() => {
        const root = document.querySelector('partners-network-search')?.shadowRoot;
        const long = 'Internationalisation-and-localisation-consultancy-services';
        for (const selector of ['.pn-badge', '.pn-chip__name', '.pn-card__title a']) {
          const node = root?.querySelector(selector);
          if (node) node.textContent = long;
        }
      });
      expect(await findReflowProblems(page)).toEqual([]);

      await field(page).fill('<script>');
      await page.getByRole('tooltip').waitFor();
      expect(await findReflowProblems(page)).toEqual([]);

      await search(page, 'zzzqqq');
      await page.getByRole('heading', { name: 'No partners found' }).waitFor();
      expect(await findReflowProblems(page)).toEqual([]);
    },
  );

  it('at 200 % CSS zoom in a 640 px window (320 px of layout), nothing is cut', async () => {
    const page = await portal.open('/', { width: 640, height: 450 });
    await showResults(page);
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
      const page = await portal.open('/', { width, height: 800 });
      await showResults(page);
      await openFiltersIfFolded(page);
      await page.getByRole('checkbox', { name: 'Nordics' }).check();
      await page.getByRole('button', { name: 'Remove Nordics' }).waitFor();
      await showResults(page);
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
      const title = page.getByRole('article').first().getByRole('heading');
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
      const box = el.matches('.pn-card__link') ? (el.closest('.pn-card') ?? el) : el;
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
    const page = await portal.open('/', { width, height: 800 });
    await showResults(page);
    await openFiltersIfFolded(page);
    await page.getByRole('button', { name: 'View more Region' }).click();
    await page.getByRole('checkbox', { name: 'Nordics' }).check();
    await page.getByRole('button', { name: 'Remove Nordics' }).waitFor();
    await field(page).fill('a');
    await page.getByRole('button', { name: 'Clear search' }).waitFor();

    const targets = await measureTargets(page);
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
      const line = root?.querySelector('.pn-skeleton__line');
      const button = root?.querySelector('.pn-button');
      if (!line || !button) throw new Error('skeleton or button missing');
      return {
        animation: getComputedStyle(line).animationName,
        transition: getComputedStyle(button).transitionDuration,
      };
    });
  }

  it('animates the skeleton and buttons by default', async () => {
    const page = await portal.open('/', { width: 1280 });
    await showResults(page);
    const release = await holdOnSkeleton(page);
    const found = await motion(page);
    release();
    expect(found.animation).toBe('pn-shimmer');
    expect(found.transition).not.toMatch(/^0s(, 0s)*$/);
  });

  it('turns every animation and transition off on request', async () => {
    const page = await portal.open('/', { width: 1280 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await showResults(page);
    const release = await holdOnSkeleton(page);
    const found = await motion(page);
    release();
    expect(found.animation).toBe('none');
    expect(found.transition).toMatch(/^0s(, 0s)*$/);
  });
});
