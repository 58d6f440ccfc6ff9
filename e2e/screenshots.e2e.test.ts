import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Widths of issue 3, with the card columns each should show (breakpoints 540, 767, 1023, 1919). */
const WIDTHS = [
  { width: 360, columns: 1, foldedFilters: true },
  { width: 540, columns: 2, foldedFilters: true },
  { width: 767, columns: 2, foldedFilters: true },
  { width: 1023, columns: 2, foldedFilters: false },
  { width: 1440, columns: 3, foldedFilters: false },
  { width: 1920, columns: 4, foldedFilters: false },
];

describe('the page at the breakpoints of the spec', () => {
  it.each(WIDTHS)(
    'at $width px: $columns card column(s), no sideways scrolling',
    async ({ width, columns, foldedFilters }) => {
      const searchPage = await openSearchPage(portal, '/', { width, height: 900 });
      const { page } = searchPage;
      await searchPage.cards().first().waitFor();
      await page.waitForLoadState('networkidle');

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);

      const lefts = await searchPage
        .cards()
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);

      expect(await searchPage.filterToggle().isVisible()).toBe(foldedFilters);

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `page-${width}.png`) });
      await page.screenshot({ path: join(ARTIFACTS, `page-${width}-full.png`), fullPage: true });
    },
  );
});
