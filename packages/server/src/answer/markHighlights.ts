import type { Partner } from '@partners-network/contract';
import type { MatchedWords } from '../search/MatchedWords';
import { forEachWord } from '../search/searchTerms';

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
 * The ranges of a text that hold words the search matched (`words`, from what its terms
 * expanded to in the index): whole words for exact and typo matches, the matched
 * beginning for a prefix (the last term). Offsets are UTF-16 units into the text as sent,
 * sorted, never overlapping.
 */
export function highlightMatches(
  text: string,
  words: MatchedWords,
  /**
   * Matched folded length by word as written, shared by the texts of one answer: its
   * summaries share most of their words, each folded and looked up once.
   */
  seen: Map<string, number> = new Map(),
): HighlightRange[] {
  const ranges: HighlightRange[] = [];
  // Words as the tokenizer cuts them: runs of letters, digits and their marks.
  forEachWord(text, (start, end, ascii) => {
    const word = text.slice(start, end);
    let length = seen.get(word);
    if (length === undefined) {
      length = words.lengthOf(ascii ? word.toLowerCase() : fold(word));
      seen.set(word, length);
    }
    if (length > 0) {
      ranges.push([start, start + (ascii ? length : writtenLength(word, length))]);
    }
  });
  return ranges;
}

/**
 * The page's partners with the matched words of their titles and summaries marked; as
 * they are without text (nothing matched). New objects: kept cards stay as they are.
 */
export function markHighlights(
  partners: readonly Partner[],
  words: MatchedWords | null,
): Partner[] {
  if (!words) return [...partners];
  const seen = new Map<string, number>();
  return partners.map((partner) => ({
    ...partner,
    highlights: {
      title: highlightMatches(partner.title, words, seen),
      summary: highlightMatches(partner.summary, words, seen),
    },
  }));
}
