import { describe, expect, it } from 'vitest';
import { publicSearchUrl } from '../publicSearchUrl';

describe("the public page's address on a search", () => {
  it('holds the search as the page saves one: base64 of UTF-8 JSON in #/search?search=', () => {
    const url = new URL(
      publicSearchUrl('https://portal.example/partners?lang=fr#old', {
        text: 'société générale',
        globalFilter: 'solution-partners',
        filterItemIds: [40001, 40301],
      }),
    );
    expect(url.origin + url.pathname + url.search).toBe('https://portal.example/partners?lang=fr');
    const [path, query] = url.hash.slice(1).split('?');
    expect(path).toBe('/search');
    const value = new URLSearchParams(query).get('search') ?? '';
    const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
    // The page decodes UTF-8 (the browser test opens such a link on the page itself).
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      globalFilter: 'solution-partners',
      filterItemIds: [40001, 40301],
      text: 'société générale',
      offset: 0,
      resultsPerPage: 10,
    });
  });
});
