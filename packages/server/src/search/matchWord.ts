import { EXACT, PREFIX, typoBudget, typoQuality } from './typoBudget';

export interface WordMatch {
  /** EXACT, PREFIX, ONE_TYPO or TWO_TYPOS. */
  quality: number;
  /** How many UTF-16 units of the word matched: all of it, or the prefix that did. */
  length: number;
}

/**
 * Whether one folded word of a text matches one folded term of the search, by the rules
 * of the index (TextIndex.expand): the same term, a word it begins (last term only), or
 * within the term's typo budget by optimal string alignment distance (insert, delete,
 * replace, swap of neighbours), where the last term may match a beginning of the word.
 * Used for highlights, on the few partners of one page.
 */
export function matchWord(term: string, word: string, prefix: boolean): WordMatch | null {
  if (word === term) return { quality: EXACT, length: word.length };
  if (prefix && word.startsWith(term)) return { quality: PREFIX, length: term.length };
  const budget = typoBudget(term);
  if (budget === 0) return null;
  const m = term.length;
  // Lengths further apart than the budget cannot be within it.
  if (word.length < m - budget || (!prefix && word.length > m + budget)) return null;
  // Only beginnings of up to m + budget units can be within the budget.
  const rows = Math.min(word.length, m + budget);
  if (!prefix && word.length > rows) return null;
  const width = m + 1;
  const cells = scratch((rows + 1) * width);
  for (let j = 0; j <= m; j += 1) cells[j] = j;
  let best = prefix ? m : Number.MAX_SAFE_INTEGER;
  let bestLength = 0;
  for (let i = 1; i <= rows; i += 1) {
    const row = i * width;
    cells[row] = i;
    let rowMin = i;
    const letter = word.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const cost = letter === term.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (cells[row - width + j] ?? 0) + 1,
        (cells[row + j - 1] ?? 0) + 1,
        (cells[row - width + j - 1] ?? 0) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        letter === term.charCodeAt(j - 2) &&
        word.charCodeAt(i - 2) === term.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (cells[row - 2 * width + j - 2] ?? 0) + 1);
      }
      cells[row + j] = value;
      if (value < rowMin) rowMin = value;
    }
    // A row all over the budget ends the search: no longer beginning comes back within
    // it (a cell is at least the smallest of the row above, or of the row before that
    // plus one), as TextIndex.expand prunes. Most words of a text stop here.
    if (rowMin > budget)
      return prefix && best <= budget && best > 0 ? found(best, bestLength) : null;
    // A prefix match keeps the longest beginning at the smallest distance.
    if (prefix && (cells[row + m] ?? 0) <= best) {
      best = cells[row + m] ?? 0;
      bestLength = i;
    }
  }
  if (!prefix) {
    best = cells[rows * width + m] ?? 0;
    bestLength = word.length;
  }
  return best <= budget && best > 0 ? found(best, bestLength) : null;
}

function found(distance: number, length: number): WordMatch {
  return { quality: typoQuality(distance), length };
}

/** The distance rows of one call, reused: highlights match hundreds of words per answer. */
let cellsScratch = new Int32Array(256);

function scratch(cells: number): Int32Array {
  if (cellsScratch.length < cells) cellsScratch = new Int32Array(cells * 2);
  return cellsScratch;
}
