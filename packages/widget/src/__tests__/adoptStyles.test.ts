/**
 * The widget's styles in a shadow root: a constructed sheet where the engine has
 * `adoptedStyleSheets`, else a `<style>` whose code is a chunk only such engines fetch
 * (styleElements.ts). jsdom has no `adoptedStyleSheets`: it is such an engine; the tests
 * of a modern engine give its shadow roots the property. Each test takes a fresh copy of
 * the module (its sheet and its chunk are the page's, shared by every widget).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Styles from '../adoptStyles';

async function freshModule(): Promise<typeof Styles> {
  vi.resetModules();
  return import('../adoptStyles');
}

function shadowRoot(): ShadowRoot {
  return document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
}

const styleElements = (shadow: ShadowRoot) => shadow.querySelectorAll('style[data-pn-styles]');

afterEach(() => {
  document.body.innerHTML = '';
  vi.doUnmock('../styleElements');
});

describe('adoptStyles on an engine without constructed sheets', () => {
  it('waits for the <style> chunk once, then adds one <style> per shadow root, kept in step', async () => {
    const { addStyles, adoptStyles, setBaseStyles } = await freshModule();
    setBaseStyles('.base{}');
    const first = shadowRoot();
    const loading = adoptStyles(first);
    expect(loading).toBeInstanceOf(Promise);
    // Nothing to render with yet: the caller waits for the chunk.
    expect(styleElements(first)).toHaveLength(0);
    await loading;

    expect(adoptStyles(first)).toBeUndefined();
    expect(adoptStyles(first)).toBeUndefined();
    expect([...styleElements(first)].map((style) => style.textContent)).toEqual(['.base{}']);
    // The styles come before the page's own nodes.
    expect(first.firstChild).toBe(styleElements(first)[0]);

    const second = shadowRoot();
    expect(adoptStyles(second)).toBeUndefined();
    addStyles('.panel{}');
    addStyles('.panel{}');
    for (const shadow of [first, second]) {
      expect([...styleElements(shadow)].map((style) => style.textContent)).toEqual([
        '.base{}.panel{}',
      ]);
    }
  });

  it('lets the page render unstyled when the chunk cannot load, and asks no more', async () => {
    vi.doMock('../styleElements', () => {
      throw new Error('offline');
    });
    const { adoptStyles } = await freshModule();
    const shadow = shadowRoot();
    await expect(adoptStyles(shadow)).resolves.toBeUndefined();
    expect(adoptStyles(shadow)).toBeUndefined();
    expect(styleElements(shadow)).toHaveLength(0);
  });
});

describe('adoptStyles on an engine with constructed sheets', () => {
  it('adopts one shared sheet at once, fetches no chunk and adds no <style>', async () => {
    const adopted = new WeakMap<ShadowRoot, CSSStyleSheet[]>();
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      configurable: true,
      get(this: ShadowRoot) {
        return adopted.get(this) ?? [];
      },
      set(this: ShadowRoot, sheets: CSSStyleSheet[]) {
        adopted.set(this, sheets);
      },
    });
    const chunk = vi.fn();
    vi.doMock('../styleElements', () => {
      chunk();
      return {};
    });
    try {
      const { addStyles, adoptStyles, setBaseStyles } = await freshModule();
      setBaseStyles('.base { color: red; }');
      const [first, second] = [shadowRoot(), shadowRoot()];
      expect(adoptStyles(first)).toBeUndefined();
      expect(adoptStyles(first)).toBeUndefined();
      expect(adoptStyles(second)).toBeUndefined();
      const [sheet] = first.adoptedStyleSheets;
      expect(first.adoptedStyleSheets).toHaveLength(1);
      expect(second.adoptedStyleSheets).toEqual([sheet]);
      addStyles('.panel { color: blue; }');
      expect([...(sheet?.cssRules ?? [])].map((rule) => rule.cssText)).toEqual([
        '.base { color: red; }',
        '.panel { color: blue; }',
      ]);
      await new Promise((resolve) => setTimeout(resolve));
      expect(chunk).not.toHaveBeenCalled();
      expect(styleElements(first)).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(ShadowRoot.prototype, 'adoptedStyleSheets');
    }
  });
});
