/**
 * Every view of the operator's console at 1440 and 360 px: axe-core finds no WCAG 2.2 A/AA
 * violation, nothing scrolls sideways, and a screenshot is written to e2e/artifacts/
 * (console-<view>-<width>.png, and -full.png of the whole page) to be looked at. Then the keyboard alone: sign in, reach a
 * partner, open and close the delete dialog.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import type { ConsolePage } from './support/consolePage';
import { openConsole } from './support/consolePage';
import { searchAnswerTo } from './support/searchCalls';
import { openSearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const TOKEN = 'e2e-console-views-token';
const portal = usePortal({ adminTokens: [TOKEN] });
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

interface ConsoleState {
  name: string;
  signIn: boolean;
  /** Brings the console, at its partners table when signed in, into the state. */
  enter(operator: ConsolePage): Promise<void>;
}

const BAD_CSV =
  'slug,title,url,globalFilters\nBad Slug,Bad,/x,solution-partners\nok-row,Ok,/ok,nope\n';
const GOOD_CSV =
  'slug,title,url,globalFilters\nviews-new,Views New,/partners/views-new,solution-partners\n';

/** A few searches on the public page (some finding nothing), counted and flushed. */
async function searchesCounted(): Promise<void> {
  const searchPage = await openSearchPage(portal, '/');
  await searchPage.waitForCards();
  for (const text of ['cloud', 'zzqxv', 'cloud', 'zzqxv', 'cloud', 'zzqxv', 'data']) {
    await searchAnswerTo(searchPage.page, () => searchPage.searchFor(text));
  }
  await searchPage.page.close();
  await portal.demo.counting?.flush();
}

const STATES: ConsoleState[] = [
  { name: 'sign-in', signIn: false, enter: () => Promise.resolve() },
  {
    name: 'sign-in-refused',
    signIn: false,
    enter: async (operator) => {
      await operator.signIn('wrong');
      await operator.alert().getByText('This token was refused.', { exact: false }).waitFor();
    },
  },
  { name: 'partners', signIn: true, enter: () => Promise.resolve() },
  {
    name: 'partners-search',
    signIn: true,
    enter: (operator) => operator.searchPartners('cloud'),
  },
  {
    name: 'delete-dialog',
    signIn: true,
    enter: async (operator) => {
      await operator
        .table()
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await operator.page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'new-partner-errors',
    signIn: true,
    enter: async (operator) => {
      await operator.page.getByRole('link', { name: 'New partner' }).click();
      await operator.save();
      await operator.page.getByRole('heading', { name: /^There are \d+ problems$/ }).waitFor();
    },
  },
  {
    name: 'edit-partner',
    signIn: true,
    enter: async (operator) => {
      await operator.openPartner('Société Lumière Conseil SA');
      await operator.page.getByText(/^Texts in \d+ other languages$/).click();
    },
  },
  {
    name: 'import',
    signIn: true,
    enter: (operator) => operator.openView('Import'),
  },
  {
    name: 'import-problems',
    signIn: true,
    enter: async (operator) => {
      await operator.openView('Import');
      await operator.checkImport({ name: 'bad.csv', text: BAD_CSV });
    },
  },
  {
    name: 'import-ready',
    signIn: true,
    enter: async (operator) => {
      await operator.openView('Import');
      await operator.checkImport({ name: 'good.csv', text: GOOD_CSV, replace: true });
      await operator.page.getByText(/partners removed$/).click();
    },
  },
  { name: 'tuning', signIn: true, enter: (operator) => operator.openView('Tuning') },
  {
    name: 'tuning-edited',
    signIn: true,
    enter: async (operator) => {
      await operator.openView('Tuning');
      await operator.addOneWaySynonym('kubernetes', 'cloud native, cloud');
      const rule = await operator.addRule('cloud');
      await operator.place(rule, 'Kiruna Cloud SA', 'Pin');
      await operator.place(rule, 'Horizon Cloud SA', 'Pin');
      await operator.place(rule, 'São Paulo Cloud Ltda.', 'Hide');
      await rule.getByRole('button', { name: 'Preview “cloud”' }).click();
      await operator.previewTitles();
    },
  },
  {
    name: 'tuning-errors',
    signIn: true,
    enter: async (operator) => {
      await operator.openView('Tuning');
      await operator.page.getByRole('button', { name: 'Add equivalent words' }).click();
      await operator.addRule('c++');
      await operator.page.getByRole('button', { name: 'Save the tuning' }).click();
      await operator.page.getByRole('heading', { name: /^There are \d+ problems$/ }).waitFor();
    },
  },
  {
    name: 'insights',
    signIn: true,
    enter: async (operator) => {
      await searchesCounted();
      await operator.openView('Insights');
      await operator.insightsTable('Top searches').waitFor();
    },
  },
  {
    name: 'insights-erase',
    signIn: true,
    enter: async (operator) => {
      await operator.openView('Insights');
      await operator.page.getByRole('button', { name: 'Erase search counts…' }).click();
      await operator.page.getByRole('dialog', { name: /^Erase the search counts of / }).waitFor();
    },
  },
  {
    name: 'edit-partner-locations',
    signIn: true,
    enter: async (operator) => {
      await operator.openPartner('Société Lumière Conseil SA');
      await operator.page.getByRole('button', { name: 'Add a location' }).click();
      await operator.page.getByRole('radio', { name: 'To a webhook' }).check();
      await operator.save();
      await operator.page.getByRole('heading', { name: /^There are \d+ problems$/ }).waitFor();
      await operator.page.getByRole('group', { name: 'Location 2' }).scrollIntoViewIfNeeded();
    },
  },
];

const CASES = STATES.flatMap((state) => [1440, 360].map((width) => ({ ...state, width })));

describe('every view of the console', () => {
  it.each(CASES)('$name at $width px: no axe violation, no sideways scrolling', async (state) => {
    const operator = await openConsole(portal, { width: state.width, height: 900 });
    if (state.signIn) {
      await operator.signIn(TOKEN);
      await operator.table().waitFor();
      await operator.settled();
    }
    await state.enter(operator);
    const { page } = operator;
    expect(await findAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, `console-${state.name}-${state.width}`);
    await page.screenshot({ path: `${shot}.png` });
    await page.screenshot({ path: `${shot}-full.png`, fullPage: true });
  });
});

describe('the console with the keyboard alone', () => {
  it('signs in, reaches a partner, and opens and closes the delete dialog', async () => {
    const operator = await openConsole(portal, { width: 1440, height: 900 });
    const { page } = operator;
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element
          ? `${element.tagName.toLowerCase()} ${element.textContent?.trim() ?? ''}`.trim()
          : '';
      });
    // The form is drawn before the first key is pressed.
    await operator.tokenField().waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('input');
    await page.keyboard.type(TOKEN);
    await page.keyboard.press('Enter');
    await operator.table().waitFor();
    // The view's heading has the focus, as after a page load.
    expect(await focused()).toBe('h1 Partners');
    const firstDelete = operator
      .table()
      .getByRole('button', { name: /^Delete / })
      .first();
    for (let presses = 0; presses < 40; presses += 1) {
      if (await firstDelete.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe('button Delete');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await focused()).toBe('button Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focused()).toBe('button Delete');
    await expect.poll(() => operator.count().textContent()).toBe('260 partners');
  });
});

describe('the Tuning view with the keyboard alone', () => {
  it('adds a one-way synonym, previews it and saves it', async () => {
    const operator = await openConsole(portal, { width: 1440, height: 900 });
    const { page } = operator;
    await operator.signIn(TOKEN);
    await operator.table().waitFor();
    await operator.openView('Tuning');
    await operator.tabTo(page.getByRole('button', { name: 'Add a one-way set' }));
    await page.keyboard.press('Enter');
    // The new set's first field has the focus: type, Tab to the next one, type.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-required')))
      .toBe('true');
    await page.keyboard.type('kubernetes');
    await page.keyboard.press('Tab');
    await page.keyboard.type('cloud');
    await operator.tabTo(page.getByRole('button', { name: 'Save the tuning' }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => operator.notice().textContent())
      .toBe('Saved the tuning: it is live on the public page.');
    await operator.previewField().focus();
    await page.keyboard.type('kubernetes');
    await expect
      .poll(() => operator.previewCount().textContent())
      .toMatch(/^\d+ partners found for “kubernetes”$/);
  });
});
