import type { TermRun, TextIndex } from './TextIndex';
import { WHOLE_TERM } from './TextIndex';

/** One text index and the runs of its terms that one search term expanded to. */
export interface ExpandedTerm {
  text: TextIndex;
  runs: readonly TermRun[];
}

/**
 * The words of the index a search matched, as its terms expanded to them (TextIndex.expand):
 * what highlights mark, with no second distance computation (Meilisearch's "matching
 * words"). A LayeredIndex's search matched words in both of its layers' text indexes.
 */
export class MatchedWords {
  readonly #expanded: readonly ExpandedTerm[];
  /**
   * The runs by text index: a search's terms (and most layers) share one index, so a word
   * of a card is looked up in it once, not once per term (highlights look up every word
   * of the ten cards shown).
   */
  readonly #byText: readonly { text: TextIndex; runLists: (readonly TermRun[])[] }[];

  constructor(expanded: readonly ExpandedTerm[]) {
    this.#expanded = expanded;
    const byText = new Map<TextIndex, (readonly TermRun[])[]>();
    for (const { text, runs } of expanded) {
      if (runs.length === 0) continue;
      const known = byText.get(text);
      if (known) known.push(runs);
      else byText.set(text, [runs]);
    }
    this.#byText = Array.from(byText, ([text, runLists]) => ({ text, runLists }));
  }

  /** Both searches' words: the layers of a LayeredIndex. */
  static union(a: MatchedWords, b: MatchedWords): MatchedWords {
    return new MatchedWords([...a.#expanded, ...b.#expanded]);
  }

  /**
   * How many units of a folded word (as searchTerms folds it) the search matched: all of
   * it, the beginning a prefix matched, or 0 when it matched nothing.
   */
  lengthOf(word: string, positions: TermPositions = SEARCHED): number {
    let longest = 0;
    for (const { text, runLists } of this.#byText) {
      const at = positions.indexOf(text, word);
      if (at < 0) continue;
      for (const runs of runLists) {
        const run = runContaining(runs, at);
        if (run) {
          longest = Math.max(longest, run.matched === WHOLE_TERM ? word.length : run.matched);
        }
      }
    }
    return longest;
  }
}

/**
 * Where a word is among a text index's terms (-1: not there): `TextIndex.indexOf`, or what
 * a caller that asks for the same words answer after answer remembered of it.
 */
export interface TermPositions {
  indexOf(text: TextIndex, word: string): number;
}

const SEARCHED: TermPositions = { indexOf: (text, word) => text.indexOf(word) };

/** The run holding term `at`: runs are in term order and never overlap. */
function runContaining(runs: readonly TermRun[], at: number): TermRun | undefined {
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const run = runs[middle];
    if (!run || run.end <= at) low = middle + 1;
    else high = middle;
  }
  const run = runs[low];
  return run && run.first <= at ? run : undefined;
}
