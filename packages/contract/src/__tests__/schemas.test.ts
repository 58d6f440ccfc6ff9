import { describe, expect, it } from 'vitest';
import {
  filterDefinitionsSchema,
  findLocationTextProblem,
  findSearchTextProblem,
  locatedSearchCriteriaDataSchema,
  locatedSearchCriteriaSchema,
  parseData,
  placesResponseDataSchema,
  searchCriteriaDataSchema,
  searchCriteriaSchema,
  searchResponseSchema,
} from '../index';

const criteria = {
  globalFilter: 'technology',
  text: 'cloud',
  filterItemIds: [1, 2],
  offset: 0,
  resultsPerPage: 10,
};

describe('search criteria near a point (issue 25)', () => {
  const near = { latitude: 45.75, longitude: 4.85, label: 'Lyon' };

  it('leave an old client unaffected: its criteria parse to themselves, with no new key', () => {
    for (const parse of [
      (input: unknown) => searchCriteriaSchema.safeParse(input),
      (input: unknown) => parseData(searchCriteriaDataSchema, input),
      (input: unknown) => locatedSearchCriteriaSchema.safeParse(input),
      (input: unknown) => parseData(locatedSearchCriteriaDataSchema, input),
    ]) {
      const parsed = parse(criteria);
      expect(parsed.success && parsed.data).toEqual(criteria);
      expect(parsed.success && Object.keys(parsed.data).sort()).toEqual(
        Object.keys(criteria).sort(),
      );
    }
  });

  it('take a point, a radius in kilometres and an order, in zod and in the page alike', () => {
    const asked = { ...criteria, near, radiusKm: 50, sort: 'distance' };
    expect(locatedSearchCriteriaSchema.parse(asked)).toEqual(asked);
    expect(parseData(locatedSearchCriteriaDataSchema, asked)).toEqual({
      success: true,
      data: asked,
    });
    // The page's saved search keeps to SPEC's fields until it offers a location: it drops them.
    expect(parseData(searchCriteriaDataSchema, asked)).toEqual({ success: true, data: criteria });
  });

  it.each([
    [
      'a latitude past a pole',
      { near: { ...near, latitude: 90.5 } },
      'near.latitude must be between -90 and 90',
    ],
    [
      'a longitude past the antimeridian',
      { near: { ...near, longitude: -181 } },
      'near.longitude must be between -180 and 180',
    ],
    ['a point without longitude', { near: { latitude: 1 } }, undefined],
    ['a radius of 0', { radiusKm: 0 }, 'radiusKm must be between 1 and 20000'],
    [
      'a radius beyond half the Earth',
      { radiusKm: 20_001 },
      'radiusKm must be between 1 and 20000',
    ],
    ['an order of its own', { sort: 'price' }, 'sort must be relevance or distance'],
    [
      'a label of a page long',
      { near: { ...near, label: 'x'.repeat(201) } },
      'near.label is longer than 200 characters',
    ],
  ])('refuse %s, and so does the page', (_label, change, message) => {
    const parsed = locatedSearchCriteriaSchema.safeParse({ ...criteria, ...change });
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error?.issues[0]?.message).toBe(message);
    expect(parseData(locatedSearchCriteriaDataSchema, { ...criteria, ...change }).success).toBe(
      false,
    );
  });

  it('give the places answer a twin the page can parse', () => {
    const answer = {
      places: [
        {
          name: 'Lyon',
          country: 'FR',
          countryName: 'France',
          latitude: 45.7,
          longitude: 4.8,
          partnerCount: 3,
        },
      ],
    };
    expect(parseData(placesResponseDataSchema, answer)).toEqual({ success: true, data: answer });
    expect(
      parseData(placesResponseDataSchema, { places: [{ ...answer.places[0], partnerCount: -1 }] })
        .success,
    ).toBe(false);
  });

  it('let a visitor type a city in any script, and nothing else', () => {
    for (const text of ['Lyon', 'Saint-Étienne', "L'Aquila", 'ليون', '東京', 'São Paulo', '']) {
      expect(findLocationTextProblem(text)).toBeNull();
    }
    expect(findLocationTextProblem('Lyon 3')).toBe('badCharacters');
    expect(findLocationTextProblem('<script>')).toBe('badCharacters');
    expect(findLocationTextProblem('a'.repeat(101))).toBe('tooLong');
  });
});

describe('search criteria', () => {
  it('accepts the criteria the widget sends', () => {
    expect(searchCriteriaSchema.safeParse(criteria).success).toBe(true);
  });

  it.each([
    ['text over 150 characters', { text: 'a'.repeat(151) }],
    ['text with a character outside the allowed set', { text: 'cloud<script>' }],
    ['a negative offset', { offset: -1 }],
    ['resultsPerPage of 0', { resultsPerPage: 0 }],
    ['resultsPerPage over 100', { resultsPerPage: 101 }],
    ['filter item ids that are not integers', { filterItemIds: ['1'] }],
    ['a fractional offset', { offset: 1.5 }],
  ])('refuses %s', (_label, change) => {
    expect(searchCriteriaSchema.safeParse({ ...criteria, ...change }).success).toBe(false);
  });

  it('accepts accented letters, œ, digits, hyphen, underscore, apostrophe and space', () => {
    expect(
      searchCriteriaSchema.safeParse({ ...criteria, text: "Société Œuvre d'art_9-œ ÿ À" }).success,
    ).toBe(false);
    expect(
      searchCriteriaSchema.safeParse({ ...criteria, text: "Société d'art_9-œ ÿ À" }).success,
    ).toBe(true);
  });
});

describe('findSearchTextProblem', () => {
  it('tells a too long text from bad characters', () => {
    expect(findSearchTextProblem('a'.repeat(150))).toBeNull();
    expect(findSearchTextProblem('a'.repeat(151))).toBe('tooLong');
    expect(findSearchTextProblem('a;b')).toBe('badCharacters');
    expect(findSearchTextProblem('')).toBeNull();
  });
});

describe('responses', () => {
  it('ignores unknown extra fields', () => {
    const parsed = filterDefinitionsSchema.parse({
      globalFilters: [{ name: 'a', label: 'A', extra: true }],
      defaultGlobalFilter: 'a',
      filterGroups: [],
      version: 2,
    });
    expect(parsed).toEqual({
      globalFilters: [{ name: 'a', label: 'A' }],
      defaultGlobalFilter: 'a',
      filterGroups: [],
    });
  });

  it('refuses a search response with wrong types', () => {
    const bad = {
      partners: [{ image: { url: 1 }, categories: [], title: 't', summary: 's', url: '/' }],
      totalFound: 1,
      error: false,
      filterGroups: [],
      searchPartnersCriteria: { filterItemIds: [] },
    };
    expect(searchResponseSchema.safeParse(bad).success).toBe(false);
  });
});
