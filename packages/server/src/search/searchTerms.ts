import { ProcessMemo } from '../cache/ProcessMemo';

/**
 * The one tokenizer of search, for documents and visitors' text alike: runs of letters
 * and digits, lower-cased, diacritics removed ("Société" -> "societe"). Text never
 * becomes query syntax: it is only ever cut into these terms.
 *
 * Indexing 100k partners in 3 locales cuts a million texts; normalizing each whole text
 * and matching it with Unicode expressions took a third of a site's build. So the text
 * is scanned once by character class (ASCII by table, other characters by a cached
 * test), and each distinct word is folded once (documents repeat their words).
 * `plainSearchTerms` is the obvious version it must equal (a property test checks).
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  forEachWord(text, (start, end, ascii) => {
    const word = text.slice(start, end);
    if (ascii) terms.push(word.toLowerCase());
    else for (const term of foldWord(word)) terms.push(term);
  });
  return terms;
}

/**
 * Calls `visit` with each word of a text as written: a run of letters, digits and marks,
 * from `start` up to `end` in UTF-16 units, `ascii` when it is all ASCII (nothing to
 * fold but case). The tokenizer's scan, shared with highlights (their offsets are into
 * the text as written).
 */
export function forEachWord(
  text: string,
  visit: (start: number, end: number, ascii: boolean) => void,
): void {
  let start = -1;
  let ascii = true;
  for (let at = 0; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit < 128) {
      if (ASCII_WORD[unit] === 1) {
        if (start < 0) {
          start = at;
          ascii = true;
        }
      } else if (start >= 0) {
        visit(start, at, ascii);
        start = -1;
      }
      continue;
    }
    // A character outside the Basic Multilingual Plane is two units.
    const point = text.codePointAt(at) ?? unit;
    const width = point > 0xffff ? 2 : 1;
    if (isWordCharacter(point)) {
      if (start < 0) start = at;
      ascii = false;
    } else if (start >= 0) {
      visit(start, at, ascii);
      start = -1;
    }
    at += width - 1;
  }
  if (start >= 0) visit(start, text.length, ascii);
}

/** The obvious tokenizer: fold the whole text, then take its runs of letters and digits. */
export function plainSearchTerms(text: string): string[] {
  // Lower-case first: some upper-case letters lower-case to a letter and a mark.
  const folded = text.toLowerCase().normalize('NFD').replace(MARKS, '');
  return folded.match(TERM) ?? [];
}

const MARKS = /\p{M}+/gu;
const TERM = /[\p{L}\p{N}]+/gu;
/** Letters, digits and marks: a mark belongs to its letter until folding removes it. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;

const ASCII_WORD = new Uint8Array(128);
for (let unit = 0; unit < 128; unit += 1) {
  ASCII_WORD[unit] = /[A-Za-z0-9]/.test(String.fromCharCode(unit)) ? 1 : 0;
}

/** By code point (non-ASCII only); a directory uses a few hundred distinct characters. */
const wordCharacters = new Map<number, boolean>();
const WORD_CHARACTERS_MAX = 65_536;
const wordCharactersMemo = new ProcessMemo(
  'memo-word-characters',
  WORD_CHARACTERS_MAX,
  () => wordCharacters.size,
);

function isWordCharacter(point: number): boolean {
  let known = wordCharacters.get(point);
  if (known === undefined) {
    wordCharactersMemo.misses += 1;
    known = WORD_CHARACTER.test(String.fromCodePoint(point));
    // Bounded: text of any length cannot grow it without end.
    if (wordCharacters.size >= WORD_CHARACTERS_MAX) {
      wordCharacters.clear();
      wordCharactersMemo.clears += 1;
    }
    wordCharacters.set(point, known);
  } else wordCharactersMemo.hits += 1;
  return known;
}

/** Folded terms by word as written (usually one term: a word folds to one run). */
const foldedWords = new Map<string, readonly string[]>();
const FOLDED_WORDS_MAX = 100_000;
const FOLDED_WORD_MAX_LENGTH = 64;
const foldedWordsMemo = new ProcessMemo(
  'memo-folded-words',
  FOLDED_WORDS_MAX,
  () => foldedWords.size,
);

function foldWord(word: string): readonly string[] {
  let terms = foldedWords.get(word);
  if (terms === undefined) {
    foldedWordsMemo.misses += 1;
    terms = plainSearchTerms(word);
    // Words are short; a long run (hostile data) is folded every time rather than kept.
    if (word.length <= FOLDED_WORD_MAX_LENGTH) {
      if (foldedWords.size >= FOLDED_WORDS_MAX) {
        foldedWords.clear();
        foldedWordsMemo.clears += 1;
      }
      foldedWords.set(word, terms);
    }
  } else foldedWordsMemo.hits += 1;
  return terms;
}
