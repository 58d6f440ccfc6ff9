/**
 * Embedding (issue 4): the element on a plain page and on the portal page, isolation
 * from a hostile host stylesheet, theming from outside, two elements on one page,
 * globals, the headers of a real POST, and removal while work is pending.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMBEDDING_AUTH_TOKEN } from '@partners-network/demo';
import { isFilterGroupsCall, isSearchCall } from './support/searchCalls';
import { SearchPage } from './support/searchPage';
import type { SearchPageTexts } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

type Box = { x: number; y: number; width: number; height: number };

/** The second element of /embedding/two speaks French. */
const FRENCH: Partial<SearchPageTexts> = {
  searchField: 'Rechercher des partenaires',
  loadMore: 'Afficher plus de partenaires',
  noResultsTitle: 'Aucun partenaire trouvé',
};

/** The page's (first) element as a visitor uses it. */
function elementOn(page: Page): SearchPage {
  return new SearchPage(page, { root: page.locator('partners-network-search') });
}

/** Console errors and warnings of a page, from the moment it is opened. */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  return messages;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not rendered');
  return box;
}

/**
 * The main parts' boxes relative to the element, rounded to a tenth of a pixel; null
 * for a part that is not shown at this width (the folded filter panel).
 */
async function layoutOf(page: Page): Promise<Record<string, Box | null>> {
  const widget = page.locator('partners-network-search');
  const element = elementOn(page);
  const origin = await boxOf(widget);
  const parts: Record<string, Locator> = {
    widget,
    heading: element.heading(),
    searchPanel: widget.locator('[part~="search-panel"]'),
    searchInput: element.field(),
    searchButton: element.searchButton(),
    filterPanel: widget.locator('[part~="filter-panel"]'),
    firstFilter: widget.getByRole('radio').first(),
    firstCard: element.cards().first(),
    firstCardImage: element.cards().first().locator('img'),
    loadMore: element.loadMoreButton(),
    backLink: element.backLink(),
  };
  const round = (value: number) => Math.round(value * 10) / 10;
  const boxes: Record<string, Box | null> = {};
  for (const [name, locator] of Object.entries(parts)) {
    // Role queries skip hidden elements: a folded part counts none.
    const box = (await locator.count()) > 0 ? await locator.boundingBox() : null;
    boxes[name] = box && {
      x: round(box.x - origin.x),
      y: round(box.y - origin.y),
      width: round(box.width),
      height: round(box.height),
    };
  }
  return boxes;
}

describe('a plain web page without a portal', () => {
  it('runs the element from its attributes alone, with no warning or error', async () => {
    let messages: string[] = [];
    const searches: Request[] = [];
    const page = await portal.open('/embedding/plain', {
      beforeNavigate(page) {
        messages = collectConsole(page);
        page.on('request', (request) => {
          if (isSearchCall(request)) searches.push(request);
        });
      },
    });
    const widget = page.locator('partners-network-search');
    const element = elementOn(page);
    await element.waitForDrawnList();
    expect(await element.cards().count()).toBe(10);
    expect(new URL(searches[0]?.url() ?? '').pathname).toBe(
      '/o/preferred-partners/v1/20097/20121/search',
    );
    expect(await element.backLink().getAttribute('href')).toBe('/embedding/plain');
    // background-sources became one <source> per width, narrowest first.
    expect(
      await widget
        .locator('picture source')
        .evaluateAll((sources) => sources.map((source) => source.getAttribute('media'))),
    ).toEqual(['(max-width: 540px)', '(max-width: 1023px)', '(max-width: 1919px)']);
    expect(messages).toEqual([]);
  });

  it('reloads filters and results in the new language when language-id changes', async () => {
    const calls: Request[] = [];
    const page = await portal.open('/embedding/plain', {
      beforeNavigate(page) {
        page.on('request', (request) => {
          if (isSearchCall(request) || isFilterGroupsCall(request)) calls.push(request);
        });
      },
    });
    const widget = page.locator('partners-network-search');
    await elementOn(page).waitForDrawnList();
    calls.length = 0;

    await widget.evaluate((element) => element.setAttribute('language-id', 'fr_FR'));
    const filters = widget.getByRole('region', { name: 'Filtres de recherche' });
    // The Region group's legend.
    await expect.poll(() => filters.getByText('Région').count()).toBe(1);
    await expect.poll(() => calls.length).toBe(2);
    expect(calls.map((call) => new URL(call.url()).searchParams.get('locale'))).toEqual([
      'fr-FR',
      'fr-FR',
    ]);
    // Both calls were sent; the new cards replace the old ones once the answer arrives.
    await expect.poll(() => elementOn(page).cards().count()).toBe(10);
  });

  it('defines no global variable, and a second copy of the script changes nothing', async () => {
    const page = await portal.open('/embedding/plain?script=0');
    const before = await page.evaluate(() => Object.keys(window));
    const script = await page.evaluate(() => document.documentElement.dataset.widgetScript ?? '');
    expect(script).toMatch(/^\/widget\/.+\.js$/);

    await page.addScriptTag({ url: script, type: 'module' });
    const widget = page.locator('partners-network-search');
    await elementOn(page).waitForDrawnList();
    // Another URL is another module instance: it finds the name taken and does nothing.
    await page.addScriptTag({ url: `${script}?copy=2`, type: 'module' });
    await page.waitForTimeout(300);

    const after = await page.evaluate(() => Object.keys(window));
    expect(after.filter((key) => !before.includes(key))).toEqual([]);
    expect(await widget.evaluate((element) => element.shadowRoot?.children.length)).toBe(1);
    expect(await elementOn(page).heading().count()).toBe(1);
  });
});

describe('mount() from a script host', () => {
  it('renders into any element and unmount() takes it down', async () => {
    let messages: string[] = [];
    const page = await portal.open('/embedding/plain?script=0', {
      beforeNavigate(page) {
        messages = collectConsole(page);
      },
    });
    const script = await page.evaluate(() => document.documentElement.dataset.widgetScript ?? '');
    // The page's own element goes first: only mount() renders here. A string, so that
    // the test runner does not rewrite the page's dynamic import().
    await page.evaluate(`(async () => {
      document.querySelector('partners-network-search').remove();
      const { mount } = await import(${JSON.stringify(script)});
      const host = document.body.appendChild(document.createElement('div'));
      host.id = 'script-host';
      host.unmountPartners = mount(host, {
        context: { companyId: '20097', scopeGroupId: '20121', backButtonUrl: '/', background: null },
        syncUrl: false,
      });
    })()`);
    const host = page.locator('#script-host');
    const mounted = new SearchPage(page, { root: host });
    await mounted.cards().first().waitFor();
    expect(await mounted.cards().count()).toBe(10);
    // syncUrl: false leaves the page address alone.
    expect(new URL(page.url()).hash).toBe('');

    await host.evaluate((element) => {
      const unmount: unknown = Reflect.get(element, 'unmountPartners');
      if (typeof unmount === 'function') unmount();
    });
    await expect.poll(() => mounted.heading().count()).toBe(0);
    expect(messages).toEqual([]);
  });
});

describe('removing the element', () => {
  async function openPlain(): Promise<{
    page: Page;
    widget: Locator;
    element: SearchPage;
    messages: string[];
    searchesSince(): number;
    markRemoved(): void;
  }> {
    let messages: string[] = [];
    let removedAt = Number.POSITIVE_INFINITY;
    let afterRemoval = 0;
    const page = await portal.open('/embedding/plain', {
      beforeNavigate(page) {
        messages = collectConsole(page);
        page.on('request', (request) => {
          if (isSearchCall(request) && Date.now() >= removedAt) afterRemoval += 1;
        });
      },
    });
    const widget = page.locator('partners-network-search');
    const element = elementOn(page);
    await element.waitForDrawnList();
    return {
      page,
      widget,
      element,
      messages,
      searchesSince: () => afterRemoval,
      markRemoved: () => {
        removedAt = Date.now();
      },
    };
  }

  it('during the 600 ms debounce: no search is sent afterwards', async () => {
    const { page, widget, element, messages, searchesSince, markRemoved } = await openPlain();
    await element.searchWithEnter('cloud');
    markRemoved();
    await widget.evaluate((element) => element.remove());
    await page.waitForTimeout(1200);
    expect(searchesSince()).toBe(0);
    expect(await page.locator('partners-network-search').count()).toBe(0);
    expect(messages).toEqual([]);
  });

  it('while a search is in flight: it is aborted and nothing is logged', async () => {
    const { page, widget, element, messages, searchesSince, markRemoved } = await openPlain();
    let held = 0;
    await page.route('**/o/preferred-partners/v1/*/*/search*', async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      // The page aborted the request meanwhile: there is nothing left to answer.
      await route.continue().catch(() => undefined);
    });
    await element.searchWithEnter('cloud');
    await expect.poll(() => held, { timeout: 3000 }).toBe(1);
    markRemoved();
    await widget.evaluate((element) => element.remove());
    await page.waitForTimeout(1500);
    expect(searchesSince()).toBe(0);
    expect(messages).toEqual([]);
  });

  it('leaves no listener of its own on window or document behind', async () => {
    const page = await portal.open('/embedding/plain?script=0');
    const session = await page.context().newCDPSession(page);
    const scriptUrls = new Map<string, string>();
    session.on('Debugger.scriptParsed', (event) => scriptUrls.set(event.scriptId, event.url));
    await session.send('Debugger.enable');
    /** Listeners on window and document added by the widget's script. */
    async function widgetListeners(): Promise<string[]> {
      const types: string[] = [];
      for (const expression of ['window', 'document']) {
        const { result } = await session.send('Runtime.evaluate', { expression });
        if (!result.objectId) throw new Error(`no ${expression}`);
        const found = await session.send('DOMDebugger.getEventListeners', {
          objectId: result.objectId,
        });
        for (const listener of found.listeners) {
          if (!scriptUrls.get(listener.scriptId)?.includes('/widget/')) continue;
          types.push(`${expression}:${listener.type}`);
        }
      }
      return types.sort();
    }
    const script = await page.evaluate(() => document.documentElement.dataset.widgetScript ?? '');
    await page.addScriptTag({ url: script, type: 'module' });
    const widget = page.locator('partners-network-search');
    const element = elementOn(page);
    await element.waitForDrawnList();
    await element.searchWithEnter('cloud');
    await page.mouse.wheel(0, 400);
    await widget.evaluate((element) => element.remove());
    await page.waitForTimeout(200);
    // React keeps one selectionchange listener per document for as long as the page lives.
    expect(await widgetListeners()).toEqual(['document:selectionchange']);
  });
});

describe('isolation from the host page', () => {
  it('keeps its layout on a phone under a stylesheet that styles everything globally', async () => {
    const size = { width: 400, height: 800 };
    const plain = await portal.open('/embedding/hostile?hostile=0', size);
    await elementOn(plain).waitForDrawnList();
    const expected = await layoutOf(plain);
    expect(expected.filterPanel).toBeNull();
    expect(expected.firstCard?.width).toBeLessThan(400);

    const hostile = await portal.open('/embedding/hostile', size);
    await elementOn(hostile).waitForDrawnList();
    expect(await layoutOf(hostile)).toEqual(expected);
  });

  it('keeps its layout under a stylesheet that styles everything globally', async () => {
    const plain = await portal.open('/embedding/hostile?hostile=0');
    await elementOn(plain).waitForDrawnList();
    const expected = await layoutOf(plain);
    expect(Object.values(expected)).not.toContain(null);

    const hostile = await portal.open('/embedding/hostile');
    // The sheet is really there: the host's own sample is restyled.
    const hostButton = hostile.getByRole('button', { name: 'Host button' });
    expect(await hostButton.evaluate((button) => getComputedStyle(button).fontSize)).toBe('28px');
    await elementOn(hostile).waitForDrawnList();
    expect(await layoutOf(hostile)).toEqual(expected);

    const look = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.fontFamily, style.fontSize, style.color, style.textTransform, style.cursor];
      });
    const heading = (page: Page) => elementOn(page).heading();
    expect(await look(heading(hostile))).toEqual(await look(heading(plain)));
    const button = (page: Page) => elementOn(page).searchButton();
    expect(await look(button(hostile))).toEqual(await look(button(plain)));
  });

  it("leaves the host's own elements as they are", async () => {
    const styleOf = (page: Page) =>
      page
        .getByTestId('host-sample')
        .locator('*')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            return [
              element.tagName,
              style.display,
              style.fontFamily,
              style.fontSize,
              style.color,
              style.backgroundColor,
              style.padding,
              style.border,
              style.borderRadius,
              box.x,
              box.y,
              box.width,
              box.height,
            ].join(' ');
          }),
        );
    for (const hostile of ['1', '0']) {
      const without = await portal.open(`/embedding/hostile?hostile=${hostile}&widget=0`);
      const expected = await styleOf(without);
      const withWidget = await portal.open(`/embedding/hostile?hostile=${hostile}`);
      await elementOn(withWidget).waitForDrawnList();
      expect(await styleOf(withWidget)).toEqual(expected);
    }
  });

  it('takes a theme from custom properties and ::part() on the page', async () => {
    const plain = await portal.open('/embedding/plain');
    await elementOn(plain).waitForDrawnList();
    const themed = await portal.open('/embedding/plain?theme=1');
    const element = elementOn(themed);
    await element.waitForDrawnList();

    const searchButton = element.searchButton();
    expect(await searchButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(138, 21, 56)',
    );
    const card = element.cards().first();
    expect(
      await card.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.borderRadius, style.outlineStyle, style.outlineColor];
      }),
    ).toEqual(['0px', 'solid', 'rgb(138, 21, 56)']);
    const plainCard = elementOn(plain).cards().first();
    expect(await plainCard.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe(
      '0px',
    );
  });
});

describe('two elements on one page', () => {
  it('search independently; only the first one keeps its search in the URL', async () => {
    const searches: Request[] = [];
    const page = await portal.open('/embedding/two', {
      beforeNavigate(page) {
        page.on('request', (request) => {
          if (isSearchCall(request)) searches.push(request);
        });
      },
    });
    const [first, second] = [
      page.getByRole('region', { name: 'Directory' }).locator('partners-network-search'),
      page.getByRole('region', { name: 'Annuaire' }).locator('partners-network-search'),
    ];
    const firstElement = new SearchPage(page, { root: first });
    const secondElement = new SearchPage(page, { root: second, texts: FRENCH });
    await firstElement.waitForDrawnList();
    await secondElement.waitForDrawnList();
    // The first answer writes the route alone: no saved search before the visitor acts.
    await expect.poll(() => new URL(page.url()).hash).toBe('#/search');
    const urlBefore = page.url();
    const firstTitles = await first
      .getByRole('article')
      .getByRole('heading', { level: 2 })
      .allTextContents();

    // The second one searches; the first one and the URL do not move.
    searches.length = 0;
    await secondElement.searchWithEnter('zzzz');
    await secondElement.noResultsHeading().waitFor();
    expect(searches.map((request) => new URL(request.url()).searchParams.get('locale'))).toEqual([
      'fr-FR',
    ]);
    expect(page.url()).toBe(urlBefore);
    expect(
      await first.getByRole('article').getByRole('heading', { level: 2 }).allTextContents(),
    ).toEqual(firstTitles);
    expect(await firstElement.noResultsHeading().count()).toBe(0);

    // The first one searches and writes the URL; the second one keeps its own list.
    await firstElement.searchWithEnter('zzzz');
    await firstElement.noResultsHeading().waitFor();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/search\?search=/);

    // After a reload the first one is back from the URL; the second one starts afresh.
    await page.reload();
    await firstElement.noResultsHeading().waitFor();
    await secondElement.waitForDrawnList();
    expect(await secondElement.field().inputValue()).toBe('');
  });

  it('sends the portal token, the XSRF cookie, the locale and Accept-Language on a real POST', async () => {
    const searches: Request[] = [];
    const page = await portal.open('/embedding/two', {
      beforeNavigate(page) {
        page.on('request', (request) => {
          if (isSearchCall(request)) searches.push(request);
        });
      },
    });
    await expect.poll(() => searches.length).toBe(2);
    const cookies = await page.context().cookies();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(xsrf).toBeTruthy();
    const seen = await Promise.all(
      searches.map(async (request) => {
        const headers = await request.allHeaders();
        return {
          locale: new URL(request.url()).searchParams.get('locale'),
          acceptLanguage: headers['accept-language'],
          csrf: headers['x-csrf-token'],
          xsrf: headers['x-xsrf-token'],
          status: (await request.response())?.status(),
        };
      }),
    );
    const expected = (locale: string) => ({
      locale,
      acceptLanguage: locale,
      csrf: EMBEDDING_AUTH_TOKEN,
      xsrf,
      status: 200,
    });
    expect(seen).toEqual(expect.arrayContaining([expected('en-US'), expected('fr-FR')]));
  });
});
