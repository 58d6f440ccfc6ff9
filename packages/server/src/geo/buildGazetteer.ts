/**
 * Builds a gazetteer's parts from GeoNames places: cities numbered by population, their
 * names folded to keys, the keys sorted per first letter. About 3 s of CPU for the 193k
 * places of the export, which is why the parts are kept on disk (gazetteerCache.ts).
 */
import { skipsOf } from '../search/TextIndex';
import type { GazetteerParts, LetterParts } from './GazetteerParts';
import { ALTERNATE, MAIN, NAME_SEPARATOR } from './GazetteerParts';
import { placeKey } from './placeKey';
import type { GeoNamesPlace } from './readGeoNames';

/**
 * Alternate names are kept for cities of this many people or more: the well-known ones,
 * whose names visitors type in their own language (`Mailand`, `Londres`). For smaller
 * places they are mostly transliterations, and would add half again to the keys.
 */
export const ALTERNATES_FROM_POPULATION = 15_000;
/**
 * Alternate names kept: those in the scripts of the page's languages (Latin, Arabic, Han,
 * kana), which visitors type and read. Cyrillic, Greek, Hebrew, Thai, Hangul, Devanagari…
 * names would add a third to the gazetteer's memory for no visitor of the page.
 */
const KEPT_SCRIPTS =
  /^[\p{Script=Latin}\p{Script=Arabic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{M}\p{Zs}\p{P}ー]+$/u;

/**
 * An alternate name worth keeping: not a code (`LYS`), a number, an address, an essay, a
 * machine transliteration (GeoNames writes those in lower case: `lyma`, `lybrpwl`), and in
 * Latin letters only one the page's Latin-script languages can spell (Latin-1, œ, ő, ű):
 * `Mailand`, `Genève`, `Köln`, not the romanizations `Kóng-chû-sṳ` or `Ĝengĝoŭo`.
 */
function isKeptAlternate(name: string): boolean {
  return (
    name.length <= 60 &&
    !/\d|http|\//.test(name) &&
    !/^[A-Z]{2,4}$/.test(name) &&
    KEPT_SCRIPTS.test(name) &&
    (!LATIN.test(name) || (/\p{Lu}/u.test(name) && PAGE_LATIN.test(name)))
  );
}

const LATIN = /^[\p{Script=Latin}\p{M}\p{Zs}\p{P}]+$/u;
const PAGE_LATIN = /^[A-Za-zÀ-ÖØ-öø-ÿŒœŐőŰű\p{Zs}\p{P}]+$/u;
const NOT_ASCII = /[^ -~]/;

/** The city's own name, then the alternate names kept, each with a key of its own. */
function namesOf(place: GeoNamesPlace): { names: string[]; keys: string[] } {
  const names: string[] = [];
  const keys: string[] = [];
  const add = (name: string) => {
    const key = placeKey(name);
    // Latin keys of two letters or fewer (`Ly`, `St`) would match every such beginning.
    if (key === '' || (names.length > 0 && key.length < 3 && LATIN.test(name))) return;
    const known = keys.indexOf(key);
    if (known < 0) {
      names.push(name);
      keys.push(key);
    } else if (known > 0 && NOT_ASCII.test(name) && !NOT_ASCII.test(names[known] ?? '')) {
      // Of two spellings of one key, the one with its accents: München, not Munchen.
      names[known] = name;
    }
  };
  add(place.name);
  if (names.length === 0) return { names, keys };
  if (place.population >= ALTERNATES_FROM_POPULATION) {
    for (const alternate of place.alternateNames) {
      if (isKeptAlternate(alternate)) add(alternate);
    }
  }
  return { names, keys };
}

export function buildGazetteer(places: readonly GeoNamesPlace[]): GazetteerParts {
  const sorted = [...places].sort((a, b) => b.population - a.population || a.id - b.id);
  const size = sorted.length;
  const parts = {
    ids: new Int32Array(size),
    latitudes: new Float64Array(size),
    longitudes: new Float64Array(size),
    populations: new Float64Array(size),
    countries: new Uint16Array(size),
    nameStarts: new Int32Array(size + 1),
  };
  const countryIds = new Map<string, number>();
  const postingsByKey = new Map<string, number[]>();
  const texts: string[] = [];
  let bytes = 0;
  sorted.forEach((place, ordinal) => {
    parts.ids[ordinal] = place.id;
    parts.latitudes[ordinal] = place.latitude;
    parts.longitudes[ordinal] = place.longitude;
    parts.populations[ordinal] = place.population;
    let country = countryIds.get(place.country);
    if (country === undefined) {
      country = countryIds.size;
      countryIds.set(place.country, country);
    }
    parts.countries[ordinal] = country;
    const { names, keys } = namesOf(place);
    keys.forEach((key, at) => {
      const posting = ordinal * 8 + (at === 0 ? MAIN : ALTERNATE);
      const postings = postingsByKey.get(key);
      if (postings) postings.push(posting);
      else postingsByKey.set(key, [posting]);
    });
    const text = names.join(NAME_SEPARATOR);
    texts.push(text);
    bytes += Buffer.byteLength(text);
    parts.nameStarts[ordinal + 1] = bytes;
  });
  return {
    ...parts,
    countryCodes: [...countryIds.keys()],
    // A copy of its own size: the buffer Buffer.from gives a long string is larger.
    names: new Uint8Array(Buffer.from(texts.join(''))),
    letters: lettersOf(postingsByKey),
  };
}

function lettersOf(postingsByKey: ReadonlyMap<string, number[]>): LetterParts[] {
  const keysByLetter = new Map<number, string[]>();
  for (const key of postingsByKey.keys()) {
    const letter = key.codePointAt(0) ?? 0;
    const keys = keysByLetter.get(letter);
    if (keys) keys.push(key);
    else keysByLetter.set(letter, [key]);
  }
  return [...keysByLetter].map(([letter, keys]): LetterParts => {
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const offsets = new Int32Array(keys.length + 1);
    keys.forEach((key, at) => {
      offsets[at + 1] = (offsets[at] ?? 0) + (postingsByKey.get(key)?.length ?? 0);
    });
    const postings = new Int32Array(offsets[keys.length] ?? 0);
    // Cities were numbered before their keys were collected: each list is increasing.
    keys.forEach((key, at) => postings.set(postingsByKey.get(key) ?? [], offsets[at] ?? 0));
    return { letter, keys: keys.join('\n'), offsets, postings, ...skipsOf(keys) };
  });
}
