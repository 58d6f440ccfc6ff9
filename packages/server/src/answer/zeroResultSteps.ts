import type { ZeroResultStep } from '@partners-network/contract';
import type { Bitset } from '../search/Bitset';
import type { SearchIndex } from '../search/SearchIndex';
import { searchTerms } from '../search/searchTerms';
import type { ResolvedSearch } from './resolveSearch';

/** A search near a point, for its steps back: the partners inside its radius, and wider radii. */
export interface SearchPlace {
  region: Bitset | null;
  /** The first wider radius that finds partners among `matching`, and how many. */
  widen?: (matching: Bitset) => { radiusKm: number; totalFound: number } | undefined;
}

/** Words of the text as written: "without this word" removes one of them. */
const WRITTEN_WORD = /[^\s]+/g;

/**
 * The ways out of an empty answer, each one step back and how many partners it finds:
 * without one ticked item (in the order they were ticked), without the text, and, for a
 * text of several words, without one of its words; each inside the search's radius. Near a
 * point with a radius, the first wider radius that finds partners is one more.
 */
export function zeroResultSteps(
  index: SearchIndex,
  search: ResolvedSearch,
  text: Bitset | null,
  matchText: (terms: readonly string[]) => Bitset | null,
  place: SearchPlace = { region: null },
): ZeroResultStep[] {
  const groups = search.ticked.map((group) => group.itemIds);
  const ticked = groups.flat();
  const steps: ZeroResultStep[] = [];
  /** How many of a set the radius and a text (when given) let through. */
  const countOf = (set: Bitset, match: Bitset | null) => {
    const scoped = place.region ? set.and(place.region) : set;
    return match ? scoped.andCount(match) : scoped.count();
  };
  for (const itemId of ticked) {
    const without = groups
      .map((group) => group.filter((id) => id !== itemId))
      .filter((group) => group.length > 0);
    steps.push({
      remove: { filterItemId: itemId },
      text: search.text,
      filterItemIds: ticked.filter((id) => id !== itemId),
      totalFound: countOf(index.filtered(search.filter.id, without), text),
    });
  }
  const filtered = index.filtered(search.filter.id, groups);
  const wider = place.widen?.(text ? filtered.and(text) : filtered);
  if (wider && search.radiusKm !== undefined) {
    steps.push({
      remove: { radiusKm: search.radiusKm },
      text: search.text,
      filterItemIds: ticked,
      radiusKm: wider.radiusKm,
      totalFound: wider.totalFound,
    });
  }
  if (!text) return steps;
  steps.push({
    remove: { text: search.text },
    text: '',
    filterItemIds: ticked,
    totalFound: countOf(filtered, null),
  });
  const words = [...new Set(search.text.match(WRITTEN_WORD) ?? [])];
  if (words.length < 2) return steps;
  for (const word of words) {
    const rest = search.text
      .split(/\s+/)
      .filter((written) => written !== '' && written !== word)
      .join(' ');
    steps.push({
      remove: { word },
      text: rest,
      filterItemIds: ticked,
      totalFound: countOf(filtered, matchText(searchTerms(rest))),
    });
  }
  return steps;
}
