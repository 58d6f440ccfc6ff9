import type { Partner } from '@partners-network/contract';
import type { MatchedWords, TermPositions } from '../search/MatchedWords';
import type { TextIndex } from '../search/TextIndex';
import { forEachWord } from '../search/searchTerms';
import { ProcessMemo } from '../cache/ProcessMemo';
import type { CardHighlights } from '../store/answerJson';

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
 * A text cut into its words: for each word its start and end in the text as written (the
 * end flagged for an ASCII word: nothing to fold but case) and the id of the word folded as
 * the index holds its terms. Highlights mark the same cards' titles and summaries in answer
 * after answer, so a text is cut and folded once, not once per answer: cutting, and a map
 * of each answer's words, were most of the time and garbage of highlights. 16 bits a field
 * for texts of cards (3 KB for a hundred words); a longer text cut in 32.
 */
type CutText = Uint16Array | Int32Array;

const ASCII_16 = 0x8000;
const ASCII_32 = 0x40000000;
/** Words of a text the scratch below holds without growing: a card's summary has a few dozen. */
const SCRATCH_WORDS = 256;

/**
 * Cut texts by text, in two generations: the recent ones, and those of before (a text cut
 * again moves back to the recent ones); when the recent ones are full they become the
 * older ones. So the cards shown lately keep theirs: the recent ones alone hold a title and
 * a summary for each of the 2000 cards an answer's caches keep (AnswerCaches), at most
 * 2 x 4096 texts (about 2 MB). With 1024, searches near a city (which show other partners
 * for every place) cut most of their cards again: at 1k partners a near search with text
 * took 0.078 ms at the median against 0.061 with 4096; the bench's first-ask pass at 10k
 * cut 3,623 of its 12,400 texts again against 2,375 (cards never shown before). The folded
 * words of their ids (ids by word) stay until they fill up (a few thousand for a
 * directory): then everything is dropped together, and text of any kind cannot grow them
 * without end.
 */
let recentCuts = new Map<string, CutText>();
let olderCuts = new Map<string, CutText>();
const CUTS_PER_GENERATION = 4096;
const wordIds = new Map<string, number>();
const foldedWords: string[] = [];
const WORDS_MAX = 1 << 16;
/** Cut texts (both generations: the recent one's lookups count, a move back counts a hit). */
const cutsMemo = new ProcessMemo(
  'memo-cut-texts',
  2 * CUTS_PER_GENERATION,
  () => recentCuts.size + olderCuts.size,
);

/**
 * The matched length of each word id, valid where its stamp is the answer's: an answer's
 * texts share most of their words, each looked up once, with no map made per answer.
 */
let matchedLengths = new Int32Array(1024);
let stamps = new Int32Array(1024);
let lastStamp = 0;

function newStamp(): number {
  if (lastStamp === 0x7fffffff) {
    stamps.fill(0);
    lastStamp = 0;
  }
  lastStamp += 1;
  return lastStamp;
}

/**
 * Where each word id is among a text index's terms, looked up once: the same cards' words
 * come back answer after answer, and each was a binary search of string comparisons over
 * every term of the locale (bench/README.md, first-ask7). By id, position + 2 (0: not
 * looked up yet, 1: not a term); dropped with the ids. The text index of the last lookup is
 * held apart: a site's searches in a locale ask one.
 */
class WordPositions implements TermPositions {
  /** The id of the word being looked up (set before `MatchedWords.lengthOf`). */
  id = 0;
  #byText = new WeakMap<TextIndex, Int32Array>();
  #lastText: TextIndex | undefined;
  #last: Int32Array = new Int32Array(0);

  indexOf(text: TextIndex, word: string): number {
    let known = text === this.#lastText ? this.#last : this.#byText.get(text);
    if (!known || known.length <= this.id) {
      const grown = new Int32Array(Math.max(stamps.length, this.id + 1));
      if (known) grown.set(known);
      known = grown;
      this.#byText.set(text, known);
    }
    this.#lastText = text;
    this.#last = known;
    const kept = known[this.id] ?? 0;
    if (kept !== 0) return kept - 2;
    const at = text.indexOf(word);
    known[this.id] = at + 2;
    return at;
  }

  clear(): void {
    this.#byText = new WeakMap();
    this.#lastText = undefined;
    this.#last = new Int32Array(0);
  }
}

const wordPositions = new WordPositions();

function wordId(word: string): number {
  let id = wordIds.get(word);
  if (id === undefined) {
    id = foldedWords.length;
    wordIds.set(word, id);
    foldedWords.push(word);
    if (id >= stamps.length) {
      const grownStamps = new Int32Array(stamps.length * 2);
      const grownLengths = new Int32Array(stamps.length * 2);
      grownStamps.set(stamps);
      grownLengths.set(matchedLengths);
      stamps = grownStamps;
      matchedLengths = grownLengths;
    }
  }
  return id;
}

/**
 * Start, flagged end and word id of each word of the text being cut, copied out at their
 * count. Typed and grown, never emptied: an array's `length = 0` let its storage go, and
 * pushes grew it again, several times, for every text cut (garbage of each fresh answer).
 * Scratch grown by a long text (hostile data) is let go after it.
 */
let cutScratch = new Int32Array(SCRATCH_WORDS * 3);

function cutText(text: string): CutText {
  const recent = recentCuts.get(text);
  if (recent !== undefined) {
    cutsMemo.hits += 1;
    return recent;
  }
  const older = olderCuts.get(text);
  if (older !== undefined) {
    cutsMemo.hits += 1;
    keepCut(text, older);
    return older;
  }
  cutsMemo.misses += 1;
  if (wordIds.size >= WORDS_MAX) {
    cutsMemo.clears += 1;
    // Ids go with the texts that hold them, and no memo may answer for an id given again.
    recentCuts.clear();
    olderCuts.clear();
    wordIds.clear();
    foldedWords.length = 0;
    wordPositions.clear();
    stamps.fill(0);
  }
  const short = text.length < ASCII_16;
  const ascii = short ? ASCII_16 : ASCII_32;
  let length = 0;
  // Words as the tokenizer cuts them: runs of letters, digits and their marks.
  forEachWord(text, (start, end, isAscii) => {
    const word = text.slice(start, end);
    const id = wordId(isAscii ? word.toLowerCase() : fold(word));
    if (length + 3 > cutScratch.length) {
      const grown = new Int32Array(cutScratch.length * 2);
      grown.set(cutScratch);
      cutScratch = grown;
    }
    cutScratch[length] = start;
    cutScratch[length + 1] = isAscii ? end | ascii : end;
    cutScratch[length + 2] = id;
    length += 3;
  });
  const words = cutScratch.subarray(0, length);
  // A text of more words than ids fit in 16 bits is cut again each time: hostile data.
  const cut = !short || wordIds.size > WORDS_MAX ? words.slice() : new Uint16Array(words);
  if (cutScratch.length > SCRATCH_WORDS * 3) cutScratch = new Int32Array(SCRATCH_WORDS * 3);
  if (cut instanceof Uint16Array) keepCut(text, cut);
  return cut;
}

function keepCut(text: string, cut: CutText): void {
  if (recentCuts.size >= CUTS_PER_GENERATION) {
    cutsMemo.clears += 1;
    olderCuts = recentCuts;
    recentCuts = new Map();
  }
  recentCuts.set(text, cut);
}

/**
 * The ranges of the text being marked, copied out at their count: an answer keeps its
 * ranges (its cards stay in the answers' cache), and an array grown by pushes holds room
 * for 16 or more (259 bytes with one range, Node 20) where a copy of its length holds its
 * ranges (125 bytes): a fresh answer's highlights promoted that much more to the old
 * generation, text after text.
 */
const rangeScratch: HighlightRange[] = [];

/**
 * The ranges of a text that hold words the search matched (`words`, from what its terms
 * expanded to in the index): whole words for exact and typo matches, the matched
 * beginning for a prefix (the last term). Offsets are UTF-16 units into the text as sent,
 * sorted, never overlapping.
 */
export function highlightMatches(
  text: string,
  words: MatchedWords,
  /** The answer's stamp, shared by its texts (the same `words`): each word looked up once. */
  stamp = newStamp(),
): HighlightRange[] {
  let count = 0;
  const cut = cutText(text);
  const ascii = cut.BYTES_PER_ELEMENT === 2 ? ASCII_16 : ASCII_32;
  for (let at = 0; at < cut.length; at += 3) {
    const id = cut[at + 2] ?? 0;
    let length: number;
    if (stamps[id] === stamp) length = matchedLengths[id] ?? 0;
    else {
      wordPositions.id = id;
      length = words.lengthOf(foldedWords[id] ?? '', wordPositions);
      matchedLengths[id] = length;
      stamps[id] = stamp;
    }
    if (length === 0) continue;
    const start = cut[at] ?? 0;
    const flagged = cut[at + 1] ?? 0;
    const end = flagged & ~ascii;
    rangeScratch[count] = [
      start,
      start + (flagged & ascii ? length : writtenLength(text.slice(start, end), length)),
    ];
    count += 1;
  }
  const ranges = rangeScratch.slice(0, count);
  // Scratch grown by a text of many matches (hostile data) is let go after it.
  if (count > SCRATCH_WORDS) rangeScratch.length = 0;
  return ranges;
}

/** The matched words of each card's title and summary, by the cards' positions. */
export function highlightsOf(
  cards: readonly Pick<Partner, 'title' | 'summary'>[],
  words: MatchedWords,
): CardHighlights[] {
  const stamp = newStamp();
  const marked: CardHighlights[] = [];
  for (const card of cards) {
    marked.push({
      title: highlightMatches(card.title, words, stamp),
      summary: highlightMatches(card.summary, words, stamp),
    });
  }
  return marked;
}

/**
 * Marks the matched words of each partner's title and summary: the answer's own copies of
 * its cards (never the kept cards, which every answer shares).
 */
export function markHighlights(partners: readonly Partner[], words: MatchedWords): void {
  const marked = highlightsOf(partners, words);
  partners.forEach((partner, at) => {
    partner.highlights = marked[at];
  });
}
