import { describe, expect, it } from 'vitest';
import { SEED_CITIES } from '../../seed/seedCities';
import { cityKeyOf } from '../placeKey';
import { Gazetteer } from '../Gazetteer';
import { loadGazetteerParts } from '../loadGazetteer';
import { suggestPlaces } from '../suggestPlaces';
import { ReferenceGazetteer } from './referencePlaces';

/**
 * The bench's typed texts (bench/geo/measureGeo.ts): every beginning of the directory's
 * cities, exonyms, Arabic and Japanese names, two typos of each longer name; and a few
 * more typos, with and without accents.
 */
function typedTexts(): string[] {
  const names = [
    ...[...SEED_CITIES.values()].flat().map(([city]) => city),
    ...['Mailand', 'Londres', 'Lissabon', 'Genf', 'Kopenhagen', 'Köln', 'Wien', 'Bâle'],
    ...['Springfield', 'Saint-Étienne', 'باريس', 'ليون', 'パリ', '東京', 'ミュンヘン'],
  ];
  const texts = new Set<string>();
  for (const name of names) {
    for (let end = 1; end <= name.length; end += 1) texts.add(name.slice(0, end));
    if (name.length >= 5) {
      texts.add(name.slice(0, 2) + (name[3] ?? '') + (name[2] ?? '') + name.slice(4));
      texts.add(name.slice(0, 3) + name.slice(4));
      texts.add(`${name.slice(0, 4)}x${name.slice(5)}`);
    }
  }
  for (const text of ['Zurihc', 'New Yrok', 'Lodnon', 'Munchen', 'St Petersb', 'El Cairo'])
    texts.add(text);
  return [...texts].filter((text) => /^[\p{L}\p{M} '’-]+$/u.test(text));
}

describe('suggestPlaces against the code before the letters filter', () => {
  const parts = loadGazetteerParts();
  const world = new Gazetteer(parts);
  const reference = new ReferenceGazetteer(parts);
  // Partners in the seed cities, some under another of their names (Genève, München).
  const byCity = new Map<string, number>();
  [...SEED_CITIES.values()].flat().forEach(([city, country], at) => {
    byCity.set(cityKeyOf(city, country), 1 + (at % 7));
  });
  byCity.set(cityKeyOf('Genève', 'CH'), 3);
  byCity.set(cityKeyOf('München', 'DE'), 2);
  byCity.set(cityKeyOf('Nowhere', 'FR'), 4);

  it('answers every typed text of the bench the same, in five locales', () => {
    const locales = ['en-US', 'fr-FR', 'de-DE', 'ar-SA', 'ja-JP'];
    const texts = typedTexts();
    expect(texts.length).toBeGreaterThan(1200);
    let differences = 0;
    texts.forEach((text, at) => {
      const locale = locales[at % locales.length] ?? 'en-US';
      const options = { byCity, limit: 8 };
      const expected = reference.suggestPlaces(text, locale, options);
      const answer = suggestPlaces(world, text, locale, options);
      if (JSON.stringify(answer) !== JSON.stringify(expected)) {
        differences += 1;
        expect({ text, locale, answer }).toEqual({ text, locale, answer: expected });
      }
    });
    expect(differences).toBe(0);
  });
});
