import { TextIndex, WHOLE_TERM } from '../TextIndex';

export interface WordMatch {
  /** EXACT, PREFIX, ONE_TYPO or TWO_TYPOS. */
  quality: number;
  /** How many UTF-16 units of the word matched: all of it, or the beginning that did. */
  length: number;
}

/**
 * How a search term matches one word by the index's own rules: the run TextIndex.expand
 * gives for an index of that one word (what highlights mark), or null.
 */
export function expandedMatch(term: string, word: string, prefix: boolean): WordMatch | null {
  const text = new TextIndex([word], Int32Array.of(0, 1), Int32Array.of(0));
  const [run] = text.expand(term, prefix);
  if (!run) return null;
  return { quality: run.quality, length: run.matched === WHOLE_TERM ? word.length : run.matched };
}
