/**
 * Issue 15: the page speaks the portal's language. In French, German, Japanese and
 * Arabic, no English text of the page is left in any state (results, loading, no
 * results, error, validation, a group expanded, chips, Load More, the folded filters on
 * a phone), the count and the announcements take the language's plural forms and
 * number format, Arabic reads right to left without overflow, axe finds nothing, only
 * the visitor's catalogue is downloaded, and operators' messages show.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arSA from '../packages/widget/src/core/i18n/catalogues/ar-SA';
import deDE from '../packages/widget/src/core/i18n/catalogues/de-DE';
// The whole en-US catalogue (the page script's, with the no-results panel's texts).
import { wholeEnUS } from '../packages/widget/src/core/i18n/noResultsMessages';
import type { Catalogue, Message } from '../packages/widget/src/core/i18n/catalogues/en-US';
import frFR from '../packages/widget/src/core/i18n/catalogues/fr-FR';
import jaJP from '../packages/widget/src/core/i18n/catalogues/ja-JP';
import { readBuildManifest } from '../packages/widget/scripts/readBuildManifest';
import { findAxeViolations } from './support/axe';
import { openWithFirstSearch, searchAnswerTo } from './support/searchCalls';
import { SearchPage, openSearchPage } from './support/searchPage';
import type { SearchPageTexts } from './support/searchPage';
import { withSettingsMessages } from './support/settingsMessages';
import { usePortal } from './support/usePortal';

const enUS = wholeEnUS();

const portal = usePortal();
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Each catalogue chunk's file (named by its hash alone) to its language, from the manifest. */
const CATALOGUE_FILES = new Map(
  Object.entries(
    readBuildManifest(
      join(dirname(fileURLToPath(import.meta.url)), '../packages/widget/dist/bundled'),
    ),
  ).flatMap(([source, chunk]) => {
    const lang = /\/catalogues\/([a-z]{2}-[A-Z]{2})\.ts$/.exec(source)?.[1];
    return lang ? [[chunk.file, lang] as const] : [];
  }),
);

interface Language {
  id: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  messages: Catalogue;
  /** The visible count for `loaded` of `total` (numbers as the language writes them). */
  count: (loaded: number, total: number) => string;
  /** What the live region says first after a Load More of 10. */
  tenAdded: string;
}

const format = (locale: string) => (value: number) => new Intl.NumberFormat(locale).format(value);
const fr = format('fr-FR');
const de = format('de-DE');
const ja = format('ja-JP');
const ar = format('ar-SA');
const arabicPlural = new Intl.PluralRules('ar-SA');

const LANGUAGES: Language[] = [
  {
    id: 'fr_FR',
    lang: 'fr-FR',
    dir: 'ltr',
    messages: frFR,
    count: (loaded, total) =>
      `Affichage de ${fr(loaded)} sur ${fr(total)} partenaire${total > 1 ? 's' : ''}`,
    tenAdded: '10 partenaires supplémentaires ajoutés.',
  },
  {
    id: 'de_DE',
    lang: 'de-DE',
    dir: 'ltr',
    messages: deDE,
    count: (loaded, total) =>
      `Angezeigt: ${de(loaded)} von ${de(total)} Partner${total === 1 ? '' : 'n'}`,
    tenAdded: '10 weitere Partner hinzugefügt.',
  },
  {
    id: 'ja_JP',
    lang: 'ja-JP',
    dir: 'ltr',
    messages: jaJP,
    count: (loaded, total) => `${ja(total)}件中${ja(loaded)}件のパートナーを表示`,
    tenAdded: 'パートナーを10件追加しました。',
  },
  {
    id: 'ar_SA',
    lang: 'ar-SA',
    dir: 'rtl',
    messages: arSA,
    count: (loaded, total) => {
      const noun = {
        zero: `${ar(total)} شريك`,
        one: 'شريك واحد',
        two: 'شريكين',
        few: `${ar(total)} شركاء`,
        many: `${ar(total)} شريكًا`,
        other: `${ar(total)} شريك`,
      }[arabicPlural.select(total)];
      return `عرض ${ar(loaded)} من أصل ${noun}`;
    },
    // 10 is "few" in Arabic: the plural noun, Arabic-Indic digits.
    tenAdded: 'تمت إضافة ١٠ شركاء.',
  },
];

/** en-US messages as patterns: a placeholder matches anything. Separators have no words. */
const ENGLISH: { id: string; pattern: RegExp }[] = Object.entries(enUS).flatMap(
  ([id, message]: [string, Message]) =>
    (typeof message === 'string' ? [message] : Object.values(message))
      .filter((text) => /[A-Za-z]{2}/.test(text.replace(/\{\w+\}/g, '')))
      .map((text) => {
        const source = text
          .split(/\{\w+\}/)
          .map((part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?');
        return { id, pattern: new RegExp(`(^|[^A-Za-z])${source}($|[^A-Za-z])`) };
      }),
);

/**
 * Every text of the widget a visitor sees or hears: text nodes (hidden ones included:
 * screen readers read them), names, placeholders. Partner cards are left out: partner
 * texts may fall back to English by design.
 */
function widgetTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('partners-network-search')?.shadowRoot;
    if (!root) return ['(no shadow root)'];
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.closest('article')) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = node.getAttribute(name);
          if (value) texts.push(value);
        }
      } else if (!node.parentElement?.closest('article')) {
        const text = (node.textContent ?? '').trim();
        if (text) texts.push(text);
      }
    }
    // A live region is read as one sentence: its parts together too.
    for (const status of root.querySelectorAll('[role="status"]')) {
      texts.push((status.textContent ?? '').trim());
    }
    return texts;
  });
}

async function englishLeft(page: Page): Promise<string[]> {
  const texts = await widgetTexts(page);
  return texts.flatMap((text) =>
    ENGLISH.filter(({ pattern }) => pattern.test(text)).map(({ id }) => `${id} in "${text}"`),
  );
}

function text(message: Message): string {
  return typeof message === 'string' ? message : message.other;
}

/** The page object with the words of a catalogue. */
function inLanguage(page: Page, messages: Catalogue): SearchPage {
  const texts: SearchPageTexts = {
    heading: text(messages.heading),
    searchForm: text(messages.searchForm),
    searchField: text(messages.searchField),
    searchButton: text(messages.searchButton),
    clearSearch: text(messages.clearSearch),
    backLink: text(messages.backLink),
    searchFilters: text(messages.searchFilters),
    selectedFilters: text(messages.selectedFilters),
    addFilterByName: text(messages.addFilterByName),
    results: text(messages.results),
    loadMore: text(messages.loadMore),
    noResultsTitle: text(messages.noResultsTitle),
    resetAll: text(messages.resetAll),
    errorTitle: text(messages.errorTitle),
    goHome: text(messages.goHome),
    near: text(messages.near),
    useMyLocation: text(messages.useMyLocation),
  };
  return new SearchPage(page, { texts });
}

async function checkState(page: Page, state: string, problems: string[]): Promise<void> {
  for (const english of await englishLeft(page)) problems.push(`${state}: English ${english}`);
  for (const violation of await findAxeViolations(page)) {
    problems.push(`${state}: axe ${violation.id} ${violation.targets.join(' ')}`);
  }
}

it('finds English where it is (the en-US page, as a control)', async () => {
  const searchPage = await openSearchPage(portal, '/', { width: 1280, height: 900 });
  await searchPage.cards().first().waitFor();
  const found = (await englishLeft(searchPage.page)).map((problem) => problem.split(' ')[0]);
  expect(found).toEqual(expect.arrayContaining(['heading', 'searchFilters', 'loadMore', 'count']));
});

describe.each(LANGUAGES)('the page in $lang', (language) => {
  const m = language.messages;

  it('at 1280 px: every state in the language, count and announcements in its plural forms, axe clean', async () => {
    const catalogues: string[] = [];
    const { page, answer } = await openWithFirstSearch(portal, `/?languageId=${language.id}`, {
      width: 1280,
      height: 900,
      beforeNavigate(page) {
        page.on('request', (request) => {
          const name = CATALOGUE_FILES.get(new URL(request.url()).pathname.split('/').pop() ?? '');
          if (name) catalogues.push(name);
        });
      },
    });
    const problems: string[] = [];
    const searchPage = inLanguage(page, m);
    await searchPage.settled();
    // Only the visitor's catalogue is downloaded.
    expect(catalogues).toEqual([language.lang]);
    const container = page.locator('partners-network-search [data-pn-container]');
    expect(await container.getAttribute('lang')).toBe(language.lang);
    expect(await container.getAttribute('dir')).toBe(language.dir);

    await expect.poll(() => searchPage.countText()).toBe(language.count(10, answer.totalFound));
    await checkState(page, 'results', problems);

    // Load More: the live region says how many were added, in the language.
    const before = await searchPage.cards().count();
    if (await searchPage.loadMoreButton().isVisible()) {
      const { answer: more } = await searchAnswerTo(page, () => searchPage.loadMore());
      await searchPage.settled();
      await expect.poll(() => searchPage.announcement()).toContain(language.tenAdded);
      expect(await searchPage.countText()).toBe(language.count(before + 10, more.totalFound));
      await checkState(page, 'after Load More', problems);
    }

    // A group expanded, and a chip (its remove button's name).
    const region = page.getByRole('group', { name: text(m.partnerType) });
    await region.waitFor();
    // Its name says which group ('View more Region'); its text is the message alone.
    const widget = page.locator('partners-network-search');
    await widget.getByText(text(m.viewMore), { exact: true }).first().click();
    await widget.getByText(text(m.viewLess), { exact: true }).first().waitFor();
    await searchAnswerTo(page, () => page.getByRole('checkbox').first().check());
    await searchPage.settled();
    await checkState(page, 'a group expanded, a chip', problems);

    // Validation: the tooltip in the language, the submit button disabled.
    await searchPage.field().fill('<b>');
    expect(await searchPage.tooltip().textContent()).toBe(text(m.searchInvalid));
    expect(await searchPage.searchButton().isDisabled()).toBe(true);
    await checkState(page, 'validation', problems);

    // No results, announced in the language.
    await searchAnswerTo(page, () => searchPage.searchWithEnter('zzzqqq'));
    await searchPage.noResultsHeading().waitFor();
    await expect.poll(() => searchPage.announcement()).toContain(text(m.noneFound));
    await checkState(page, 'no results', problems);

    // Loading: the skeleton while the filter definitions are held.
    const release = await searchPage.holdOnSkeleton();
    await checkState(page, 'loading', problems);
    release();
    await searchPage.settled();

    // The error panel.
    await page.route(/\/search(\?|$)/, (route) => route.fulfill({ status: 500, body: 'down' }));
    await searchPage.searchWithEnter('cloud');
    await searchPage.errorHeading().waitFor();
    await searchPage.goHomeButton().waitFor();
    await checkState(page, 'error', problems);

    expect(problems).toEqual([]);
  });

  it('at 360 px: the folded filters and the page in the language, no overflow, axe clean', async () => {
    const { page } = await openWithFirstSearch(portal, `/?languageId=${language.id}`, {
      width: 360,
      height: 800,
    });
    const searchPage = inLanguage(page, m);
    await searchPage.settled();
    const problems: string[] = [];
    await checkState(page, 'results', problems);
    await searchPage.filterToggle().click();
    await page.getByRole('radio').first().waitFor();
    await checkState(page, 'folded filters open', problems);
    expect(problems).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
  });
});

/** Widget elements outside the viewport, and the page scrolling sideways. */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    const root = document.querySelector('partners-network-search')?.shadowRoot;
    for (const el of root?.querySelectorAll('*') ?? []) {
      if (
        el.closest('[part~="search-background"]') ||
        getComputedStyle(el).clipPath === 'inset(50%)'
      ) {
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        problems.push(
          `${el.tagName} ${el.className} spans ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
      }
    }
    return problems;
  });
}

describe('Arabic, right to left', () => {
  it.each([360, 1280])('mirrors the layout without overflow at %i px', async (width) => {
    const searchPage = inLanguage(
      await portal.open('/?languageId=ar_SA', { width, height: 900 }),
      arSA,
    );
    const { page } = searchPage;
    await searchPage.cards().first().waitFor();
    await searchPage.settled();
    const layout = await page.evaluate(() => {
      const root = document.querySelector('partners-network-search')?.shadowRoot;
      const box = (selector: string) => root?.querySelector(selector)?.getBoundingClientRect();
      const style = (selector: string) => {
        const el = root?.querySelector(selector);
        return el ? getComputedStyle(el) : null;
      };
      return {
        direction: style('[data-pn-container] > div')?.direction,
        textAlign: style('[data-pn-container] > div')?.textAlign,
        arrow: style('[part~="back-link"] > [aria-hidden]')?.transform,
        heading: box('h1'),
        aside: root
          ?.querySelector('[part~="filter-panel"]')
          ?.parentElement?.getBoundingClientRect(),
        results: box('section[aria-busy]'),
        firstCard: box('[part~="card"]'),
        secondCard: root?.querySelectorAll('[part~="card"]')[1]?.getBoundingClientRect(),
        field: box('[part~="search-input"]'),
        viewport: document.documentElement.clientWidth,
      };
    });
    expect(layout.direction).toBe('rtl');
    expect(layout.textAlign).toBe('start');
    // The back arrow points right, towards where an Arabic reader came from.
    expect(layout.arrow).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    if (width >= 1024) {
      // The filter panel on the right, the results on its left; cards fill from the right.
      expect(layout.aside?.left ?? 0).toBeGreaterThan(layout.results?.left ?? 0);
      expect(layout.firstCard?.left ?? 0).toBeGreaterThan(layout.secondCard?.left ?? 0);
    }
    expect(await sidewaysOverflow(page)).toEqual([]);

    // A typed text and the clear button: the button sits at the field's left end.
    await searchPage.field().fill('cloud');
    const clear = await searchPage.clearButton().boundingBox();
    expect((clear?.x ?? 0) - (layout.field?.left ?? 0)).toBeLessThan(
      (layout.field?.width ?? 0) / 2,
    );

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `i18n-ar-SA-${width}.png`) });
  });

  it('reads right to left on a left-to-right host page, and French left to right on a right-to-left one', async () => {
    const searchPage = await openSearchPage(portal, '/embedding/plain', {
      width: 1280,
      height: 900,
    });
    const { page } = searchPage;
    await searchPage.cards().first().waitFor();
    await page.evaluate(() => {
      document.querySelector('partners-network-search')?.setAttribute('language-id', 'ar_SA');
    });
    await page.getByRole('heading', { name: text(arSA.heading) }).waitFor();
    const direction = () =>
      page.evaluate(() => {
        const root = document.querySelector('partners-network-search')?.shadowRoot;
        const el = root?.querySelector('[data-pn-container] > div');
        return el ? getComputedStyle(el).direction : null;
      });
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr');
    expect(await direction()).toBe('rtl');

    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
      document.querySelector('partners-network-search')?.setAttribute('language-id', 'fr_FR');
    });
    await page.getByRole('heading', { name: text(frFR.heading) }).waitFor();
    expect(await direction()).toBe('ltr');
  });
});

describe('screenshots in French and Arabic', () => {
  it.each([
    { id: 'fr_FR', lang: 'fr-FR', width: 360 },
    { id: 'fr_FR', lang: 'fr-FR', width: 1440 },
    { id: 'ar_SA', lang: 'ar-SA', width: 360 },
    { id: 'ar_SA', lang: 'ar-SA', width: 1440 },
  ])('$lang at $width px', async ({ id, lang, width }) => {
    const searchPage = await openSearchPage(portal, `/?languageId=${id}`, { width, height: 900 });
    const { page } = searchPage;
    await searchPage.cards().first().waitFor();
    await page.waitForLoadState('networkidle');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `i18n-${lang}-${width}.png`) });
    await page.screenshot({
      path: join(ARTIFACTS, `i18n-${lang}-${width}-full.png`),
      fullPage: true,
    });
    expect(await sidewaysOverflow(page)).toEqual([]);
  });
});

describe("operators' messages", () => {
  it('from the settings object, for one language', async () => {
    const page = await portal.open('/?languageId=fr_FR', {
      beforeNavigate: withSettingsMessages({
        loadMore: 'More partners',
        fr: { loadMore: 'Voir la suite', noneFound: 'Rien trouvé.' },
        de: { loadMore: 'Nicht für Französisch' },
      }),
    });
    await page.getByRole('button', { name: 'Voir la suite' }).waitFor();
    // Other messages keep the catalogue's text.
    await page.getByRole('button', { name: text(frFR.searchButton), exact: true }).waitFor();
  });

  it('from the element: a messages attribute, then a property, wins over the settings', async () => {
    const searchPage = await openSearchPage(portal, '/embedding/plain', {
      width: 1280,
      height: 900,
    });
    const { page } = searchPage;
    await searchPage.cards().first().waitFor();
    await page.evaluate(() => {
      document
        .querySelector('partners-network-search')
        ?.setAttribute(
          'messages',
          JSON.stringify({ resetAll: 'START OVER', loadMore: 'Show more partners' }),
        );
    });
    await page.getByRole('button', { name: 'Show more partners' }).waitFor();

    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => {
      const element = document.querySelector('partners-network-search');
      if (element) Reflect.set(element, 'messages', { loadMore: 'Next ten', heading: { x: 1 } });
    });
    await page.getByRole('button', { name: 'Next ten' }).waitFor();
    // What could not be used is named once in the console, the rest still shows.
    // (Its words are a chunk, core/logTexts.ts: written once it has come.)
    await expect
      .poll(() => warnings.join('\n'))
      .toContain('heading is neither a text nor plural forms');
    await page.getByRole('heading', { name: 'Partners Network' }).waitFor();
  });
});
