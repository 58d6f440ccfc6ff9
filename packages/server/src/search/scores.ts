import { EXACT } from './typoBudget';

/**
 * A term's field weight by the best field it occurs in (field mask 0 to 7): title 3,
 * categories 2, summary 1. Better than bm25 for names people type, and it costs one pass
 * over the matches instead of a float sort.
 */
export const WEIGHTS = Uint8Array.from([0, 3, 2, 3, 1, 3, 2, 3]);
/** A partner's value for one term: match quality * 4 + field weight (0: no match). */
export const QUALITY_SHIFT = 2;
/** How many values a term can give a partner: qualities 0 to 3, weights 0 to 3. */
export const VALUES = 16;
/**
 * A partner's rank: the qualities summed, times 64, plus the field weights summed (a
 * text has at most 75 terms: 75 * 3 * 64 + 225 fits 16 bits), plus EXACT_TITLE for a
 * partner whose title is exactly the typed terms. So for each word exact beats prefix
 * beats one typo beats two, then the field decides, then the editorial order.
 */
export const QUALITY_FACTOR = 64;
export const EXACT_TITLE = 32768;
/** A full-quality title match of a term: EXACT * 4 + 3. */
export const EXACT_IN_TITLE = (EXACT << QUALITY_SHIFT) | 3;

/** What one term's value adds to a partner's rank. */
export function termScore(value: number): number {
  return (value >>> QUALITY_SHIFT) * QUALITY_FACTOR + (value & 3);
}
