import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../test/logsWritten';
import { definePartnersNetworkSearch, ELEMENT_NAME } from '../element';
import { EMPTY_FILTER_DEFINITIONS, EMPTY_SEARCH_RESPONSE } from '../test/emptyDirectory';

const calls: { method: string; locale: string | null }[] = [];
const server = setupServer(
  http.get('*/filter-groups', ({ request }) => {
    calls.push({ method: 'GET', locale: new URL(request.url).searchParams.get('locale') });
    return HttpResponse.json(EMPTY_FILTER_DEFINITIONS);
  }),
  http.post('*/search', ({ request }) => {
    calls.push({ method: 'POST', locale: new URL(request.url).searchParams.get('locale') });
    return HttpResponse.json(EMPTY_SEARCH_RESPONSE);
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  definePartnersNetworkSearch();
});
afterEach(() => {
  server.resetHandlers();
  document.body.innerHTML = '';
  calls.length = 0;
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function create(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(ELEMENT_NAME);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function shadowOf(element: HTMLElement): ShadowRoot {
  if (element.shadowRoot === null) throw new Error('no shadow root');
  return element.shadowRoot;
}

const ids = { 'company-id': '1', 'scope-group-id': '2' };

describe('<partners-network-search> attributes', () => {
  it('restarts with the new language when language-id changes (filters and results again)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = document.body.appendChild(create({ ...ids, 'language-id': 'en_US' }));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']));
    expect(calls.every((call) => call.locale === 'en-US')).toBe(true);

    calls.length = 0;
    element.setAttribute('language-id', 'fr_FR');
    element.setAttribute('back-button-url', '/accueil');
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']));
    expect(calls.every((call) => call.locale === 'fr-FR')).toBe(true);
    // The body renders after the hero, in a transition, and in French once its catalogue
    // (a chunk) is in: wait for it, not for a fixed time.
    await waitFor(() =>
      expect(shadowOf(element).querySelector('a[part="back-link"]')?.getAttribute('href')).toBe(
        '/accueil',
      ),
    );
    expect(shadowOf(element).querySelector('a[part="back-link"]')).toHaveTextContent(
      'Retour à la page d’accueil',
    );
    // One page in the shadow root, not one per attribute.
    expect(shadowOf(element).querySelectorAll('.pn-root')).toHaveLength(1);
  });

  it('lets the first element own the URL and keeps the second in memory', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/#/other?page=p');
    const first = document.body.appendChild(create(ids));
    const second = document.body.appendChild(create(ids));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    // No list in the address before the visitor's first action, and this route is kept.
    expect(window.location.hash).toBe('#/other?page=p');
    // The owner read `page` from the URL; the other never looked at it. (The back link
    // renders after the hero, in a transition: wait for it.)
    const backHref = (element: HTMLElement) =>
      shadowOf(element).querySelector('a[part="back-link"]')?.getAttribute('href');
    await waitFor(() => expect(backHref(first)).toBe('/p'));
    await waitFor(() => expect(backHref(second)).toBe('/'));
    await logsWritten();
    expect(warn.mock.calls.some((call) => String(call[0]).includes('url-state="memory"'))).toBe(
      true,
    );
  });

  it('keeps an element with url-state="memory" out of the URL even when it is alone', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/');
    document.body.appendChild(create({ ...ids, 'url-state': 'memory' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.hash).toBe('');
  });

  it('renders its first frame with the picture of background-sources, read by a chunk', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = create({
      ...ids,
      'background-url': '/hero.jpg',
      'background-sources': '/hero-540.jpg 540w, /hero-1023.jpg 1023w',
    });
    const shadow = element.attachShadow({ mode: 'open' });
    // How many <source> the picture had each time it was seen.
    const sourcesWhenSeen: number[] = [];
    const observer = new MutationObserver(() => {
      const picture = shadow.querySelector('picture[part="search-background"]');
      if (picture !== null) sourcesWhenSeen.push(picture.querySelectorAll('source').length);
    });
    observer.observe(shadow, { childList: true, subtree: true });
    const fetching = vi.spyOn(globalThis, 'fetch');
    try {
      document.body.append(element);
      // The first requests leave at once: they do not wait for the chunk.
      expect(fetching).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(sourcesWhenSeen.length).toBeGreaterThan(0));
      expect(sourcesWhenSeen.every((count) => count === 2)).toBe(true);
    } finally {
      observer.disconnect();
    }
  });

  it('survives a move within the page and stops when removed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = document.body.appendChild(create(ids));
    await waitFor(() => expect(calls).toHaveLength(2));
    const other = document.body.appendChild(document.createElement('section'));
    other.append(element);
    await Promise.resolve();
    expect(shadowOf(element).querySelector('.pn-root')).not.toBeNull();
    expect(calls).toHaveLength(2);

    element.remove();
    await waitFor(() => expect(shadowOf(element).querySelector('.pn-root')).toBeNull());
    // An attribute set on a removed element starts nothing.
    element.setAttribute('language-id', 'de_DE');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(2);
  });
});
