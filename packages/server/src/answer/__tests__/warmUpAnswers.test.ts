/**
 * The start-up warm-up of fresh answers (answer/warmUpAnswers): searches of the site's own
 * data, of every kind visitors ask, answered and forgotten, so what a server answers after
 * it is what it answered without it.
 */
import type { SearchCriteria } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../site/buildSite';
import { GOLD, MAIN } from '../../store/__tests__/storeFixture';
import { answerCaches } from '../AnswerCaches';
import { SiteAnswers } from '../SiteAnswers';
import { warmUpAnswers, warmUpSearches } from '../warmUpAnswers';
import { storedSite } from './storedSite';

const site = () => buildSite(storedSite(MAIN), { workerFrom: Infinity });

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({
  globalFilter: 'solutions',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
  ...overrides,
});

describe('warmUpAnswers', () => {
  it('asks the site its own words and items, in every kind of search and locale', async () => {
    const built = await site();
    const searches = warmUpSearches(built, 40);
    expect(searches).toHaveLength(40);
    expect(searches).toEqual(warmUpSearches(built, 40));
    const texts = searches.map((search) => search.criteria.text);
    expect(texts.some((text) => text.includes(' '))).toBe(true);
    expect(texts.some((text) => text.length === 2)).toBe(true);
    expect(searches.some((search) => search.criteria.filterItemIds.length > 0)).toBe(true);
    expect(searches.some((search) => search.criteria.offset > 0)).toBe(true);
    expect(new Set(searches.map((search) => search.locale))).toEqual(new Set(built.info.locales));
    expect(new Set(searches.map((search) => search.criteria.globalFilter)).size).toBe(
      built.info.globalFilters.length,
    );
    const answers = new SiteAnswers(built, answerCaches());
    const totals = searches.map(
      ({ criteria: asked, locale }) => answers.answer(asked, locale).totalFound,
    );
    expect(totals.some((total) => total === 0)).toBe(true);
    expect(totals.some((total) => total > 0)).toBe(true);
  });

  it('leaves no term set and no lookup behind, and the answers as they were', async () => {
    const asked = [
      criteria({ text: 'cloud' }),
      criteria({ text: 'clo', filterItemIds: [GOLD] }),
      criteria({ text: 'nothing at all' }),
    ];
    const plain = await site();
    const expected = asked.map((one) =>
      JSON.stringify(new SiteAnswers(plain, answerCaches()).answer(one, 'en-US')),
    );
    const warmed = await site();
    const [termSets] = warmed.index.termSetCaches;
    const lookups = { hits: termSets?.kind.hits, misses: termSets?.kind.misses };
    expect(warmUpAnswers(warmed, 50)).toBe(50);
    expect(warmed.index.termSetCaches.map((cache) => cache.entries)).toEqual([0]);
    expect({ hits: termSets?.kind.hits, misses: termSets?.kind.misses }).toEqual(lookups);
    const answers = new SiteAnswers(warmed, answerCaches());
    expect(asked.map((one) => JSON.stringify(answers.answer(one, 'en-US')))).toEqual(expected);
  });
});
