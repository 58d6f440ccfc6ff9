/**
 * The operator's operator as an operator uses it, in Debian's Chromium against the demo
 * server with ADMIN_TOKEN: signing in (a wrong token refused), the partners table, an edit
 * seen in the public page's search, an import checked before it is applied, an export,
 * signing out. Every test also fails on a page error or a CSP violation (usePortal).
 */
import { describe, expect, it } from 'vitest';
import type { ConsolePage } from './support/consolePage';
import { CONSOLE_PATH, openConsole } from './support/consolePage';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const TOKEN = 'e2e-console-token';
const portal = usePortal({ adminTokens: [TOKEN] });

async function signedIn(): Promise<ConsolePage> {
  const operator = await openConsole(portal);
  await operator.signIn(TOKEN);
  await operator.table().waitFor();
  return operator;
}

describe('signing in', () => {
  it('refuses a wrong token: nothing of the console shows, nothing is kept', async () => {
    const operator = await openConsole(portal);
    expect(await operator.heading().textContent()).toBe('Sign in to the console');
    await operator.signIn('not-the-token');
    await expect
      .poll(() => operator.alert().textContent())
      .toBe('This token was refused. Check it and try again.');
    expect(await operator.navigation().count()).toBe(0);
    expect(await operator.page.getByRole('table').count()).toBe(0);
    expect(await operator.page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(operator.page.url()).not.toContain('not-the-token');
  });

  it('signs in with the token, keeps it in this tab only, and a reload stays signed in', async () => {
    const operator = await signedIn();
    expect(await operator.heading().textContent()).toBe('Partners');
    await expect.poll(() => operator.count().textContent()).toBe('260 partners');
    const stored = await operator.page.evaluate(() => ({
      session: Object.values(sessionStorage),
      local: localStorage.length,
      cookies: document.cookie,
    }));
    expect(stored.session).toEqual([TOKEN]);
    expect(stored.local).toBe(0);
    expect(stored.cookies).not.toContain(TOKEN);
    expect(operator.page.url()).not.toContain(TOKEN);
    await operator.page.reload();
    await operator.table().waitFor();
    await operator.signOut();
    expect(await operator.page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await operator.page.getByText('You signed out; the token is forgotten.').count()).toBe(
      1,
    );
    expect(await operator.navigation().count()).toBe(0);
  });

  it('serves its page with a strict Content-Security-Policy', async () => {
    const response = await fetch(new URL(CONSOLE_PATH, portal.url));
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(await response.text()).not.toMatch(/<script>|<style|style="/);
  });
});

describe('the partners table', () => {
  it('searches, case and accents aside, and pages', async () => {
    const operator = await signedIn();
    await operator.searchPartners('zurich');
    const titles = await operator.titles();
    expect(titles.length).toBeGreaterThan(1);
    for (const title of titles) expect(title.toLowerCase()).toContain('zürich');
    expect(operator.page.url()).toContain('#/sites/20097/20121/partners?q=zurich');

    await operator.clearSearch();
    await operator.page.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => operator.page.getByText('Page 2 of 11').count()).toBe(1);
    await operator.settled();
    expect((await operator.titles())[0]).not.toBe('Société Lumière Conseil SA');
  });
});

describe('editing a partner', () => {
  it("changes what the public page's search finds", async () => {
    const operator = await signedIn();
    await operator.searchPartners('Lumière');
    await operator.openPartner('Société Lumière Conseil SA');
    const title = operator.field('Title in English (United States) (required)');
    await title.fill('Société Lumière Quantique SA');
    await operator.save();
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Saved Société Lumière Quantique SA.');
    await operator.searchPartners('quantique');
    expect(await operator.titles()).toEqual(['Société Lumière Quantique SA']);

    const searchPage = await openSearchPage(portal, '/');
    await searchPage.waitForCards();
    await searchPage.searchFor('quantique');
    await searchPage.waitForCards(1);
    expect(await searchPage.cardTitles()).toEqual(['Société Lumière Quantique SA']);
  });

  it("refuses a bad address with the API's message, beside the field", async () => {
    const operator = await signedIn();
    await operator.openPartner('Müller & Söhne Digital GmbH');
    await operator.field('Partner page address (required)').fill('javascript:alert(1)');
    await operator.save();
    const message = 'url must be a path starting with / or an http(s) address';
    await operator.page.getByRole('link', { name: message }).waitFor();
    const field = operator.field('Partner page address (required)');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await operator.page.getByText(message).count()).toBe(2);
  });
});

describe('importing a file', () => {
  const GOOD_ROW =
    'console-import-one,Console Import One,/partners/console-import-one,solution-partners';
  const HEADER = 'slug,title,url,globalFilters';

  it('checks a file with a bad row first: the dry run names its line, and nothing changes', async () => {
    const operator = await signedIn();
    await operator.openView('Import');
    await operator.checkImport({
      name: 'bad.csv',
      text: [HEADER, GOOD_ROW, 'Bad Slug,Bad,/partners/bad,solution-partners', ''].join('\n'),
    });
    expect(await operator.problems()).toEqual([
      ['2', '3', 'slug', 'slug must be lowercase letters, digits and single hyphens'],
    ]);
    expect(await operator.applyButton().count()).toBe(0);
    await operator.openView('Partners');
    await expect.poll(() => operator.count().textContent()).toBe('260 partners');
    await operator.searchPartners('Console Import');
    expect(await operator.titles()).toEqual([]);
  });

  it('applies a good file after its dry run', async () => {
    const operator = await signedIn();
    await operator.openView('Import');
    await operator.checkImport({ name: 'good.csv', text: [HEADER, GOOD_ROW, ''].join('\n') });
    await operator.page.getByText('1 partner added').waitFor();
    await operator.applyButton().click();
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Imported good.csv: 1 added, 0 updated, 0 removed.');
    await operator.searchPartners('Console Import');
    expect(await operator.titles()).toEqual(['Console Import One']);
  });
});

describe('exporting the site', () => {
  it('downloads CSV and JSON files of every partner', async () => {
    const operator = await signedIn();
    const csv = await operator.exportAs('CSV');
    expect(csv.name).toBe('partners-20097-20121.csv');
    const [header, ...rows] = csv.text.trimEnd().split('\n');
    expect(header?.startsWith('slug,title,title.')).toBe(true);
    const json = await operator.exportAs('JSON');
    expect(json.name).toBe('partners-20097-20121.json');
    const partners: unknown = JSON.parse(json.text);
    expect(Array.isArray(partners) ? partners.length : 0).toBeGreaterThanOrEqual(260);
    expect(rows.length).toBeGreaterThanOrEqual(260);
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Downloaded partners-20097-20121.json.');
  });
});
