/**
 * What a search is counted as: its normalized text (the search's folded terms joined by a
 * space, so "Société  Générale" and "societe-generale" count as one), or no text at all
 * when it looks like a contact detail: anything with an @ (an email address; SPEC's text
 * pattern refuses @, this is defence in depth), or 7 digits or more within a short span (a
 * phone number, which SPEC's pattern allows: digits, spaces and hyphens). Such a search is
 * counted as redacted: it adds to the totals, its text is never kept.
 */
import type { CountedSearch } from '../store/StatsStore';

/** Digits that make a phone number... */
export const PHONE_DIGITS = 7;
/** ...when they fall within this many characters of the normalized text. */
export const PHONE_SPAN = 16;

const DIGIT = /\p{Nd}/u;

function isDigit(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit < 128) return unit >= 48 && unit <= 57;
  return DIGIT.test(text.charAt(at));
}

/** Whether 7 digits (of any script) fall within 16 characters of each other. */
export function looksLikePhoneNumber(text: string): boolean {
  const digits: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    if (!isDigit(text, at)) continue;
    digits.push(at);
    const first = digits[digits.length - PHONE_DIGITS];
    if (first !== undefined && at - first < PHONE_SPAN) return true;
  }
  return false;
}

/**
 * The text a search is counted under: its terms joined by a space, or null (redacted)
 * when the text as typed holds an @ or the terms look like a phone number.
 */
export function countedText(typed: string, terms: readonly string[]): string | null {
  if (typed.includes('@')) return null;
  const text = terms.join(' ');
  return looksLikePhoneNumber(text) ? null : text;
}

export interface SearchToCount {
  locale: string;
  /** The text as typed. */
  typed: string;
  /** Its folded terms (search/searchTerms). */
  terms: readonly string[];
  globalFilter: string;
  /** The items applied, in any order. */
  itemIds: readonly number[];
}

/** A search as it is counted, with the key its counts are kept under in memory. */
export function countedSearch(search: SearchToCount): CountedSearch {
  const text = countedText(search.typed, search.terms);
  const itemIds = [...search.itemIds].sort((a, b) => a - b);
  return {
    locale: search.locale,
    text,
    globalFilter: search.globalFilter,
    itemIds,
    key: searchKey(search.locale, text, search.globalFilter, itemIds),
  };
}

/** One string for a counted search (a redacted text cannot be mistaken for a text). */
export function searchKey(
  locale: string,
  text: string | null,
  globalFilter: string,
  itemIds: readonly number[],
): string {
  return [locale, text === null ? '\u0001' : `=${text}`, globalFilter, itemIds.join(',')].join(
    '\u0000',
  );
}
