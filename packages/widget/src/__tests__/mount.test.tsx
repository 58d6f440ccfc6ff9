import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { definePartnersNetworkSearch, ELEMENT_NAME } from '../element';
import { mount } from '../mount';
import { EMPTY_FILTER_DEFINITIONS, EMPTY_SEARCH_RESPONSE } from '../test/emptyDirectory';

const server = setupServer(
  http.get('*/filter-groups', () => HttpResponse.json(EMPTY_FILTER_DEFINITIONS)),
  http.post('*/search', () => HttpResponse.json(EMPTY_SEARCH_RESPONSE)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const context = { companyId: '1', scopeGroupId: '2', backButtonUrl: '/', background: null };

/** Vitest leaves `?inline` CSS empty, so this counts the sheets given, not their text. */
function styleCount(shadow: ShadowRoot): number {
  const adopted = 'adoptedStyleSheets' in shadow ? shadow.adoptedStyleSheets.length : 0;
  return adopted + shadow.querySelectorAll('style[data-pn-styles]').length;
}

describe('mount', () => {
  it('renders the page in an open shadow root with its styles, and unmounts', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = mount(host, { context, syncUrl: false });
    const shadow = host.shadowRoot;
    if (shadow === null) throw new Error('no shadow root');
    await waitFor(() => expect(shadow.querySelector('h1')).toHaveTextContent('Partners Network'));
    expect(shadow.querySelector('.pn-root')).not.toBeNull();
    expect(styleCount(shadow)).toBe(1);
    // Host page styles cannot reach in, and ours cannot leak out.
    expect(document.querySelector('h1')).toBeNull();

    unmount();
    expect(shadow.querySelector('.pn-root')).toBeNull();
    unmount();
  });

  it('renders nothing before its styles are in (jsdom: an engine whose <style> is a chunk)', async () => {
    // A fresh copy of the page's modules (the chunk not yet in), with a chunk slower than
    // the first render's task would be.
    vi.resetModules();
    vi.doMock('../styleElements', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return vi.importActual('../styleElements');
    });
    const fresh = await import('../mount');
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    // Whether the styles were there each time the page's nodes were seen.
    const styledWhenSeen: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (shadow.querySelector('.pn-root') === null) return;
      styledWhenSeen.push(shadow.querySelector('style[data-pn-styles]') !== null);
    });
    observer.observe(shadow, { childList: true, subtree: true });
    const unmount = fresh.mount(host, { context, syncUrl: false });
    try {
      await waitFor(() => expect(shadow.querySelector('h1')).toHaveTextContent('Partners Network'));
      expect(styledWhenSeen.length).toBeGreaterThan(0);
      expect(styledWhenSeen.every(Boolean)).toBe(true);
    } finally {
      observer.disconnect();
      unmount();
      vi.doUnmock('../styleElements');
    }
  });

  it('sends the first requests at once and renders once renderAfter has settled', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    let settle = () => {};
    const renderAfter = new Promise<void>((resolve) => (settle = resolve));
    const host = document.body.appendChild(document.createElement('div'));
    const unmount = mount(host, { context, syncUrl: false, renderAfter });
    expect(fetching).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.shadowRoot?.querySelector('h1')).toBeNull();
    settle();
    await waitFor(() =>
      expect(host.shadowRoot?.querySelector('h1')).toHaveTextContent('Partners Network'),
    );
    unmount();
  });

  it('reuses an existing shadow root and adds the styles once', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    mount(host, { context, syncUrl: false })();
    const unmount = mount(host, { context, syncUrl: false });
    await waitFor(() => expect(shadow.querySelector('h1')).not.toBeNull());
    expect(styleCount(shadow)).toBe(1);
    unmount();
  });
});

describe('mount() in the portal language', () => {
  it.each([
    { languageId: 'fr-FR', heading: 'Réseau de partenaires', lang: 'fr-FR', dir: 'ltr' },
    { languageId: 'ar-SA', heading: 'شبكة الشركاء', lang: 'ar-SA', dir: 'rtl' },
    { languageId: 'it-IT', heading: 'Partners Network', lang: 'en-US', dir: 'ltr' },
  ])(
    '$languageId: $lang messages, dir $dir on the root',
    async ({ languageId, heading, lang, dir }) => {
      const host = document.body.appendChild(document.createElement('div'));
      const unmount = mount(host, { context: { ...context, languageId }, syncUrl: false });
      const shadow = host.shadowRoot;
      if (shadow === null) throw new Error('no shadow root');
      await waitFor(() => expect(shadow.querySelector('h1')).toHaveTextContent(heading));
      const root = shadow.querySelector('[data-pn-container]');
      expect(root?.getAttribute('lang')).toBe(lang);
      expect(root?.getAttribute('dir')).toBe(dir);
      unmount();
    },
  );

  it("shows an operator's message from the options, over the settings object's", async () => {
    Reflect.set(window, 'partnersNetworkSettings', {
      messages: { heading: 'From the settings', searchButton: 'Go' },
    });
    try {
      const host = document.body.appendChild(document.createElement('div'));
      const unmount = mount(host, {
        context: { ...context, languageId: 'de-DE' },
        syncUrl: false,
        messages: { de: { heading: 'Unsere Partner' } },
      });
      const shadow = host.shadowRoot;
      if (shadow === null) throw new Error('no shadow root');
      await waitFor(() => expect(shadow.querySelector('h1')).toHaveTextContent('Unsere Partner'));
      expect(shadow.querySelector('button[type="submit"]')).toHaveTextContent('Go');
      unmount();
    } finally {
      Reflect.deleteProperty(window, 'partnersNetworkSettings');
    }
  });
});

describe('<partners-network-search>', () => {
  it('is defined once, mounts when connected and unmounts when removed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    definePartnersNetworkSearch();
    definePartnersNetworkSearch();
    expect(customElements.get(ELEMENT_NAME)).toBeDefined();

    const element = document.createElement(ELEMENT_NAME);
    element.setAttribute('company-id', '1');
    element.setAttribute('scope-group-id', '2');
    document.body.append(element);
    const shadow = element.shadowRoot;
    if (shadow === null) throw new Error('no shadow root');
    await waitFor(() =>
      expect(shadow.querySelector('form[role="search"]')).toHaveAccessibleName('PreferredPartners'),
    );

    element.remove();
    await waitFor(() => expect(shadow.querySelector('.pn-root')).toBeNull());
  });
});
