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
): string {
  const filters = [globalFilterLabel, ...itemNames].filter((name) => name !== '');
  const parts = [filters.length > 0 ? `Filters: ${filters.join(', ')}.` : 'No filters.'];
  if (text !== '') parts.push(`Search text: ${text}.`);
  return parts.join(' ');
}

export function announceResults(input: ResultsAnnouncementInput): ResultsAnnouncement {
  const { countText, addedCount } = input;
  if (countText === '') {
    return {
      count: '',
      before: 'No partners found.',
      after: describeFilters(input.globalFilterLabel, input.itemNames, input.text),
    };
  }
  if (addedCount > 0) {
    const added = `${addedCount} more ${addedCount === 1 ? 'partner' : 'partners'} added.`;
    return { count: countText, before: added, after: '' };
  }
  return {
    count: countText,
    before: '',
    after: describeFilters(input.globalFilterLabel, input.itemNames, input.text),
  };
}
