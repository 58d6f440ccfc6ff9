/**
 * Every cache of a site's answers, with its bound and why it is there. One set of kinds
 * per service (their lookups show in `/metrics`); each built site has its own caches of
 * these kinds (answer/SiteAnswers), dropped with it.
 */
import type { FilterDefinitions, FilterGroup } from '@partners-network/contract';
import { CacheKind } from '../cache/KeptCache';
import type { TermSet } from '../search/TermSet';
import { termSetsKind } from '../search/TermSet';
import type { FacetCounts } from './countFacets';
import type { KeptAnswer } from '../store/KeptAnswer';
import type { GroupsJson } from '../store/answerJson';

/**
 * A card in a locale as fresh answers use it: its JSON without distance and highlights
 * (store/answerJson's cardHead, what a fresh answer's JSON is written from) and the two
 * texts highlights mark. Its object is made again only for a caller that asks for objects
 * (`SiteAnswers.answer`): kept as an object too, a card held about a third more, and the
 * cards an answer adds are most of what it leaves to the old generation (bench/README.md,
 * cards24).
 */
export interface KeptCard {
  json: string;
  title: string;
  summary: string;
  /** Whose card, in which locale: what its object is made again from. */
  ordinal: number;
  locale: string;
}

/** A global filter's groups in a locale, and their names as JSON pieces (store/answerJson). */
export interface KeptGroups {
  groups: FilterGroup[];
  json: GroupsJson;
}

/** A search's partners in answer order: its first ones, or all of them. */
export interface OrderedIds {
  /** Partner ordinals of the site's index. */
  ids: Int32Array;
  total: number;
}

export interface AnswerCaches {
  definitions: CacheKind<FilterDefinitions>;
  filterGroups: CacheKind<KeptGroups>;
  firstPages: CacheKind<KeptAnswer>;
  answers: CacheKind<KeptAnswer>;
  cards: CacheKind<KeptCard>;
  orderedIds: CacheKind<OrderedIds>;
  counts: CacheKind<FacetCounts>;
  termSets: CacheKind<TermSet>;
}

/** Answers weigh by their cards: a page of 100 holds ten times what a page of 10 does. */
const weighAnswer = (answer: KeptAnswer) => answer.weight;

/**
 * A search's first ids kept when nobody paged further: ten pages of ten. At 100k
 * partners a broad search matches 50k ids; keeping them all, the cache held 20 searches.
 */
export const FIRST_IDS = 100;

export function answerCaches(): AnswerCaches {
  return {
    // Per locale: a handful.
    definitions: new CacheKind({ name: 'definitions', maxEntries: 64 }),
    // Per global filter and locale.
    filterGroups: new CacheKind({ name: 'filter-groups', maxEntries: 512 }),
    // Answers without text or items: every visitor's first search is one of them.
    firstPages: new CacheKind({
      name: 'first-pages',
      maxEntries: 500,
      maxWeight: 5000,
      weigh: weighAnswer,
    }),
    // Other answers (about 10 KB of JSON each, kept as 2 KB of brotli for browsers): a
    // repeated search skips its counts and highlights, the larger part of its cost at 100k.
    answers: new CacheKind({
      name: 'answers',
      maxEntries: 500,
      maxWeight: 5000,
      weigh: weighAnswer,
    }),
    // Cards as answers send them, each as JSON and its two texts (0.5 to 1 KB, 2 MB in all
    // at most): unpacking ten cards
    // was a tenth of a new search at 100k, and 86 % of the cards of the bench's first-ask
    // pass had been shown by an earlier search. Searches near a place show other partners
    // for every place: the bench's 203 searches near its cities show 1,127 partners at 10k
    // (the same texts alone: 455), and with 1000 kept each page unpacked all ten cards (a
    // sixth of a near search).
    cards: new CacheKind({ name: 'cards', maxEntries: 2000 }),
    // Load More pages skip matching and ranking: at most 4 MB of ids in 5000 searches.
    orderedIds: new CacheKind({
      name: 'ordered-ids',
      maxEntries: 5000,
      maxWeight: 1_000_000,
      weigh: (kept: OrderedIds) => kept.ids.length + 1,
    }),
    // Counts of recent searches, so a Load More page or another visitor's same search skips
    // the bitset work (about 40 items of 100k partners each).
    counts: new CacheKind({ name: 'counts', maxEntries: 500 }),
    termSets: termSetsKind(),
  };
}
