/**
 * The en-US catalogue: every text the page shows or announces, by message id, with
 * SPEC's exact words. It is the source of the message ids (`MessageId`) and ships in
 * the page script; every other language is a chunk of its own, loaded on demand.
 * A new message is one line here and one line in each file beside this one.
 * `{name}` is a placeholder; numbers put into one take the locale's number format.
 * The no-results panel's texts are not here but in `../noResultsMessages.ts`: they come
 * with the panel's chunk, which adds them to this object (a visit may never show the
 * panel; 157 B gzip of a first visit). Every other language's catalogue holds them.
 */
import { SEARCH_TEXT_INVALID_MESSAGE } from '@partners-network/contract';
import type { NoResultsMessageId } from '../noResultsMessages';

const enUS = {
  heading: 'Partners Network',
  searchForm: 'PreferredPartners',
  searchField: 'Search partners',
  searchPlaceholder: 'Search partners',
  clearSearch: 'Clear search',
  searchButton: 'Search',
  searchInvalid: SEARCH_TEXT_INVALID_MESSAGE,
  backLink: 'Back to home page',
  searchFilters: 'Search filters',
  partnerType: 'Partner type',
  viewMore: 'View More',
  viewLess: 'View Less',
  viewMoreGroup: 'View more {group}',
  viewLessGroup: 'View less {group}',
  selectedFilters: 'Selected filters',
  removeFilter: 'Remove {name}',
  addFilter: 'Add a filter',
  addFilterByName: 'Add a filter by name',
  results: 'Partner results',
  partners: 'Partners',
  categories: 'Categories',
  count: 'Showing {loaded} of {total} partners',
  added: { one: '{count} more partner added.', other: '{count} more partners added.' },
  appliedFilters: 'Filters: {filters}.',
  noFilters: 'No filters.',
  appliedText: 'Search text: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'No partners found.',
  errorTitle: 'Something went wrong.',
  errorText: 'We apologise and are fixing the problem. Please try again later.',
  goHome: 'Go to the home page',
  loadMore: 'Load More Partners',
  choiceCount: '{count}',
  partnerCount: { one: '{count} partner', other: '{count} partners' },
  contact: 'Contact',
  near: 'Near',
  useMyLocation: 'Use my location',
} satisfies Record<string, Message>;

/** A message: plain text, or one text per plural category of the language (`other` always). */
export type Message = string | PluralMessage;

export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type MessageId = keyof typeof enUS | NoResultsMessageId;

/** A complete catalogue: a message for every id en-US has, no more. */
export type Catalogue = Readonly<Record<MessageId, Message>>;

/**
 * en-US as the page script holds it: complete once `../noResultsMessages.ts` is loaded
 * (its `wholeEnUS()` completes this object).
 */
export type PageCatalogue = Readonly<Record<Exclude<MessageId, NoResultsMessageId>, Message>> &
  Partial<Catalogue>;

export default enUS satisfies PageCatalogue;
