/**
 * Tuning the search from the operator's console, in Debian's Chromium against the demo with
 * ADMIN_TOKEN: a synonym makes a search that found nothing find partners, first in the
 * preview (nothing saved yet: the public page still finds nothing), then on the public page
 * once saved; a partner pinned comes first (marked so in the preview) and one hidden is gone on
 * the public page. And a
 * partner's location edited in the form is what a search near that city finds.
 */
import { describe, expect, it } from 'vitest';
import type { ConsolePage } from './support/consolePage';
import { openConsole } from './support/consolePage';
import { searchAnswerTo } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const TOKEN = 'e2e-console-tuning-token';
const portal = usePortal({ adminTokens: [TOKEN] });

async function signedIn(): Promise<ConsolePage> {
  const operator = await openConsole(portal, { width: 1440, height: 900 });
  await operator.signIn(TOKEN);
  await operator.table().waitFor();
  return operator;
}

/** The titles of the cards the public page shows for a search, in order. */
async function publicSearch(text: string): Promise<string[]> {
  const searchPage = await openSearchPage(portal, '/');
  await searchPage.waitForCards();
  const { answer } = await searchAnswerTo(searchPage.page, () => searchPage.searchFor(text));
  if (answer.partners.length === 0) await searchPage.noResultsHeading().waitFor();
  else await searchPage.waitForCards(answer.partners.length);
  return searchPage.cardTitles();
}

describe('tuning the search', () => {
  it('adds a synonym: a search that found nothing finds partners in the preview, then on the public page', async () => {
    expect(await publicSearch('kubernetes')).toEqual([]);
    const operator = await signedIn();
    await operator.openView('Tuning');
    await operator.previewField().fill('kubernetes');
    await expect
      .poll(() => operator.previewCount().textContent())
      .toBe('No partner found for “kubernetes”.');
    await operator.addOneWaySynonym('kubernetes', 'cloud native, cloud');
    await expect
      .poll(() => operator.previewCount().textContent())
      .toMatch(/^\d+ partners found for “kubernetes”$/);
    const previewed = await operator.previewTitles();
    expect(previewed.length).toBeGreaterThan(0);
    for (const title of previewed) expect(title).toMatch(/cloud/i);
    // Only a preview: the public page is as it was.
    expect(await publicSearch('kubernetes')).toEqual([]);

    await operator.saveTuning();
    const after = await publicSearch('kubernetes');
    expect(after.slice(0, previewed.length)).toEqual(previewed);
    // A reload shows the tuning as saved.
    await operator.page.reload();
    await expect
      .poll(() =>
        operator.page.getByRole('textbox', { name: 'A search for (required)' }).inputValue(),
      )
      .toBe('kubernetes');
  });

  it('pins a partner first and hides another for a query, on the public page', async () => {
    const before = await publicSearch('cloud');
    const [first, , third] = before;
    const pinned = before.at(-1);
    expect(first && third && pinned).toBeTruthy();
    const operator = await signedIn();
    await operator.openView('Tuning');
    const rule = await operator.addRule('cloud');
    await operator.place(rule, pinned ?? '', 'Pin');
    await operator.place(rule, third ?? '', 'Pin');
    await operator.place(rule, first ?? '', 'Hide');
    await rule.getByRole('button', { name: 'Preview “cloud”' }).click();
    await expect
      .poll(() => operator.previewTitles())
      .toEqual(expect.arrayContaining([pinned, third]));
    expect((await operator.previewTitles()).slice(0, 2)).toEqual([pinned, third]);
    expect(await operator.pinnedPreviewTitles()).toEqual([pinned, third]);
    expect(await operator.previewTitles()).not.toContain(first);
    await operator.saveTuning();

    const after = await publicSearch('cloud');
    expect(after.slice(0, 2)).toEqual([pinned, third]);
    expect(after).not.toContain(first);
  });
});

describe("a partner's location", () => {
  it('is edited in the form and saved with the coordinates of the new city', async () => {
    const operator = await signedIn();
    await operator.searchPartners('Lumière');
    await operator.openPartner('Société Lumière Conseil SA');
    const location = operator.page.getByRole('group', { name: /^Location 1: / });
    await location.getByRole('textbox', { name: 'City (required)' }).fill('Lyon');
    await location.getByRole('combobox', { name: 'Country (required)' }).selectOption('FR');
    expect(await location.getByRole('textbox', { name: 'Latitude (optional)' }).inputValue()).toBe(
      '',
    );
    await operator.save();
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Saved Société Lumière Conseil SA.');
    await operator.openPartner('Société Lumière Conseil SA');
    const saved = operator.page.getByRole('group', { name: 'Location 1: Lyon' });
    const latitude = Number(
      await saved.getByRole('textbox', { name: 'Latitude (optional)' }).inputValue(),
    );
    // Lyon is at 45.76° N: the gazetteer's coordinates, not Kigali's kept.
    expect(latitude).toBeCloseTo(45.76, 1);
  });

  it("names a city the server's gazetteer does not know", async () => {
    const operator = await signedIn();
    await operator.searchPartners('Lumière');
    await operator.openPartner('Société Lumière Conseil SA');
    const location = operator.page.getByRole('group', { name: /^Location 1: / });
    await location.getByRole('textbox', { name: 'City (required)' }).fill('Nowhereville');
    await operator.save();
    await expect
      .poll(() => operator.page.locator('.pn-error-summary').textContent())
      .toContain('Nowhereville');
  });
});
