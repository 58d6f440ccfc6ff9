import type {
  FilterGroup,
  GlobalFilterCount,
  Partner,
  ZeroResultStep,
} from '@partners-network/contract';
import { andCounts } from './andCounts';
import { highlightMatches } from './highlightMatches';
import type { IndexQuery, SearchIndex } from './SearchIndex';
import { searchTerms } from './searchTerms';

/** What describeAnswer needs besides the index: the search and its answer. */
export interface AnswerToDescribe {
  query: IndexQuery;
  /** The text as the visitor typed it (zero-result steps remove its words). */
  text: string;
  /** How many partners the answer holds. */
  total: number;
  /** The site's global filters (counts per filter). */
  globalFilters: readonly { id: number; name: string }[];
  /** The answer's filter groups (items get their counts). */
  filterGroups: readonly FilterGroup[];
  /** The answer's page of partners (they get their highlights). */
  partners: readonly Partner[];
}

export interface AnswerDescription {
  filterGroups: FilterGroup[];
  globalFilterCounts: GlobalFilterCount[];
  partners: Partner[];
  /** Only when the answer is empty. */
  zeroResultSteps?: ZeroResultStep[];
}

/** Words of the text as written: "without this word" removes one of them. */
const WRITTEN_WORD = /[^\s]+/g;

/**
 * What an answer tells besides its partners, from the index's bitsets in the same
 * request: each filter item's disjunctive count (the answer if it were the only item
 * ticked in its group, every other group as ticked), each global filter's count of
 * partners matching the text, highlights of the page's titles and summaries, and, for
 * an empty answer, how many partners each single step back would find. New objects:
 * cached filter groups and partners are left as they are.
 */
export function describeAnswer(index: SearchIndex, answer: AnswerToDescribe): AnswerDescription {
  const { query } = answer;
  const counts = cachedCounts(index, answer);
  const filterGroups = answer.filterGroups.map((group, at) => ({
    ...group,
    filterItems: group.filterItems.map((item, position) => ({
      ...item,
      count: counts.itemCounts[at]?.[position] ?? 0,
    })),
  }));

  // Without text nothing is highlighted: the page's partners go as they are. Summaries
  // share many words: each is matched once per answer.
  const seen = new Map<string, number>();
  const partners = answer.partners.map((partner) =>
    query.terms.length === 0
      ? partner
      : {
          ...partner,
          highlights: {
            title: highlightMatches(partner.title, query.terms, seen),
            summary: highlightMatches(partner.summary, query.terms, seen),
          },
        },
  );

  const description: AnswerDescription = {
    filterGroups,
    globalFilterCounts: counts.globalFilterCounts,
    partners,
  };
  if (counts.zeroResultSteps) description.zeroResultSteps = counts.zeroResultSteps;
  return description;
}

/** What an answer says that depends on its search only, not on its page. */
interface Counts {
  /** By filter group, by item, in the answer's order. */
  itemCounts: number[][];
  globalFilterCounts: GlobalFilterCount[];
  zeroResultSteps?: ZeroResultStep[];
}

/**
 * Counts of recent searches per index, so a Load More page or another visitor's same
 * search skips the bitset work (about 40 items of 100k partners each). Read-only.
 */
const COUNT_CACHE_ENTRIES = 500;
const countCaches = new WeakMap<SearchIndex, Map<string, Counts>>();

function cachedCounts(index: SearchIndex, answer: AnswerToDescribe): Counts {
  const { query } = answer;
  let cache = countCaches.get(index);
  if (!cache) {
    cache = new Map();
    countCaches.set(index, cache);
  }
  const key = [
    query.locale,
    query.globalFilterId,
    query.itemGroups.map((ids) => ids.join(',')).join(';'),
    query.terms.join(' '),
    answer.text,
    answer.filterGroups
      .map((group) => group.filterItems.map((item) => item.id).join(','))
      .join(';'),
  ].join('\u0000');
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const counts = countAnswer(index, answer);
  cache.set(key, counts);
  for (const oldKey of cache.keys()) {
    if (cache.size <= COUNT_CACHE_ENTRIES) break;
    cache.delete(oldKey);
  }
  return counts;
}

function countAnswer(index: SearchIndex, answer: AnswerToDescribe): Counts {
  const { query } = answer;
  const text = index.textMatch(query.locale, query.terms);
  const filterSets = answer.globalFilters.map((filter) => index.globalFilter(filter.id));
  const filterCounts = text
    ? andCounts(text.all, filterSets, { keep: true })
    : filterSets.map((set) => set.count());
  const globalFilterCounts = answer.globalFilters.map((filter, at) => ({
    name: filter.name,
    count: filterCounts[at] ?? 0,
  }));

  // Partners of the filter and text: the base every count starts from.
  const base = index.globalFilter(query.globalFilterId).clone();
  if (text) base.andInPlace(text.all);
  const tickedSets = query.itemGroups.map((group) => index.anyOf(group));
  // The ticked group each filter group is (its ticked items are among its items), or -1.
  const tickedOf = answer.filterGroups.map((group) =>
    query.itemGroups.findIndex((ids) => group.filterItems.some((item) => ids.includes(item.id))),
  );
  // Groups with the same ticked group count from the same partners (every other ticked
  // group applied): all groups but the ticked ones share one, so its items are counted
  // in one call instead of a copy and a call per group.
  const itemCounts: number[][] = answer.filterGroups.map(() => []);
  for (const ticked of new Set(tickedOf)) {
    const rest = base.clone();
    tickedSets.forEach((set, at) => {
      if (at !== ticked) rest.andInPlace(set);
    });
    const groups = answer.filterGroups.flatMap((group, at) =>
      tickedOf[at] === ticked ? [{ at, items: group.filterItems }] : [],
    );
    const counts = andCounts(
      rest,
      groups.flatMap(({ items }) => items.map((item) => index.item(item.id))),
      // An index's sets never change: they stay in the counter's memory.
      { keep: true },
    );
    let next = 0;
    for (const { at, items } of groups) {
      itemCounts[at] = counts.slice(next, next + items.length);
      next += items.length;
    }
  }
  const counts: Counts = { itemCounts, globalFilterCounts };
  if (answer.total === 0) counts.zeroResultSteps = zeroResultSteps(index, answer, text);
  return counts;
}

function zeroResultSteps(
  index: SearchIndex,
  answer: AnswerToDescribe,
  text: ReturnType<SearchIndex['textMatch']>,
): ZeroResultStep[] {
  const { query } = answer;
  const ticked = query.itemGroups.flat();
  const steps: ZeroResultStep[] = [];
  for (const itemId of ticked) {
    const groups = query.itemGroups
      .map((group) => group.filter((id) => id !== itemId))
      .filter((group) => group.length > 0);
    const found = index.filtered(query.globalFilterId, groups);
    steps.push({
      remove: { filterItemId: itemId },
      text: answer.text,
      filterItemIds: ticked.filter((id) => id !== itemId),
      totalFound: text ? found.andCount(text.all) : found.count(),
    });
  }
  if (!text) return steps;
  const filtered = index.filtered(query.globalFilterId, query.itemGroups);
  steps.push({
    remove: { text: answer.text },
    text: '',
    filterItemIds: ticked,
    totalFound: filtered.count(),
  });
  const words = [...new Set(answer.text.match(WRITTEN_WORD) ?? [])];
  if (words.length < 2) return steps;
  for (const word of words) {
    const rest = answer.text
      .split(/\s+/)
      .filter((written) => written !== '' && written !== word)
      .join(' ');
    const match = index.textMatch(query.locale, searchTerms(rest));
    steps.push({
      remove: { word },
      text: rest,
      filterItemIds: ticked,
      totalFound: match ? filtered.andCount(match.all) : filtered.count(),
    });
  }
  return steps;
}
