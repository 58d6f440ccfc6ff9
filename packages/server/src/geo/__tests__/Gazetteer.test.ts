import { describe, expect, it } from 'vitest';
import { buildGazetteer } from '../buildGazetteer';
import { Gazetteer } from '../Gazetteer';
import { gazetteer } from '../loadGazetteer';
import type { GeoNamesPlace } from '../readGeoNames';

function place(
  id: number,
  name: string,
  country: string,
  population: number,
  alternateNames: string[] = [],
): GeoNamesPlace {
  return {
    id,
    name,
    country,
    population,
    alternateNames,
    latitude: id / 100,
    longitude: -id / 100,
  };
}

/** A made-up world small enough to know every answer. */
const small = new Gazetteer(
  buildGazetteer([
    place(1, 'Paris', 'FR', 2_100_000, ['Parigi', 'باريس', 'パリ', '巴黎']),
    place(2, 'Pari', 'FR', 800),
    place(3, 'Paris', 'US', 25_000),
    place(4, 'Paris', 'US', 9_000),
    place(5, 'Vienna', 'AT', 1_900_000, ['Wien', 'Vienne']),
    place(6, 'Wiener Neustadt', 'AT', 45_000),
    place(7, 'Milan', 'IT', 1_370_000, ['Mailand', 'Milano', 'lyma']),
    place(8, 'Saint-Étienne', 'FR', 176_000),
    place(9, 'Munich', 'DE', 1_260_000, ['Munchen', 'München']),
  ]),
);

const names = (found: number[], text = '', locale = 'en-US') =>
  found.map(
    (ordinal) => `${small.displayName(ordinal, text, locale)} ${small.city(ordinal).country}`,
  );

describe('Gazetteer on a made-up world', () => {
  it('finds a city by any of its names, case and accents aside, in its country only', () => {
    const wien = small.find('WIEN', 'AT');
    expect(wien && small.city(wien.ordinal).name).toBe('Vienna');
    expect(small.find('saint etienne', 'FR')).toMatchObject({ sameName: 1 });
    expect(small.find('Wien', 'DE')).toBeUndefined();
    expect(small.find('Wienn', 'AT')).toBeUndefined();
  });

  it('takes the most populous of several cities of one name in one country and says how many', () => {
    const paris = small.find('Paris', 'US');
    expect(paris).toBeDefined();
    expect(paris && small.city(paris.ordinal)).toMatchObject({ population: 25_000 });
    expect(paris?.sameName).toBe(2);
  });

  it('suggests best known first: a village called Pari does not hide Paris', () => {
    expect(names(small.suggest('pari', 8), 'pari')).toEqual(['Paris FR', 'Paris US', 'Pari FR']);
  });

  it('drops a second city of one name in one country, which nobody could tell apart', () => {
    // Pari is one typo away from paris: after every match without one.
    expect(names(small.suggest('paris', 8), 'paris')).toEqual(['Paris FR', 'Paris US', 'Pari FR']);
  });

  it('puts a name typed whole before a longer one, by the weight rules', () => {
    expect(names(small.suggest('wien', 8), 'wien')).toEqual(['Wien AT', 'Wiener Neustadt AT']);
  });

  it('forgives a typo after the first letter, diacritics folded', () => {
    expect(names(small.suggest('viena', 8), 'viena')[0]).toBe('Vienna AT');
    expect(names(small.suggest('saint etie', 8), 'saint etie')).toEqual(['Saint-Étienne FR']);
    expect(small.suggest('xienna', 8)).toEqual([]);
  });

  it('shows the name the visitor types, with its accents, or the one in the script of the locale', () => {
    expect(names(small.suggest('maila', 8), 'maila')).toEqual(['Mailand IT']);
    // Three letters begin too many names to be sure of one: the city's own name.
    expect(names(small.suggest('mai', 8), 'mai')).toEqual(['Milan IT']);
    expect(names(small.suggest('munch', 8), 'munch')[0]).toBe('München DE');
    const paris = small.find('Paris', 'FR')?.ordinal ?? -1;
    expect(small.displayName(paris, 'par', 'ar-SA')).toBe('باريس');
    expect(small.displayName(paris, 'par', 'ja-JP')).toBe('パリ');
    expect(small.displayName(paris, 'par', 'zh-CN')).toBe('巴黎');
    expect(small.displayName(paris, 'pari', 'fr-FR')).toBe('Paris');
  });

  it('leaves out machine transliterations in lower case', () => {
    expect(small.suggest('lyma', 8)).toEqual([]);
  });

  it('answers nothing for text without a letter', () => {
    expect(small.suggest('  -- ', 8)).toEqual([]);
    expect(small.suggest('paris', 0)).toEqual([]);
  });
});

describe('the GeoNames gazetteer', () => {
  const world = gazetteer();

  it('knows Lyon, and Munich by its German name', () => {
    const lyon = world.find('Lyon', 'FR');
    expect(lyon && world.city(lyon.ordinal)).toMatchObject({ name: 'Lyon', country: 'FR' });
    expect(lyon && world.city(lyon.ordinal).latitude).toBeCloseTo(45.75, 1);
    const munich = world.find('München', 'DE');
    expect(munich && world.city(munich.ordinal).name).toBe('Munich');
  });

  it('takes the most populous Springfield of the United States', () => {
    const found = world.find('Springfield', 'US');
    expect(found?.sameName).toBeGreaterThan(10);
    expect(found && world.city(found.ordinal).population).toBeGreaterThan(150_000);
  });

  it('suggests Lyon for "Lyo", São Paulo for "sao pau" and Zürich for "zurihc"', () => {
    const first = (text: string) => {
      const [ordinal] = world.suggest(text, 8);
      return ordinal === undefined ? '' : world.displayName(ordinal, text, 'en-US');
    };
    expect(first('Lyo')).toBe('Lyon');
    // Ljubljana, found by its transliteration Lyoubyana, is shown by its own name.
    const shown = world
      .suggest('Lyo', 8)
      .map((ordinal) => world.displayName(ordinal, 'Lyo', 'en-US'));
    expect(shown).toContain('Ljubljana');
    expect(shown).not.toContain('Lyoubyana');
    expect(first('sao pau')).toBe('São Paulo');
    expect(first('zurihc')).toBe('Zürich');
    expect(first('l')).toBe('Lagos');
  });
});
