import { plainSearchTerms } from '../search/searchTerms';

const ASCII = /^[ -~]*$/;
const NOT_ASCII_WORD = /[^a-z0-9]+/g;

/**
 * A place name as the gazetteer compares it: the search's words (letters and digits,
 * lower-cased, diacritics removed) joined by single spaces, so `Saint-Étienne`,
 * `saint etienne` and `SAINT ÉTIENNE` are one key, and a typed `saint e` is its prefix.
 * The plain tokenizer, not the cached one (whose 100k words only churn on the 700k names
 * of a gazetteer), with a shortcut for ASCII names; a property test holds the two equal.
 */
export function placeKey(name: string): string {
  if (ASCII.test(name)) return name.toLowerCase().replace(NOT_ASCII_WORD, ' ').trim();
  return plainSearchTerms(name).join(' ');
}

/**
 * A city's key among a site's locations (PartnerLocations.partnersByCity): its country and
 * its folded name, so the places call finds a partner's "Genève" under Geneva's names.
 */
export function cityKeyOf(city: string, country: string): string {
  return `${country}\u0000${placeKey(city)}`;
}
