/**
 * The address of the public page on a search, as the page itself writes it in its address
 * (packages/widget, core/locationParams.ts and core/savedSearch.ts): `#/search?search=`
 * and base64 of the JSON of the saved search (global filter, items, text, the first 10
 * cards), which the page restores on opening. An empty global filter is the site's default.
 */

/** Cards the page shows before Load More (its RESULTS_PER_PAGE). */
const FIRST_PAGE = 10;

export interface PublicSearch {
  text: string;
  globalFilter?: string;
  filterItemIds?: readonly number[];
}

/** UTF-8 bytes in base64, as the page's encoder writes them. */
function base64Of(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `page` is the public page's address (its own fragment, if any, is replaced). */
export function publicSearchUrl(page: string, search: PublicSearch): string {
  const saved = {
    globalFilter: search.globalFilter ?? '',
    filterItemIds: [...(search.filterItemIds ?? [])],
    text: search.text,
    offset: 0,
    resultsPerPage: FIRST_PAGE,
  };
  const query = new URLSearchParams({ search: base64Of(JSON.stringify(saved)) });
  return `${page.split('#')[0] ?? ''}#/search?${query}`;
}
