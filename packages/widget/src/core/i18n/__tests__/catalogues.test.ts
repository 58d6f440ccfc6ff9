import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_INVALID_MESSAGE } from '@partners-network/contract';
// The whole en-US catalogue (the page script's, with the no-results panel's texts).
import { wholeEnUS } from '../noResultsMessages';
import type { Message } from '../catalogues/en-US';
import { placeholdersOf } from '../placeholdersOf';
import { CATALOGUES } from '../loadTranslator';

const enUS = wholeEnUS();

const LIFERAY_DEFAULT_LANGUAGES = [
  'ar-SA',
  'ca-ES',
  'zh-CN',
  'nl-NL',
  'fi-FI',
  'fr-FR',
  'de-DE',
  'hu-HU',
  'ja-JP',
  'pt-BR',
  'es-ES',
  'sv-SE',
];

/** Messages that may be en-US's text in any language: separators, a bare number. */
const SAME_IN_EVERY_LANGUAGE = [
  'listSeparator',
  'afterCount',
  'appliedFilters',
  'categories',
  'choiceCount',
];

/** Messages a language writes exactly as en-US does (checked by a person, not by chance). */
const SAME_AS_EN_US: Readonly<Record<string, readonly string[]>> = {
  // '{count} partner' / '{count} partners' is Dutch too.
  'nl-NL': ['partnerCount'],
};

/** Every problem of a catalogue against en-US: missing or extra ids, other placeholders. */
function compareWithEnUS(catalogue: Readonly<Record<string, Message>>): string[] {
  const problems: string[] = [];
  for (const id of Object.keys(enUS)) {
    if (!Object.hasOwn(catalogue, id)) problems.push(`lacks ${id}`);
  }
  for (const [id, message] of Object.entries(catalogue)) {
    if (!Object.hasOwn(enUS, id)) {
      problems.push(`has ${id}, which en-US has not`);
      continue;
    }
    const expected = placeholdersOf(Reflect.get(enUS, id)).join(', ');
    const actual = placeholdersOf(message).join(', ');
    if (actual !== expected) problems.push(`${id} has {${actual}}, en-US {${expected}}`);
    if (typeof message !== 'string') {
      for (const text of Object.values(message)) {
        const extra = placeholdersOf(text).filter((name) => !expected.includes(name));
        if (extra.length > 0) problems.push(`${id} has a plural form with {${extra.join(', ')}}`);
      }
    }
  }
  return problems;
}

describe('message catalogues', () => {
  it('has one catalogue per Liferay default language besides en-US', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LIFERAY_DEFAULT_LANGUAGES].sort());
  });

  it.each(LIFERAY_DEFAULT_LANGUAGES)(
    '%s has every en-US message id, no other, same placeholders',
    async (tag) => {
      const load = CATALOGUES[tag];
      if (!load) throw new Error(`no catalogue for ${tag}`);
      const catalogue = (await load()).default;
      expect(compareWithEnUS(catalogue)).toEqual([]);
      // Translated: no message but the separators (and a bare number) is en-US's text.
      const alike = [...SAME_IN_EVERY_LANGUAGE, ...(SAME_AS_EN_US[tag] ?? [])];
      const untranslated = Object.entries(catalogue).filter(
        ([id, message]) =>
          !alike.includes(id) && JSON.stringify(message) === JSON.stringify(Reflect.get(enUS, id)),
      );
      expect(untranslated).toEqual([]);
      // Plural forms: `other` always.
      for (const message of Object.values(catalogue)) {
        if (typeof message !== 'string') expect(message.other).toEqual(expect.any(String));
      }
    },
  );

  it('fails a catalogue that lacks a message, has an extra one or other placeholders', () => {
    const lacking: Record<string, Message> = { ...enUS };
    delete lacking.loadMore;
    expect(compareWithEnUS(lacking)).toEqual(['lacks loadMore']);
    expect(compareWithEnUS({ ...enUS, extra: 'Extra' })).toEqual([
      'has extra, which en-US has not',
    ]);
    expect(compareWithEnUS({ ...enUS, removeFilter: 'Remove {item}' })).toEqual([
      'removeFilter has {item}, en-US {name}',
    ]);
    expect(compareWithEnUS({ ...enUS, count: 'Showing {loaded} partners' })).toEqual([
      'count has {loaded}, en-US {loaded, total}',
    ]);
    expect(
      compareWithEnUS({ ...enUS, added: { one: 'One added', other: '{count} added {total}' } }),
    ).toEqual(['added has {count, total}, en-US {count}', 'added has a plural form with {total}']);
  });

  it("keeps SPEC's exact en-US texts", () => {
    expect(enUS.searchInvalid).toBe(SEARCH_TEXT_INVALID_MESSAGE);
    expect(enUS.searchInvalid).toBe(
      "The search only allow A-Z a-z À-ÿ 0-9 and the special characters:-_'. Please enter a valid value on the search.",
    );
    expect(enUS).toMatchObject({
      heading: 'Partners Network',
      searchForm: 'PreferredPartners',
      searchField: 'Search partners',
      searchPlaceholder: 'Search partners',
      searchButton: 'Search',
      backLink: 'Back to home page',
      searchFilters: 'Search filters',
      viewMore: 'View More',
      viewLess: 'View Less',
      count: 'Showing {loaded} of {total} partners',
      noResultsTitle: 'No partners found',
      noResultsText: 'No results found. Try different keywords or remove search filters.',
      resetAll: 'RESET ALL',
      errorTitle: 'Something went wrong.',
      errorText: 'We apologise and are fixing the problem. Please try again later.',
      goHome: 'Go to the home page',
      loadMore: 'Load More Partners',
    });
  });

  it("are listed in the widget's docs/messages.md, every id with its en-US text", () => {
    const readme = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/messages.md'),
      'utf8',
    );
    const missing = Object.entries(enUS).flatMap(([id, message]) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${id}\``));
      const texts = typeof message === 'string' ? [message] : Object.values(message);
      return row !== undefined && texts.every((text) => row.includes(`\`${text}\``)) ? [] : [id];
    });
    expect(missing).toEqual([]);
  });
});
