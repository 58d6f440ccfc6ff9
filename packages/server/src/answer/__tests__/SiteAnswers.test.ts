/**
 * The rules of an answer, over a site built in memory (no database): the import rules
 * turn the store fixture into stored partners, buildSite builds the site, SiteAnswers
 * answers. Milliseconds, so a rule can be tried many ways.
 */
import type { Scope, SearchCriteria } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../site/buildSite';
import {
  BESANCON,
  FILLER_COUNT,
  GOLD,
  MAIN,
  SAO_PAULO,
  SILVER,
  ZURICH,
} from '../../store/__tests__/storeFixture';
import { answerCaches } from '../AnswerCaches';
import { SiteAnswers } from '../SiteAnswers';
import { storedSite } from './storedSite';

async function answersOf(scope: Scope = MAIN) {
  const caches = answerCaches();
  const site = await buildSite(storedSite(scope), { workerFrom: Infinity });
  return { answers: new SiteAnswers(site, caches), caches };
}

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
  ...overrides,
});

const titles = (answer: { partners: { title: string }[] }) =>
  answer.partners.map((partner) => partner.title);

describe('SiteAnswers, over a site built in memory', () => {
  it('defines the global filters and the default one groups, in the locale', async () => {
    const { answers } = await answersOf();
    const definitions = answers.definitions('fr-FR');
    expect(definitions.defaultGlobalFilter).toBe('solutions');
    expect(definitions.globalFilters.map((filter) => filter.label)).toEqual([
      'Partenaires technologiques',
      'Solution Partners',
    ]);
    expect(definitions.filterGroups.map((group) => group.name)).toEqual(['Niveau', 'Région']);
    // Asked again: the same object (callers treat it as read-only).
    expect(answers.definitions('fr-FR')).toBe(definitions);
  });

  it('lists a global filter in editorial order and counts what each item would add', async () => {
    const { answers } = await answersOf();
    const answer = answers.answer(criteria({}), 'en-US');
    expect(answer.totalFound).toBe(3 + FILLER_COUNT);
    expect(titles(answer).slice(0, 3)).toEqual([
      'Müller Cloud GmbH',
      'São Paulo Digital',
      'Société Générale Conseil',
    ]);
    const region = answer.filterGroups[0]?.filterItems;
    expect(region?.map((item) => [item.id, item.count])).toEqual([
      [ZURICH, 1 + Math.floor(FILLER_COUNT / 2)],
      [SAO_PAULO, 2],
      [BESANCON, Math.ceil(FILLER_COUNT / 2)],
    ]);
    expect(answer.globalFilterCounts).toEqual([
      { name: 'tech', count: 3 + FILLER_COUNT },
      { name: 'solutions', count: 3 },
    ]);
  });

  it('ORs the items of a group, ANDs the groups, and echoes only the filter own items', async () => {
    const { answers } = await answersOf();
    const answer = answers.answer(
      criteria({ globalFilter: 'solutions', filterItemIds: [GOLD, SILVER, ZURICH, 999] }),
      'en-US',
    );
    expect(titles(answer)).toEqual(['Société Générale Conseil']);
    expect(answer.appliedCriteria.filterItemIds).toEqual([GOLD, SILVER, ZURICH]);
    // Level counts keep Zürich ticked; region counts keep Gold or Silver ticked.
    const [level, region] = answer.filterGroups;
    expect(level?.filterItems.map((item) => item.count)).toEqual([1, 0]);
    expect(region?.filterItems.map((item) => item.count)).toEqual([1, 1, 1]);
  });

  it('marks the words the search matched, whole or the beginning a prefix matched', async () => {
    const { answers } = await answersOf();
    const answer = answers.answer(criteria({ text: 'clod consul' }), 'en-US');
    expect(titles(answer)).toEqual(['Société Générale Conseil']);
    const [partner] = answer.partners;
    const marked = (text: string, ranges: number[][] = []) =>
      ranges.map(([start, end]) => text.slice(start, end));
    expect(marked(partner?.summary ?? '', partner?.highlights?.summary)).toEqual([
      'Cloud',
      'consul',
    ]);
  });

  it('offers the steps back from an empty answer, in the order they were ticked', async () => {
    const { answers } = await answersOf();
    const answer = answers.answer(
      criteria({ text: 'precision', filterItemIds: [SAO_PAULO, GOLD] }),
      'en-US',
    );
    expect(answer.totalFound).toBe(0);
    expect(answer.zeroResultSteps?.map((step) => step.remove)).toEqual([
      { filterItemId: SAO_PAULO },
      { filterItemId: GOLD },
      { text: 'precision' },
    ]);
    expect(answer.zeroResultSteps?.at(-1)?.totalFound).toBe(1);
  });

  it('shows each locale its own cards, whichever locale unpacked a partner first', async () => {
    const { answers } = await answersOf();
    const asked = criteria({});
    // A locale the site lacks answers in en-US (resolveLocale).
    const locales = ['de-DE', 'en-US', 'fr-FR', 'ja-JP', 'de-DE'];
    const shown = locales.map((locale) => answers.answer(asked, locale).partners);
    const alone = locales.map(
      async (locale) => (await answersOf()).answers.answer(asked, locale).partners,
    );
    expect(shown).toEqual(await Promise.all(alone));
    expect(titles({ partners: shown[0] ?? [] })).toContain('Müller Wolke GmbH');
    expect(titles({ partners: shown[1] ?? [] })).toContain('Müller Cloud GmbH');
  });

  it('keeps whole answers and ordered partners, and pages past the first ones kept', async () => {
    const { answers, caches } = await answersOf();
    const asked = criteria({ text: 'filler', resultsPerPage: 10 });
    const first = answers.answer(asked, 'en-US');
    // Kept as its JSON: the same kept answer, and the same objects read back from it.
    expect(answers.answer(asked, 'en-US')).toEqual(first);
    expect(answers.kept(asked, 'en-US')).toBe(answers.kept(asked, 'en-US'));
    expect(caches.answers.hits).toBe(3);
    const seen = new Set<string>();
    for (let offset = 0; offset < FILLER_COUNT; offset += 10) {
      for (const title of titles(answers.answer({ ...asked, offset }, 'en-US'))) seen.add(title);
    }
    expect(seen.size).toBe(FILLER_COUNT);
    expect(caches.orderedIds.hits).toBeGreaterThan(0);
  });

  it('uses the default global filter for an unknown name, and says so in the criteria', async () => {
    const { answers } = await answersOf({ companyId: 'acme', scopeGroupId: 'other' });
    const answer = answers.answer(criteria({ globalFilter: 'nothing-like-it' }), 'en-US');
    expect(answer.appliedCriteria.globalFilter).toBe('tech');
    expect(titles(answer)).toEqual(['Secret Cloud Partner']);
  });

  it('answers nothing, and applies no global filter, on a site without global filters', async () => {
    const stored = storedSite(MAIN);
    const bare = { ...stored, definitions: { ...stored.definitions, globalFilters: [] } };
    const site = await buildSite(bare, { workerFrom: Infinity });
    const answer = new SiteAnswers(site, answerCaches()).answer(criteria({}), 'en-US');
    expect(answer.totalFound).toBe(0);
    expect(answer.appliedCriteria).toMatchObject({ globalFilter: '', filterItemIds: [] });
  });
});
