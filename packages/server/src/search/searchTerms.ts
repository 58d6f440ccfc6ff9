/**
 * The one tokenizer of search, for documents and visitors' text alike: runs of letters
 * and digits, lower-cased, diacritics removed ("Société" -> "societe"). Text never
 * becomes query syntax: it is only ever cut into these terms.
 */
export function searchTerms(text: string): string[] {
  // Most texts are plain ASCII: skip Unicode normalization for them (indexing 100k
  // partners tokenizes a few hundred thousand texts).
  if (!NOT_ASCII.test(text)) return text.toLowerCase().match(ASCII_TERM) ?? [];
  // Lower-case first: some upper-case letters lower-case to a letter and a mark.
  const folded = text.toLowerCase().normalize('NFD').replace(MARKS, '');
  return folded.match(TERM) ?? [];
}

const NOT_ASCII = /[\u0080-\uffff]/;
const ASCII_TERM = /[a-z0-9]+/g;
const MARKS = /\p{M}+/gu;
const TERM = /[\p{L}\p{N}]+/gu;
