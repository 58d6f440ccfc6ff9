/**
 * The no-results panel's en-US texts (SPEC's title, text and RESET ALL, the steps back).
 * They travel with the panel's chunk and with the operators' messages parser, not in the
 * page script: a visit may never show the panel (157 B gzip of a first visit, issue 24's
 * byte budget). `wholeEnUS()` adds them to the page's en-US catalogue, the same object the
 * page's translator reads, so the message ids and operators' overrides stay as they were;
 * every other language's catalogue is a chunk and holds them already.
 */
import enUS from './catalogues/en-US';
import type { Catalogue, Message } from './catalogues/en-US';

const noResultsEnUS = {
  noResultsTitle: 'No partners found',
  noResultsText: 'No results found. Try different keywords or remove search filters.',
  resetAll: 'RESET ALL',
  waysOut: 'Try one step back:',
  wayOutItem: {
    one: 'Without “{name}” ({count} partner)',
    other: 'Without “{name}” ({count} partners)',
  },
  wayOutWord: {
    one: 'Without the word “{name}” ({count} partner)',
    other: 'Without the word “{name}” ({count} partners)',
  },
  wayOutText: {
    one: 'Without the search text ({count} partner)',
    other: 'Without the search text ({count} partners)',
  },
  wayOutRadius: {
    one: 'Within {radius}: {count} partner',
    other: 'Within {radius}: {count} partners',
  },
} satisfies Record<string, Message>;

export type NoResultsMessageId = keyof typeof noResultsEnUS;

/**
 * The whole en-US catalogue: the page's object, with the panel's texts added (again is
 * harmless). A call, not a side effect of importing: the package declares its modules
 * free of those (`sideEffects`), so a bundler drops an import made for one.
 */
export function wholeEnUS(): Catalogue {
  return Object.assign(enUS, noResultsEnUS);
}
