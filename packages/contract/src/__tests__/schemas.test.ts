import { describe, expect, it } from 'vitest';
import {
  filterDefinitionsSchema,
  findSearchTextProblem,
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
