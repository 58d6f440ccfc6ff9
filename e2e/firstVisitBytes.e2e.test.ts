/**
 * Issue 24: the byte budget counts what a visitor pays for. `npm run build`'s size check
 * (packages/widget/scripts/measureBundle.ts) counts the entry and what it imports
 * statically; this test holds that list to the widget files Chromium really requests on
 * a cold visit of the demo, from the first byte to the first cards, the filter groups
 * and a quiet second after them, before any interaction. A chunk every visit loads
 * would be requested but not counted; a counted file no visit needs would be bytes for
 * nothing: either fails here.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { measureBuild } from '../packages/widget/scripts/measureBundle';
import { readBuildManifest } from '../packages/widget/scripts/readBuildManifest';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();
const WIDGET_DIST = join(import.meta.dirname, '../packages/widget/dist');

/**
 * Opens `path` in a new context (cold cache) and gives every widget file (`/widget/...`)
 * the page requests, by file name, until its first cards are in and a quiet second passed.
 */
async function widgetFilesOfAVisit(path: string): Promise<string[]> {
  const files = new Set<string>();
  const searchPage = await openSearchPage(portal, path, {
    beforeNavigate(page: Page) {
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/widget/')) files.add(pathname.slice('/widget/'.length));
      });
    },
  });
  await searchPage.cards().first().waitFor();
  // The filter groups are drawn too (after the cards), whatever the language.
  await searchPage.page
    .locator('partners-network-search')
    .getByRole('checkbox')
    .first()
    .waitFor({ state: 'attached' });
  // Anything the page would still fetch on its own (idle work, a late chunk).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return [...files].sort();
}

describe('what a first visit loads', () => {
  it('is exactly what the byte budget counts, en-US messages included', async () => {
    const counted = measureBuild('bundled', WIDGET_DIST).files;
    expect(await widgetFilesOfAVisit('/')).toEqual([...counted].sort());
  });

  it('in French adds the French messages, and nothing else', async () => {
    const counted = measureBuild('bundled', WIDGET_DIST).files;
    const extra = (await widgetFilesOfAVisit('/?languageId=fr_FR')).filter(
      (file) => !counted.includes(file),
    );
    // Chunks are named by their hash alone: the manifest says which one is French.
    const french = readBuildManifest(join(WIDGET_DIST, 'bundled'))[
      'src/core/i18n/catalogues/fr-FR.ts'
    ]?.file;
    expect(french).toBeDefined();
    expect(extra).toEqual([french]);
  });

  it('loads the chips of ticked items when the visitor reaches for the filters, before the tick searches', async () => {
    const chipList = readBuildManifest(join(WIDGET_DIST, 'bundled'))['src/intentChunk.ts']?.file;
    expect(chipList).toBeDefined();
    const requests: string[] = [];
    const searchPage = await openSearchPage(portal, '/', {
      beforeNavigate(page: Page) {
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      },
    });
    await searchPage.checkbox('Platinum').waitFor();
    expect(requests).not.toContain(`/widget/${chipList}`);
    const before = requests.length;
    await searchPage.tickFilter('Platinum');
    // The chip comes with the chunk: the box ticked, its search sent, then the chip.
    await searchPage.chipRemoveButton('Platinum').waitFor();
    const after = requests.slice(before);
    const chunkAt = after.indexOf(`/widget/${chipList}`);
    // Asked for at the pointer's press, so on its way before the click's search.
    expect(chunkAt).toBeGreaterThanOrEqual(0);
    expect(chunkAt).toBeLessThan(after.findIndex((path) => path.endsWith('/search')));
  });
});
