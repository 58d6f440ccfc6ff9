import { matchWord } from './matchWord';
import { forEachWord } from './searchTerms';

/** A matched range of a text: [start, end) in UTF-16 units of the text as sent. */
export type HighlightRange = [start: number, end: number];

const MARKS = /\p{M}+/gu;

const NOT_ASCII = /[^ -~]/;

function fold(text: string): string {
  const lower = text.toLowerCase();
  // Most words are printable ASCII: nothing to decompose.
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

/** Where the first `foldedLength` folded units of a word end in the word as written. */
function writtenLength(word: string, foldedLength: number): number {
  let folded = 0;
  let written = 0;
  for (const letter of word) {
    if (folded >= foldedLength) break;
    folded += fold(letter).length;
    written += letter.length;
  }
  // Marks after the last counted letter belong to it ("é" written as e + U+0301).
  while (written < word.length && /\p{M}/u.test(word[written] ?? '')) written += 1;
  return written;
}

/**
 * The ranges of a text that match the search's terms, by the rules of the index: whole
 * words for exact and typo matches, the matched beginning for a prefix (the last term).
 * Offsets are UTF-16 units into the text as sent, sorted, never overlapping.
 */
export function highlightMatches(
  text: string,
  terms: readonly string[],
  /**
   * Matched folded length by word as written, shared by the texts of one answer: its
   * summaries share most of their words, each folded and matched once.
   */
  seen: Map<string, number> = new Map(),
): HighlightRange[] {
  const ranges: HighlightRange[] = [];
  if (terms.length === 0) return ranges;
  const last = terms.at(-1);
  const distinct = [...new Set(terms)];
  // Words as the tokenizer cuts them: runs of letters, digits and their marks.
  forEachWord(text, (start, end, ascii) => {
    const word = text.slice(start, end);
    let length = seen.get(word);
    if (length === undefined) {
      const folded = ascii ? word.toLowerCase() : fold(word);
      length = 0;
      for (const term of distinct) {
        const match = matchWord(term, folded, term === last);
        if (match && match.length > length) length = match.length;
      }
      seen.set(word, length);
    }
    if (length > 0) {
      ranges.push([start, start + (ascii ? length : writtenLength(word, length))]);
    }
  });
  return ranges;
}
