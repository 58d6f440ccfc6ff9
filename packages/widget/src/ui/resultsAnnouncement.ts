import type { Translator } from '../core/i18n/createTranslator';
import { EN_US_TRANSLATOR } from './MessagesContext';

/**
 * What the results' live region says besides the visible count. Screen reader users
 * hear it when a search settles (count, then the filters and text applied), after
 * Load More (how many were added) and when nothing was found.
 */
export interface ResultsAnnouncementInput {
  /** 'Showing {loaded} of {total} partners', or '' when the list is empty. */
  countText: string;
  /** Cards the last Load More added; 0 after a new search. */
  addedCount: number;
  /** Label of the global filter applied, '' when none. */
  globalFilterLabel: string;
  /** Names of the ticked filter items, in the order they were ticked. */
  itemNames: readonly string[];
  /** The search text applied ('' for none). */
  text: string;
  /** The page's messages; default en-US. */
  t?: Translator['t'];
}

export interface ResultsAnnouncement {
  /** Visible count. */
  count: string;
  /** Read before the count, visually hidden. */
  before: string;
  /** Read after the count, visually hidden. */
  after: string;
}

export function describeFilters(
  globalFilterLabel: string,
  itemNames: readonly string[],
  text: string,
  t: Translator['t'] = EN_US_TRANSLATOR.t,
): string {
  const filters = [globalFilterLabel, ...itemNames].filter((name) => name !== '');
  const parts = [
    filters.length > 0
      ? t('appliedFilters', { filters: filters.join(t('listSeparator')) })
      : t('noFilters'),
  ];
  if (text !== '') parts.push(t('appliedText', { text }));
  return parts.join(' ');
}

export function announceResults(input: ResultsAnnouncementInput): ResultsAnnouncement {
  const { countText, addedCount, t = EN_US_TRANSLATOR.t } = input;
  const filters = () => describeFilters(input.globalFilterLabel, input.itemNames, input.text, t);
  if (countText === '') return { count: '', before: t('noneFound'), after: filters() };
  if (addedCount > 0) {
    return { count: countText, before: t('added', { count: addedCount }, addedCount), after: '' };
  }
  return { count: countText, before: '', after: filters() };
}
