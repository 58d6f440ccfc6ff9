/**
 * The operator's console as an operator uses it, in English: what they do (sign in, search
 * the partners, edit one, import a file, export), what they read (the table's titles, the
 * import report's problems, the notices), and its parts as locators. Like the search page's
 * object it finds everything by role and accessible name and holds no expected value.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OpenOptions, Portal } from './usePortal';

export const CONSOLE_PATH = '/admin/';

export interface ImportChoice {
  name: string;
  text: string;
  /** Whether partners the file does not name are removed. */
  replace?: boolean;
}

export class ConsolePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  // Parts.

  tokenField(): Locator {
    return this.page.getByLabel('Admin token');
  }

  signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  signOutButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign out' });
  }

  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Console' });
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }

  /** The console's live region: what just happened. */
  notice(): Locator {
    return this.page.locator('.pn-live');
  }

  searchField(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search partners' });
  }

  table(): Locator {
    return this.page.getByRole('table', { name: /^Partners of / });
  }

  count(): Locator {
    return this.page.locator('.pn-view > [role="status"]');
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label });
  }

  problemsTable(): Locator {
    return this.page.getByRole('table', { name: /^Problems in / });
  }

  applyButton(): Locator {
    return this.page.getByRole('button', { name: 'Apply the import' });
  }

  // What an operator does.

  async signIn(token: string): Promise<void> {
    await this.tokenField().fill(token);
    await this.signInButton().click();
  }

  async signOut(): Promise<void> {
    await this.signOutButton().click();
    await this.tokenField().waitFor();
  }

  /** Presses Tab until the target has the focus (fails past `limit` presses). */
  async tabTo(target: Locator, limit = 40): Promise<void> {
    for (let presses = 0; presses < limit; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`${String(target)} not reached in ${limit} presses of Tab`);
  }

  async searchPartners(text: string): Promise<void> {
    await this.searchField().fill(text);
    await this.searchField().press('Enter');
    await expect.poll(() => this.count().textContent()).toContain(`“${text}”`);
    await this.settled();
  }

  async clearSearch(): Promise<void> {
    await this.searchField().fill('');
    await this.searchField().press('Enter');
    await expect.poll(() => this.count().textContent()).not.toContain('“');
    await this.settled();
  }

  async openPartner(title: string): Promise<void> {
    await this.table().getByRole('link', { name: title, exact: true }).click();
    await this.field('Title in English (United States) (required)').waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async openView(name: 'Partners' | 'Import' | 'Tuning' | 'Insights'): Promise<void> {
    await this.navigation().getByRole('link', { name, exact: true }).click();
    await expect.poll(() => this.heading().textContent()).toBe(name);
  }

  /** Chooses a file (and the mode) on the Import view and checks it: the dry run. */
  async checkImport(choice: ImportChoice): Promise<void> {
    await this.page.getByLabel('Import file (CSV or JSON)').setInputFiles({
      name: choice.name,
      mimeType: choice.name.endsWith('.csv') ? 'text/csv' : 'application/json',
      buffer: Buffer.from(choice.text),
    });
    const mode = choice.replace ? 'Remove them' : 'Keep them';
    await this.page.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
    await this.page.getByRole('button', { name: 'Check the file' }).click();
    await this.page
      .getByRole('heading', { name: `What importing ${choice.name} would do` })
      .waitFor();
  }

  /** Clicks an export button and reads the file downloaded. */
  async exportAs(format: 'CSV' | 'JSON'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Export ${format}` }).click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  // The Tuning view.

  /** The last synonym set or rule of its kind: the one just added. */
  lastGroup(name: RegExp): Locator {
    return this.page.getByRole('group', { name }).last();
  }

  async addOneWaySynonym(from: string, to: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add a one-way set' }).click();
    const set = this.lastGroup(/^Synonym set \d+$/);
    await set.getByRole('textbox', { name: 'A search for (required)' }).fill(from);
    await set.getByRole('textbox', { name: 'also finds (required)' }).fill(to);
  }

  /** Adds a rule for a query; its group, to pin and hide partners in. */
  async addRule(query: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add a rule' }).click();
    await this.lastGroup(/^Rule \d+$/)
      .getByRole('textbox', { name: 'Search (required)' })
      .fill(query);
    return this.page.getByRole('group', { name: `Rule for “${query}”` });
  }

  /** Finds a partner by title in a rule's picker and pins or hides it. */
  async place(rule: Locator, title: string, how: 'Pin' | 'Hide'): Promise<void> {
    await rule.getByRole('searchbox', { name: 'Find a partner to pin or hide' }).fill(title);
    const button = rule.getByRole('button', { name: `${how} ${title}`, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  }

  previewField(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search text' });
  }

  previewCount(): Locator {
    return this.page.locator('.pn-preview > [role="status"]');
  }

  async saveTuning(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save the tuning' }).click();
    await expect
      .poll(() => this.notice().textContent())
      .toBe('Saved the tuning: it is live on the public page.');
  }

  /** The titles of the preview's cards once it has answered, in order. */
  async previewTitles(): Promise<string[]> {
    await expect
      .poll(() => this.page.locator('.pn-preview').getAttribute('aria-busy'))
      .toBe('false');
    return this.page
      .getByRole('list', { name: 'Preview results' })
      .getByRole('heading')
      .allTextContents();
  }

  /** The titles of the preview's cards that say a rule pinned them, in order. */
  async pinnedPreviewTitles(): Promise<string[]> {
    await this.previewTitles();
    return this.page
      .getByRole('list', { name: 'Preview results' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText('Pinned', { exact: true }) })
      .getByRole('heading')
      .allTextContents();
  }

  // The Insights view.

  /** One of the view's tables, by its heading ('Top searches', …). */
  insightsTable(name: string): Locator {
    return this.page.getByRole('table', { name, exact: true });
  }

  /** The rows of an Insights table, each as its cells' texts (the row's name first). */
  async insightsRows(name: string): Promise<string[][]> {
    const rows = await this.insightsTable(name).getByRole('row').all();
    return Promise.all(
      rows
        .slice(1)
        .map(async (row) => [
          ...(await row.getByRole('rowheader').allTextContents()),
          ...(await row.getByRole('cell').allTextContents()),
        ]),
    );
  }

  // What an operator reads.

  /** The titles of the table's rows, in order. */
  titles(): Promise<string[]> {
    return this.table().getByRole('rowheader').getByRole('link').allTextContents();
  }

  /** The import report's problems, each as its cells (row, line, field, problem). */
  async problems(): Promise<string[][]> {
    const rows = await this.problemsTable().getByRole('row').all();
    const cells = await Promise.all(
      rows.slice(1).map((row) => row.getByRole('cell').allTextContents()),
    );
    return cells;
  }

  // Waiting, by conditions.

  /** Until the table is not loading anything. */
  async settled(): Promise<void> {
    await expect
      .poll(async () =>
        (await this.table().count()) === 0 ? 'false' : this.table().getAttribute('aria-busy'),
      )
      .toBe('false');
  }
}

/** Opens the console in a new browser context (an empty sessionStorage). */
export async function openConsole(portal: Portal, options: OpenOptions = {}): Promise<ConsolePage> {
  const page = await portal.open(CONSOLE_PATH, options);
  return new ConsolePage(page);
}
