/**
 * Engines without constructed sheets (no `adoptedStyleSheets`: Safari before 16.4, Firefox
 * before 101), played by Chromium with the property taken off by an init script: their
 * `<style>` fallback is a chunk only they fetch, and the page renders once it is in, styled
 * as on a modern engine, never unstyled first. A `<style>` needs `'unsafe-inline'` styles:
 * the demo's policy has a hash there, so this test's pages get a policy that allows them.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const portal = usePortal();

/** Before the page's scripts: no constructed sheets, and every sight of the page recorded. */
function withoutConstructedSheets(): void {
  Reflect.deleteProperty(ShadowRoot.prototype, 'adoptedStyleSheets');
  Reflect.deleteProperty(Document.prototype, 'adoptedStyleSheets');
  // Whether the widget's <style> was there each time its page's nodes were seen (a
  // mutation observer runs before the next paint).
  const seen: boolean[] = [];
  Reflect.set(window, '__styledWhenSeen', seen);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init: ShadowRootInit) {
    const shadow = attachShadow.call(this, init);
    new MutationObserver(() => {
      if (shadow.querySelector('[data-pn-container] > div') === null) return;
      seen.push(shadow.querySelector('style[data-pn-styles]') !== null);
    }).observe(shadow, { childList: true, subtree: true });
    return shadow;
  };
}

async function openPage(path: string, old: boolean): Promise<{ page: Page; requested: string[] }> {
  const requested: string[] = [];
  const page = await portal.open(path, {
    width: 1280,
    async beforeNavigate(page) {
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      if (!old) return;
      await page.addInitScript(withoutConstructedSheets);
      await page.route(
        (url) => url.pathname === new URL(path, portal.url).pathname,
        async (route) => {
          const response = await route.fetch();
          const headers = { ...response.headers() };
          headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
            /style-src [^;]*/,
            "style-src 'self' 'unsafe-inline'",
          );
          await route.fulfill({ response, headers });
        },
      );
    },
  });
  return { page, requested };
}

/** What a visitor sees of a part: its box and the styles that make it look as it does. */
function look(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      box: [box.x, box.y, box.width, box.height].map(Math.round),
      style: [
        style.fontFamily,
        style.fontSize,
        style.color,
        style.backgroundColor,
        style.borderRadius,
        style.display,
        style.padding,
      ],
    };
  });
}

async function looks(page: Page) {
  const element = new SearchPage(page, { root: page.locator('partners-network-search') });
  await element.waitForDrawnList();
  return {
    heading: await look(element.heading()),
    field: await look(element.field()),
    searchButton: await look(element.searchButton()),
    firstCard: await look(element.cards().first()),
    loadMore: await look(element.loadMoreButton()),
  };
}

describe('an engine without constructed sheets', () => {
  it('fetches the <style> chunk and shows the page styled as a modern engine does, never unstyled', async () => {
    const modern = await openPage('/', false);
    const expected = await looks(modern.page);

    const old = await openPage('/', true);
    expect(await looks(old.page)).toEqual(expected);
    const widget = old.page.locator('partners-network-search');
    expect(
      await widget.evaluate((host) => [
        'adoptedStyleSheets' in (host.shadowRoot ?? {}),
        host.shadowRoot?.querySelectorAll('style[data-pn-styles]').length,
      ]),
    ).toEqual([false, 1]);
    const seen: unknown = await old.page.evaluate(() => Reflect.get(window, '__styledWhenSeen'));
    expect(Array.isArray(seen) && seen.length > 0).toBe(true);
    expect(seen).not.toContain(false);
    // One script more than the modern engine asked for: the fallback's chunk.
    const scripts = (requested: string[]) => requested.filter((path) => path.endsWith('.js'));
    const extra = scripts(old.requested).filter(
      (path) => !scripts(modern.requested).includes(path),
    );
    expect(extra).toHaveLength(1);

    // A part's sheet that comes later (the intent sheet, at the first focus) joins the <style>.
    const before = await widget.evaluate(
      (host) => host.shadowRoot?.querySelector('style[data-pn-styles]')?.textContent?.length ?? 0,
    );
    await new SearchPage(old.page, { root: widget }).field().focus();
    await expect
      .poll(() =>
        widget.evaluate(
          (host) =>
            host.shadowRoot?.querySelector('style[data-pn-styles]')?.textContent?.length ?? 0,
        ),
      )
      .toBeGreaterThan(before);
  });
});
