import type { Translator } from '../core/i18n/createTranslator';

/**
 * What the results' live region says besides the visible count. Screen reader users
 * hear it when a search settles (count, then the filters and text applied), after
 * Load More (how many were added) and when nothing was found.
 */
export interface ResultsAnnouncementFacts {
  /** Cards shown; 0 when the list is empty. */
  loaded: number;
  /** totalFound of the answer. */
  total: number;
  /** Cards the last Load More added; 0 after a new search. */
  addedCount: number;
  /** Label of the global filter applied, '' when none. */
  globalFilterLabel: string;
  /** Names of the ticked filter items, in the order they were ticked. */
  itemNames: readonly string[];
  /** The search text applied ('' for none). */
  text: string;
}

/** What the results' count says: ResultsCount's props. */
export interface ResultsAnnouncement {
  /** Visible count. */
  text: string;
  /** Read before the count, visually hidden. */
  before: string;
  /** Read after the count, visually hidden. */
  after: string;
}

export function describeFilters(
  globalFilterLabel: string,
  itemNames: readonly string[],
  text: string,
  t: Translator['t'],
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

/**
 * The words for the facts of a settled answer in the page's language (`t`): the count with
 * the language's plural form by total, announcements likewise.
 */
export function announceResults(
  facts: ResultsAnnouncementFacts,
  t: Translator['t'],
): ResultsAnnouncement {
  const { loaded, total, addedCount } = facts;
  const filters = () => describeFilters(facts.globalFilterLabel, facts.itemNames, facts.text, t);
  if (loaded === 0) return { text: '', before: t('noneFound'), after: filters() };
  const text = t('count', { loaded, total }, total);
  if (addedCount > 0) {
    return { text, before: t('added', { count: addedCount }, addedCount), after: '' };
  }
  return { text, before: '', after: filters() };
}
