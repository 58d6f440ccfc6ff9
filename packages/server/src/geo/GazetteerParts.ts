/**
 * A gazetteer as plain data: typed arrays, one buffer of names, and per first letter the
 * sorted keys (joined by newlines) with their postings. This is what is built from the
 * GeoNames export (buildGazetteer.ts), kept on disk between runs (gazetteerCache.ts) and
 * read by `Gazetteer`.
 */
export interface GazetteerParts {
  /** GeoNames ids, by ordinal: cities are numbered by population, most populous first. */
  ids: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Float64Array;
  /** Index into countryCodes. */
  countries: Uint16Array;
  countryCodes: string[];
  /** Every city's names (its own first) in UTF-8, separated by NAME_SEPARATOR. */
  names: Uint8Array;
  /** Where each city's names start in `names` (and, at size, where they end). */
  nameStarts: Int32Array;
  letters: LetterParts[];
}

/** The keys beginning with one letter, sorted, and the postings of each. */
export interface LetterParts {
  letter: number;
  /** The keys joined by newlines (no key holds one). */
  keys: string;
  /** Postings of keys[i]: postings[offsets[i]] up to postings[offsets[i + 1]]. */
  offsets: Int32Array;
  /** ordinal * 8 + MAIN or ALTERNATE, increasing for each key. */
  postings: Int32Array;
  shared: Uint8Array;
  nextShorter: Int32Array;
}

/** A posting's field: the city's own name, or one of its alternate names. */
export const MAIN = 1;
export const ALTERNATE = 4;
export const NAME_SEPARATOR = '\u001f';
