/**
 * The places suggestions as they were before the typo walk passed keys by their letters and
 * partners were counted per site (2026-11-27, main b067c78): the plain TextIndex walk over
 * every key of the letter, a one-term index per name for the name shown, every name of a
 * city folded to count its partners. Kept only to hold the new code's answers equal to it.
 */
import type { Place } from '@partners-network/contract';
import { EXACT, PREFIX } from '../../search/typoBudget';
import type { TermRun } from '../../search/TextIndex';
import { TextIndex, WHOLE_TERM, lowerBound } from '../../search/TextIndex';
import { placeKey, cityKeyOf } from '../placeKey';
import type { GazetteerParts } from '../GazetteerParts';
import { MAIN, NAME_SEPARATOR } from '../GazetteerParts';
import { languageTag } from '../suggestPlaces';

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

function scriptOf(locale: string): RegExp | undefined {
  const language = locale.slice(0, 2).toLowerCase();
  if (language === 'ar') return ARABIC;
  if (language === 'ja') return KANA;
  if (language === 'zh') return HAN;
  return undefined;
}

function tierOf(quality: number): number {
  return Math.min(quality, PREFIX);
}

function matchTier(typed: string, name: string): number {
  const runs = new TextIndex([name], Int32Array.of(0, 1), Int32Array.of(0)).expand(typed, true);
  return runs.reduce((best, run) => Math.max(best, tierOf(run.quality)), -1);
}

const SUGGESTIONS_KEPT = 16;
const meansAlternateName = (typed: string) => typed.length >= 4;
const mainBonus = (typed: string) => (meansAlternateName(typed) ? 0.5 : 2);
const EXACT_BONUS = 1;

export class ReferenceGazetteer {
  readonly #parts: GazetteerParts;
  readonly #names: Buffer;
  readonly #byFirstLetter: ReadonlyMap<number, TextIndex>;
  readonly #weights: Float32Array;
  readonly #byLetterAlone = new Map<number, number[]>();

  constructor(parts: GazetteerParts) {
    this.#parts = parts;
    this.#weights = Float32Array.from(parts.populations, (people) => Math.log10(people + 1));
    this.#names = Buffer.from(parts.names.buffer, parts.names.byteOffset, parts.names.byteLength);
    this.#byFirstLetter = new Map(
      parts.letters.map((letter) => [
        letter.letter,
        new TextIndex(letter.keys.split('\n'), letter.offsets, letter.postings, letter),
      ]),
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

  names(ordinal: number): string[] {
    const start = this.#parts.nameStarts[ordinal] ?? 0;
    const end = this.#parts.nameStarts[ordinal + 1] ?? start;
    return this.#names.toString('utf8', start, end).split(NAME_SEPARATOR);
  }

  countryOf(ordinal: number): string {
    return this.#parts.countryCodes[this.#parts.countries[ordinal] ?? 0] ?? '';
  }

  suggest(text: string, limit: number): number[] {
    const key = placeKey(text);
    const letter = key.codePointAt(0) ?? -1;
    const index = this.#byFirstLetter.get(letter);
    if (!index || limit <= 0) return [];
    const wanted = limit * 2;
    const alone = key.length === String.fromCodePoint(letter).length;
    const bonus = mainBonus(key);
    let found =
      alone && wanted <= SUGGESTIONS_KEPT
        ? (this.#byLetterAlone.get(letter) ?? [])
        : this.#best(index, this.#withoutTypos(index, key), wanted, bonus);
    if (found.length < wanted && !HAN.test(key) && !KANA.test(key)) {
      found = this.#best(index, index.expand(key, true), wanted, bonus);
    }
    const seen = new Set<string>();
    const answer: number[] = [];
    for (const ordinal of found) {
      const city = `${this.countryOf(ordinal)}\u0000${placeKey(this.names(ordinal)[0] ?? '')}`;
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

  #best(index: TextIndex, runs: readonly TermRun[], wanted: number, bonusOfMain: number): number[] {
    const chosen = new Set<number>();
    const answer: number[] = [];
    const tiers = [...new Set(runs.map((run) => tierOf(run.quality)))].sort((a, b) => b - a);
    for (const tier of tiers) {
      const best = new TopCities(wanted - answer.length);
      for (const run of runs) {
        if (tierOf(run.quality) !== tier) continue;
        const bonus = run.quality === EXACT ? EXACT_BONUS : 0;
        for (let at = run.start; at < run.stop; at += 1) {
          const posting = index.postings[at] ?? 0;
          const ordinal = posting >>> 3;
          const weight =
            (this.#weights[ordinal] ?? 0) + bonus + ((posting & 7) === MAIN ? bonusOfMain : 0);
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
    const tiers = names.map((name) => matchTier(key, placeKey(name)));
    const best = names[tiers.indexOf(Math.max(...tiers))];
    return best ?? names[0] ?? '';
  }

  suggestPlaces(
    text: string,
    locale: string,
    options: { byCity: ReadonlyMap<string, number>; limit: number },
  ): Place[] {
    const tag = languageTag(locale);
    const parts = this.#parts;
    return this.suggest(text, options.limit).map((ordinal): Place => {
      const country = this.countryOf(ordinal);
      const keys = new Set(this.names(ordinal).map((name) => placeKey(name)));
      let partnerCount = 0;
      for (const key of keys) partnerCount += options.byCity.get(cityKeyOf(key, country)) ?? 0;
      return {
        name: this.displayName(ordinal, text, tag),
        country,
        countryName:
          new Intl.DisplayNames([tag, 'en-US'], { type: 'region' }).of(country) ?? country,
        latitude: parts.latitudes[ordinal] ?? 0,
        longitude: parts.longitudes[ordinal] ?? 0,
        partnerCount,
      };
    });
  }
}

class TopCities {
  readonly ordinals: number[] = [];
  readonly #weights: number[] = [];

  constructor(readonly room: number) {}

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
