/**
 * A realistic, deterministic mix of searches (same seed, same list): what visitors of
 * the generated directory ask. Shares (of the list):
 * - 25 % the first search every visitor makes: empty text, default filter, first page;
 * - 10 % empty text, later pages (Load More);
 * - 20 % one term, the last always a prefix: half whole words, 40 % their first 3 to 6
 *   letters, 10 % their first 2 letters (a word of the directory);
 * - 10 % two terms (a whole word, then a prefix);
 * - 10 % accents and their plain forms (`société`, `societe`, `zürich`, `muller`);
 * - 15 % one to three filter items, no text, sometimes a later page;
 * - 5 % text and filter items;
 * - 5 % another global filter.
 * Locales: 70 % en-US, 20 % fr-FR, 10 % de-DE.
 */
import type { FilterDefinitions, SearchCriteria } from '@partners-network/contract';
import { seededRandom } from '../lib/stats';

export interface MixQuery {
  kind: string;
  locale: string;
  criteria: SearchCriteria;
}

const WORDS = [
  'cloud',
  'digital',
  'data',
  'consulting',
  'systems',
  'solutions',
  'analytics',
  'integration',
  'security',
  'commerce',
  'software',
  'services',
  'labs',
  'horizon',
  'polaris',
  'quantum',
  'aurora',
  'atlas',
  'mistral',
  'nordlicht',
  'fjord',
  'cortex',
  'citadelle',
  'beratung',
  'technik',
  'informatique',
  'conseil',
  'portals',
  'migration',
  'experience',
];
const ACCENTED = [
  'société',
  'societe',
  'zürich',
  'zurich',
  'müller',
  'muller',
  'genève',
  'geneve',
  'équinoxe',
  'equinoxe',
  'besançon',
  'besancon',
  'sécurité',
  'données',
  'málaga',
  'montréal',
];

export function buildQueryMix(definitions: FilterDefinitions, size: number, seed = 6): MixQuery[] {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => {
    const value = values[int(0, values.length - 1)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  };
  const defaultFilter = definitions.defaultGlobalFilter;
  const otherFilters = definitions.globalFilters
    .map((filter) => filter.name)
    .filter((name) => name !== defaultFilter);
  const groups = definitions.filterGroups.filter((group) => group.filterItems.length > 0);
  const items = (count: number): number[] => {
    const chosen = new Set<number>();
    for (let attempt = 0; chosen.size < count && attempt < 20; attempt += 1) {
      chosen.add(pick(pick(groups).filterItems).id);
    }
    return [...chosen];
  };
  // What a visitor submits (Enter or the button): mostly whole words, often a beginning of
  // 3 or more letters, sometimes only 2 (the costliest: they match a large share).
  const prefix = (word: string) => {
    const roll = random();
    const length = roll < 0.5 ? word.length : roll < 0.9 ? int(3, 6) : 2;
    return word.slice(0, Math.min(word.length, length));
  };
  const locale = () => {
    const roll = random();
    return roll < 0.7 ? 'en-US' : roll < 0.9 ? 'fr-FR' : 'de-DE';
  };
  const query = (kind: string, criteria: Partial<SearchCriteria>): MixQuery => ({
    kind,
    locale: locale(),
    criteria: {
      globalFilter: defaultFilter,
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
      ...criteria,
    },
  });
  const mix: MixQuery[] = [];
  for (let index = 0; index < size; index += 1) {
    const roll = random();
    if (roll < 0.25) mix.push(query('first search', {}));
    else if (roll < 0.35) mix.push(query('later page', { offset: 10 * int(1, 10) }));
    else if (roll < 0.55) mix.push(query('one prefix', { text: prefix(pick(WORDS)) }));
    else if (roll < 0.65) {
      mix.push(query('two terms', { text: `${pick(WORDS)} ${prefix(pick(WORDS))}` }));
    } else if (roll < 0.75) mix.push(query('accents', { text: pick(ACCENTED) }));
    else if (roll < 0.9) {
      mix.push(
        query('filter items', {
          filterItemIds: items(int(1, 3)),
          offset: random() < 0.3 ? 10 * int(1, 3) : 0,
        }),
      );
    } else if (roll < 0.95) {
      mix.push(
        query('text and items', { text: prefix(pick(WORDS)), filterItemIds: items(int(1, 2)) }),
      );
    } else {
      mix.push(
        query('other global filter', {
          globalFilter: pick(otherFilters),
          text: random() < 0.5 ? '' : prefix(pick(WORDS)),
        }),
      );
    }
  }
  return mix;
}
