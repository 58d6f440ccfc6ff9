import { CacheKind } from '../cache/KeptCache';
import type { Bitset } from './Bitset';
import type { ExpandedTerm } from './MatchedWords';

/** What a search term matches in one locale: its partners, and the words it expanded to. */
export interface TermSet {
  set: Bitset;
  expanded: ExpandedTerm;
}

/**
 * Recent terms' partner sets per locale, so the counts and highlights of an answer reuse
 * its search (the steps out of zero results look up each word alone too).
 */
export function termSetsKind(): CacheKind<TermSet> {
  return new CacheKind<TermSet>({ name: 'term-sets', maxEntries: 256 });
}
