/**
 * Fresh answers of the served site itself, made and thrown away before a server says it is
 * ready, so the optimizing compiler has compiled a fresh answer's steps on the site's own
 * objects before the first visitor asks something new. warmUpCode's made-up site of three
 * partners runs that code once; V8 optimizes a function called once per answer only after
 * several hundred calls, and code optimized on another site's objects is thrown away at the
 * first object of another shape ("wrong map"). Without this, a new server compiled the
 * fresh-answer path during its first thousand new searches, on a core its visitors needed
 * (bench/README.md, first-ask12 and first-ask14).
 *
 * The searches come from the site's data (words of its partners' titles, its filters'
 * items, its locales), in the kinds visitors ask: words, beginnings, typos, two words,
 * items, both, later pages, other global filters, nothing found. What they leave behind
 * is compiled code only: the answers go to caches of their own, and the index's term sets
 * (and their lookup counts in /metrics) are as they were.
 */
import type { LocatedSearchCriteria } from '@partners-network/contract';
import { locatedSearchCriteriaSchema } from '@partners-network/contract';
import type { BuiltSite } from '../site/buildSite';
import { answerCaches } from './AnswerCaches';
import { SiteAnswers } from './SiteAnswers';

/** Sites smaller than this answer afresh in well under a millisecond, compiled or not. */
export const WARM_UP_ANSWERS_FROM = 2000;
/** Enough calls for V8 to optimize the steps of a fresh answer (first-ask14's traces). */
export const WARM_UP_ANSWERS = 600;
/** Partners whose titles give the warm-up its words. */
const WORD_SOURCES = 64;

/** `count` searches over `site`'s own data, the same list for the same site. */
export function warmUpSearches(
  site: BuiltSite,
  count: number,
): { criteria: LocatedSearchCriteria; locale: string }[] {
  const { info, cards, size } = site;
  const filter = info.defaultGlobalFilter;
  if (!filter || size === 0) return [];
  const locales = info.locales.length > 0 ? info.locales : ['en-US'];
  const words: string[] = [];
  const step = Math.max(1, Math.floor(size / WORD_SOURCES));
  for (let ordinal = 0; ordinal < size && words.length < 4 * WORD_SOURCES; ordinal += step) {
    const card = cards.read(ordinal);
    if (!card) continue;
    for (const title of Object.values(card.titles)) {
      for (const word of title.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 4) words.push(word);
    }
  }
  if (words.length === 0) words.push('partner');
  const items = filter.groups.flatMap((group) => group.items.map((item) => item.id));
  const others = info.globalFilters.filter((other) => other !== filter);
  const wordAt = (at: number) => words[at % words.length] ?? 'partner';
  const itemAt = (at: number) => items[at % (items.length || 1)];
  const itemsFrom = (at: number, length: number) => {
    const ids: number[] = [];
    for (let next = 0; next < length; next += 1) {
      const id = itemAt(at * 7 + next * 13);
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    return ids;
  };
  // A letter swapped with the next, in the middle: within the typo budget of 4 letters on.
  const typo = (word: string) => {
    const at = Math.floor(word.length / 2) - 1;
    return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
  };
  const searches: { criteria: LocatedSearchCriteria; locale: string }[] = [];
  for (let at = 0; searches.length < count; at += 1) {
    const word = wordAt(at);
    let text = '';
    let filterItemIds: number[] = [];
    let offset = 0;
    let globalFilter = filter.name;
    switch (at % 10) {
      case 0:
        text = word;
        break;
      case 1:
        text = word.slice(0, 3 + (at % 4));
        break;
      case 2:
        text = word.slice(0, 2);
        break;
      case 3:
        text = typo(word);
        break;
      case 4:
        text = `${wordAt(at * 3 + 1)} ${word.slice(0, 4)}`;
        break;
      case 5:
        filterItemIds = itemsFrom(at, 1 + (at % 3));
        offset = at % 4 === 1 ? 10 : 0;
        break;
      case 6:
        text = word.slice(0, 5);
        filterItemIds = itemsFrom(at, 1 + (at % 2));
        break;
      case 7:
        offset = 10 * (1 + (at % 9));
        break;
      case 8:
        globalFilter = others[at % (others.length || 1)]?.name ?? filter.name;
        text = at % 20 < 10 ? word.slice(0, 4) : '';
        break;
      default:
        // Nothing found: the steps back of an empty answer.
        text = `${word} qzxw${at % 7}`;
    }
    const parsed = locatedSearchCriteriaSchema.safeParse({
      globalFilter,
      text,
      filterItemIds,
      offset,
      resultsPerPage: 10,
    });
    if (parsed.success) {
      searches.push({ criteria: parsed.data, locale: locales[at % locales.length] ?? 'en-US' });
    }
    if (at > 4 * count) break;
  }
  return searches;
}

/**
 * Answers `count` of the site's own searches afresh, as the search route would (up to the
 * answer's JSON; its brotli is the http layer's), and forgets them. Returns how many.
 */
export function warmUpAnswers(site: BuiltSite, count = WARM_UP_ANSWERS): number {
  const searches = warmUpSearches(site, count);
  if (searches.length === 0) return 0;
  const termSets = site.index.termSetCaches;
  const lookups = termSets.map((cache) => [cache.kind.hits, cache.kind.misses] as const);
  const answers = new SiteAnswers(site, answerCaches());
  for (const { criteria, locale } of searches) {
    answers.kept(criteria, locale);
  }
  termSets.forEach((cache, at) => {
    cache.clear();
    const [hits, misses] = lookups[at] ?? [0, 0];
    cache.kind.hits = hits;
    cache.kind.misses = misses;
  });
  return searches.length;
}
