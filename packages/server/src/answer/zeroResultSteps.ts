import type { ZeroResultStep } from '@partners-network/contract';
import type { Bitset } from '../search/Bitset';
import type { SearchIndex } from '../search/SearchIndex';
import { searchTerms } from '../search/searchTerms';
import type { ResolvedSearch } from './resolveSearch';

/** Words of the text as written: "without this word" removes one of them. */
const WRITTEN_WORD = /[^\s]+/g;

/**
 * The ways out of an empty answer, each one step back and how many partners it finds:
 * without one ticked item (in the order they were ticked), without the text, and, for a
 * text of several words, without one of its words.
 */
export function zeroResultSteps(
  index: SearchIndex,
  search: ResolvedSearch,
  text: Bitset | null,
  matchText: (terms: readonly string[]) => Bitset | null,
): ZeroResultStep[] {
  const groups = search.ticked.map((group) => group.itemIds);
  const ticked = groups.flat();
  const steps: ZeroResultStep[] = [];
  for (const itemId of ticked) {
    const without = groups
      .map((group) => group.filter((id) => id !== itemId))
      .filter((group) => group.length > 0);
    const found = index.filtered(search.filter.id, without);
    steps.push({
      remove: { filterItemId: itemId },
      text: search.text,
      filterItemIds: ticked.filter((id) => id !== itemId),
      totalFound: text ? found.andCount(text) : found.count(),
    });
  }
  if (!text) return steps;
  const filtered = index.filtered(search.filter.id, groups);
  steps.push({
    remove: { text: search.text },
    text: '',
    filterItemIds: ticked,
    totalFound: filtered.count(),
  });
  const words = [...new Set(search.text.match(WRITTEN_WORD) ?? [])];
  if (words.length < 2) return steps;
  for (const word of words) {
    const rest = search.text
      .split(/\s+/)
      .filter((written) => written !== '' && written !== word)
      .join(' ');
    const match = matchText(searchTerms(rest));
    steps.push({
      remove: { word },
      text: rest,
      filterItemIds: ticked,
      totalFound: match ? filtered.andCount(match) : filtered.count(),
    });
  }
  return steps;
}
