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
 * About a third of the words typed carry typos (one; two in words of 8 letters or more):
 * a letter inserted, deleted, replaced, or two neighbours swapped.
 * Locales: 70 % en-US, 20 % fr-FR, 10 % de-DE.
 */
import type {
  FilterDefinitions,
  LocatedSearchCriteria,
  SearchCriteria,
} from '@partners-network/contract';
import { seededRandom } from '../lib/stats';

export interface MixQuery {
  kind: string;
  locale: string;
  criteria: LocatedSearchCriteria;
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
  const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
  const edit = (word: string): string => {
    const at = int(0, Math.max(0, word.length - 1));
    const letter = LETTERS[int(0, LETTERS.length - 1)] ?? 'e';
    const kind = int(0, 3);
    if (kind === 0) return word.slice(0, at) + letter + word.slice(at);
    if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 2) return word.slice(0, at) + letter + word.slice(at + 1);
    return (
      word.slice(0, at) + word.slice(at + 1, at + 2) + word.slice(at, at + 1) + word.slice(at + 2)
    );
  };
  // A third of the words typed carry typos; only words long enough to be forgiven.
  const typo = (word: string): string => {
    if (word.length < 4 || random() >= 1 / 3) return word;
    const once = edit(word);
    return word.length >= 8 && random() < 0.5 ? edit(once) : once;
  };
  // What a visitor submits (Enter or the button): mostly whole words, often a beginning of
  // 3 or more letters, sometimes only 2 (the costliest: they match a large share).
  const prefix = (word: string) => {
    const roll = random();
    const length = roll < 0.5 ? word.length : roll < 0.9 ? int(3, 6) : 2;
    return typo(word.slice(0, Math.min(word.length, length)));
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
      mix.push(query('two terms', { text: `${typo(pick(WORDS))} ${prefix(pick(WORDS))}` }));
    } else if (roll < 0.75) mix.push(query('accents', { text: typo(pick(ACCENTED)) }));
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

/**
 * The mix with a share of its searches asked near a city (issue 25), the rest unchanged:
 * each chosen search keeps its text, filters and page and gains one of the cities; every
 * other one of them within 100 km. Its own seed, so the mix itself stays the same list.
 */
export function withNearSearches(
  mix: readonly MixQuery[],
  cities: readonly { latitude: number; longitude: number; city: string }[],
  share: number,
  seed = 25,
): MixQuery[] {
  const random = seededRandom(seed);
  let near = 0;
  return mix.map((query) => {
    if (random() >= share || cities.length === 0) return query;
    const city = cities[Math.floor(random() * cities.length)] ?? cities[0];
    if (!city) return query;
    near += 1;
    const point = { latitude: city.latitude, longitude: city.longitude, label: city.city };
    return {
      ...query,
      kind: `${query.kind}, near a city`,
      criteria: { ...query.criteria, near: point, ...(near % 2 === 0 ? { radiusKm: 100 } : {}) },
    };
  });
}

/**
 * The diagnostics' first-ask pass (compareServers.ts, profileFirstAsks.ts): a warm-up mix of
 * one seed, then the distinct searches of a mix of a third seed that the warm-up did not ask.
 */
export function firstAskPass(definitions: FilterDefinitions): {
  warmUp: MixQuery[];
  firstAsks: MixQuery[];
} {
  const keyOf = (query: MixQuery) => JSON.stringify([query.locale, query.criteria]);
  const warmUp = buildQueryMix(definitions, 200, 7);
  const warmed = new Set(warmUp.map(keyOf));
  const firstAsks = [
    ...new Map(
      buildQueryMix(definitions, 2000, 8)
        .filter((query) => !warmed.has(keyOf(query)))
        .map((query) => [keyOf(query), query]),
    ).values(),
  ];
  return { warmUp, firstAsks };
}
