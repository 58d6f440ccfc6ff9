/**
 * What the places call answers for a typed text: the gazetteer's suggestions, each named in
 * the visitor's language where known, with its country's name in the locale and the
 * partners of the site in that city. Apart from the route so the bench times it alone.
 */
import type { Place } from '@partners-network/contract';
import { ProcessMemo } from '../cache/ProcessMemo';
import type { Gazetteer } from './Gazetteer';

/** Country names per locale (Intl, in the Node build's full ICU data). */
const countryNames = new Map<string, Intl.DisplayNames>();
const COUNTRY_NAMES_MAX = 64;
const countryNamesMemo = new ProcessMemo(
  'memo-country-names',
  COUNTRY_NAMES_MAX,
  () => countryNames.size,
);

function countryName(code: string, locale: string): string {
  let names = countryNames.get(locale);
  if (names) countryNamesMemo.hits += 1;
  else {
    countryNamesMemo.misses += 1;
    try {
      names = new Intl.DisplayNames([locale, 'en-US'], { type: 'region' });
    } catch {
      names = new Intl.DisplayNames(['en-US'], { type: 'region' });
    }
    // Bounded: a locale is a few characters of a known list, but a client picks it.
    if (countryNames.size >= COUNTRY_NAMES_MAX) {
      countryNames.clear();
      countryNamesMemo.clears += 1;
    }
    countryNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** `fr_FR`, `FR-fr` -> `fr-FR`; anything else the page would not send -> en-US. */
export function languageTag(locale: string): string {
  const match = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?$/i.exec(locale);
  if (!match) return 'en-US';
  const [, language = 'en', region] = match;
  return region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}

export function suggestPlaces(
  world: Gazetteer,
  text: string,
  locale: string,
  options: { byCity: ReadonlyMap<string, number>; limit: number },
): Place[] {
  const tag = languageTag(locale);
  // Partners of the site in one of the city's names (its own or an alternate one) and country.
  const partners = world.partnerCounts(options.byCity);
  return world.suggest(text, options.limit).map((ordinal): Place => {
    const city = world.city(ordinal);
    return {
      name: world.displayName(ordinal, text, tag),
      country: city.country,
      countryName: countryName(city.country, tag),
      latitude: city.latitude,
      longitude: city.longitude,
      partnerCount: partners.get(ordinal) ?? 0,
    };
  });
}
