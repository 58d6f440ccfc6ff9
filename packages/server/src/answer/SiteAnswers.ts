/**
 * How a search is answered: everything a server computes from one built site, made with
 * it and dropped with it (its caches too, so no key needs a site generation). Read
 * `answer` from the top: each step is a function of this folder.
 */
import type {
  FilterDefinitions,
  FilterGroup,
  LocatedSearchCriteria,
  Partner,
  SearchCriteria,
} from '@partners-network/contract';
import type { CacheSize, KeptCache } from '../cache/KeptCache';
import type { Bitset } from '../search/Bitset';
import { MatchedWords } from '../search/MatchedWords';
import type { GeoPoint } from '../search/PartnerLocations';
import type { BuiltSite } from '../site/buildSite';
import { cardOf } from '../site/buildSite';
import type { GlobalFilterInfo } from '../site/SiteInfo';
import type { StoredTuning } from '../store/SiteRecords';
import type { StoreSearchResult } from '../store/PartnerStore';
import { pickText, resolveLocale } from '../store/resolveLocale';
import type { AnswerCaches, KeptCard, KeptGroups, OrderedIds } from './AnswerCaches';
import { FIRST_IDS } from './AnswerCaches';
import { KeptAnswer } from '../store/KeptAnswer';
import type { CardHighlights } from '../store/answerJson';
import { answerJson, cardHead, groupsJson } from '../store/answerJson';
import type { CountedSearch } from '../store/StatsStore';
import type { ResolvedRule } from './applyTuning';
import { Tuning } from './applyTuning';
import type { FacetCounts } from './countFacets';
import { countFacets } from './countFacets';
import type { PlaceDistance } from './findNear';
import {
  cardDistance,
  distanceJsonOf,
  distancesOf,
  editorialOrder,
  orderByDistance,
  regionOf,
  relevanceThenDistance,
  widerRadius,
} from './findNear';
import { highlightsOf } from './markHighlights';
import { encodeAnswerId } from '../stats/answerId';
import { countedSearch } from '../stats/countedSearch';
import type { ResolvedSearch } from './resolveSearch';
import { isBrowsing, resolveSearch } from './resolveSearch';

/** A search's kept answer, and when it was just made, what makes its objects. */
interface FoundAnswer {
  kept: KeptAnswer;
  fresh?: { objects(): StoreSearchResult };
}

/**
 * A fresh answer in what it is made of: its JSON written from the kept cards' and groups'
 * JSON (store/answerJson), its objects made only for a caller that asks for them
 * (`SiteAnswers.answer`: the console's preview, tests); the search route sends the JSON.
 * Both from the same pieces: answerJson.test.ts holds the JSON to the objects'.
 */
class FreshAnswer {
  constructor(
    readonly cards: readonly KeptCard[],
    readonly distances: readonly (PlaceDistance | undefined)[] | undefined,
    readonly highlights: readonly CardHighlights[] | undefined,
    readonly totalFound: number,
    readonly groups: KeptGroups,
    readonly counts: FacetCounts,
    readonly applied: StoreSearchResult['appliedCriteria'],
    readonly counted: CountedSearch,
    readonly answerId: string,
    readonly objectOf: (card: KeptCard) => Partner,
  ) {}

  json(): string {
    const heads: string[] = [];
    for (const kept of this.cards) heads.push(kept.json);
    let distances: (string | undefined)[] | undefined;
    if (this.distances) {
      distances = [];
      for (const distance of this.distances) {
        distances.push(distance ? distanceJsonOf(distance) : undefined);
      }
    }
    return answerJson({
      cards: heads,
      distances,
      highlights: this.highlights,
      totalFound: this.totalFound,
      groups: this.groups.json,
      itemCounts: this.counts.itemCounts,
      globalFilterCounts: this.counts.globalFilterCounts,
      zeroResultSteps: this.counts.zeroResultSteps,
      answerId: this.answerId,
      appliedCriteria: this.applied,
    });
  }

  objects(): StoreSearchResult {
    const { distances, highlights } = this;
    // The answer's own objects, made again from the packed cards (kept cards are JSON).
    const partners: Partner[] = [];
    for (const kept of this.cards) partners.push(this.objectOf(kept));
    partners.forEach((partner, at) => {
      const distance = distances?.[at];
      if (distance) partner.distance = cardDistance(distance);
      if (highlights) partner.highlights = highlights[at];
    });
    const answer: StoreSearchResult = {
      partners,
      totalFound: this.totalFound,
      filterGroups: countedGroups(this.groups.groups, this.counts),
      globalFilterCounts: this.counts.globalFilterCounts,
      appliedCriteria: this.applied,
    };
    if (this.counts.zeroResultSteps) answer.zeroResultSteps = this.counts.zeroResultSteps;
    answer.counted = this.counted;
    answer.answerId = this.answerId;
    return answer;
  }
}

/** A page of an answer: its partners' ordinals, and how many partners the answer holds. */
interface FoundPage {
  ordinals: Int32Array;
  total: number;
}

export class SiteAnswers {
  readonly #site: BuiltSite;
  readonly #definitions: KeptCache<FilterDefinitions>;
  readonly #filterGroups: KeptCache<KeptGroups>;
  readonly #firstPages: KeptCache<KeptAnswer>;
  readonly #answers: KeptCache<KeptAnswer>;
  /**
   * By partner and locale as one number (`#readCards`), not a string made and hashed for
   * each card of each answer (bench/README.md, search21).
   */
  readonly #cards: KeptCache<KeptCard, number>;
  /** Each of the site's locales by its position, for the cards' keys. */
  readonly #localeSlots: ReadonlyMap<string, number>;
  readonly #orderedIds: KeptCache<OrderedIds>;
  readonly #counts: KeptCache<FacetCounts>;
  readonly #tuning: Tuning;
  /** A kept card's object, made again from its packed texts (one function per site). */
  readonly #objectOf = (kept: KeptCard): Partner => {
    const { cards, items } = this.#site;
    const packed = cards.readIn(kept.ordinal, kept.locale);
    if (!packed) throw new Error(`no card at ordinal ${kept.ordinal}`);
    return cardOf(packed, kept.locale, items);
  };

  constructor(site: BuiltSite, caches: AnswerCaches) {
    this.#site = site;
    this.#tuning = new Tuning(site.tuning, site.ordinalOf);
    this.#definitions = caches.definitions.create();
    this.#filterGroups = caches.filterGroups.create();
    this.#firstPages = caches.firstPages.create();
    this.#answers = caches.answers.create();
    this.#cards = caches.cards.create<number>();
    this.#localeSlots = new Map(site.info.locales.map((locale, slot) => [locale, slot]));
    this.#orderedIds = caches.orderedIds.create();
    this.#counts = caches.counts.create();
  }

  get site(): BuiltSite {
    return this.#site;
  }

  /** The caches of this site, for `/metrics`: its own and its index's. */
  caches(): CacheSize[] {
    return [
      this.#definitions,
      this.#filterGroups,
      this.#firstPages,
      this.#answers,
      this.#cards,
      this.#orderedIds,
      this.#counts,
      ...this.#site.index.termSetCaches,
    ];
  }

  /**
   * Empties every cache of this site, its index's term sets included: what a start-up
   * warm-up over HTTP leaves behind (http/warmUpOverLoopback) is compiled code only.
   */
  forget(): void {
    this.#definitions.clear();
    this.#filterGroups.clear();
    this.#firstPages.clear();
    this.#answers.clear();
    this.#cards.clear();
    this.#orderedIds.clear();
    this.#counts.clear();
    for (const cache of this.#site.index.termSetCaches) cache.clear();
  }

  /** SPEC 7's filter definitions: the global filters, and the default one's groups. */
  definitions(locale: string): FilterDefinitions {
    const { info } = this.#site;
    const resolved = resolveLocale(locale, info.locales);
    return this.#definitions.getOrMake(resolved, () => ({
      globalFilters: info.globalFilters.map((filter) => ({
        name: filter.name,
        label: pickText(filter.labels, resolved),
      })),
      defaultGlobalFilter: info.defaultGlobalFilter?.name ?? '',
      filterGroups: info.defaultGlobalFilter
        ? this.#groupsOf(info.defaultGlobalFilter, resolved).groups
        : [],
    }));
  }

  /**
   * SPEC 7's search, as the search route sends it: answers are kept as their wire JSON
   * (store/KeptAnswer), those without text or items apart, since every visitor asks one
   * of them first.
   */
  kept(criteria: LocatedSearchCriteria, locale: string): KeptAnswer {
    return this.#find(criteria, locale).kept;
  }

  /** SPEC 7's search as objects: the fresh answer's, or a kept one read back from its JSON. */
  answer(criteria: LocatedSearchCriteria, locale: string): StoreSearchResult {
    const { kept, fresh } = this.#find(criteria, locale);
    return fresh ? fresh.objects() : kept.answer();
  }

  #find(criteria: LocatedSearchCriteria, locale: string): FoundAnswer {
    const search = resolveSearch(this.#site.info, criteria, locale);
    if (!search) {
      const answer = noFilterAnswer(criteria);
      return { kept: KeptAnswer.of(answer), fresh: { objects: () => answer } };
    }
    const cache = isBrowsing(search) ? this.#firstPages : this.#answers;
    // The answer echoes the text and the ids as sent: they are part of its key.
    const key = [
      search.key,
      search.offset,
      search.resultsPerPage,
      search.applied.filterItemIds.join(','),
      search.text,
    ].join('\u0000');
    const kept = cache.get(key);
    if (kept) return { kept };
    const fresh = this.#answerAfresh(search);
    const made = new KeptAnswer(fresh.json(), fresh.totalFound, fresh.counted, fresh.cards.length);
    cache.set(key, made);
    return { kept: made, fresh };
  }

  /** The same site answered with another tuning: the console's preview of a tuning not saved. */
  withTuning(tuning: StoredTuning, caches: AnswerCaches): SiteAnswers {
    return new SiteAnswers({ ...this.#site, tuning }, caches);
  }

  #answerAfresh(search: ResolvedSearch): FreshAnswer {
    const { index, info, locations } = this.#site;
    const page = this.#findPage(search);
    const counts = this.#counts.getOrMake(`${search.key}\u0000${search.text}`, () =>
      countFacets(
        index,
        info.globalFilters,
        search,
        page.total,
        (terms) => this.#matchText(search.locale, terms),
        {
          region: regionOf(locations, search),
          // A method, not an arrow function in a property: tsx's keepNames names such a
          // function by Object.defineProperty, for every fresh answer (bench/README.md, store20).
          widen(matching) {
            return widerRadius(locations, search, matching);
          },
        },
      ),
    );
    const words = this.#matchedWords(search);
    const cards = this.#readCards(page.ordinals, search.locale);
    // Distances and highlights by the cards' positions: the answer's own, written into its
    // JSON beside the kept cards' (and into copies of the cards only when objects are asked).
    const distances = search.near
      ? distancesOf(cards.length, page.ordinals, locations, search.near)
      : undefined;
    const highlights = words ? highlightsOf(cards, words) : undefined;
    const counted = this.#counted(search);
    return new FreshAnswer(
      cards,
      distances,
      highlights,
      page.total,
      this.#groupsOf(search.filter, search.locale),
      counts,
      search.applied,
      counted,
      this.#answerId(counted, search, page.ordinals),
      this.#objectOf,
    );
  }

  /** What a first page of the search is counted as: made with the answer, cached with it. */
  #counted(search: ResolvedSearch): CountedSearch {
    return countedSearch({
      locale: search.locale,
      typed: search.text,
      terms: search.terms,
      globalFilter: search.applied.globalFilter,
      itemIds: search.applied.filterItemIds,
    });
  }

  /** The page's id for the beacon of a card opened: the same for every visitor. */
  #answerId(counted: CountedSearch, search: ResolvedSearch, ordinals: Int32Array): string {
    // A loop and named fields, not `Array.from` with a callback and a spread of `counted`:
    // this runs for every fresh answer (bench/README.md, first-ask7).
    const partnerIds = new Array<number>(ordinals.length);
    for (let at = 0; at < ordinals.length; at += 1) {
      partnerIds[at] = this.#site.idOf(ordinals[at] ?? -1) ?? 0;
    }
    return encodeAnswerId({
      locale: counted.locale,
      text: counted.text,
      globalFilter: counted.globalFilter,
      itemIds: counted.itemIds,
      offset: search.offset,
      partnerIds,
    });
  }

  /**
   * The page's partners. Browsing lists the first ones in editorial order (cheap at any
   * size); other searches keep their ordered partners for the next pages and visitors:
   * the first ones only, until someone pages further.
   */
  #findPage(search: ResolvedSearch): FoundPage {
    const { index } = this.#site;
    const end = search.offset + search.resultsPerPage;
    if (search.near) {
      let kept = this.#orderedIds.get(search.key);
      if (!kept || (end > kept.ids.length && kept.ids.length < kept.total)) {
        // Ordering by distance measures every partner it places: a first page places its
        // own, the second the first hundred (most visitors see one page).
        const limit = search.offset === 0 ? end : end <= FIRST_IDS ? FIRST_IDS : Infinity;
        kept = this.#orderNear(search, search.near, limit);
        this.#orderedIds.set(search.key, kept);
      }
      return { ordinals: kept.ids.subarray(search.offset, end), total: kept.total };
    }
    if (isBrowsing(search)) {
      const first = index.findFirst(search.query, end);
      return { ordinals: first.ordinals.subarray(search.offset), total: first.total };
    }
    const alternatives = this.#tuning.alternatives(search.terms);
    const rule = this.#tuning.ruleFor(search.terms);
    if (alternatives.length > 1 || rule) {
      const tuned = this.#orderedIds.getOrMake(search.key, () =>
        this.#tunedOrder(search, alternatives, rule),
      );
      return { ordinals: tuned.ids.subarray(search.offset, end), total: tuned.total };
    }
    let kept = this.#orderedIds.get(search.key);
    if (!kept || (end > kept.ids.length && kept.ids.length < kept.total)) {
      const found = index.findFirst(search.query, end <= FIRST_IDS ? FIRST_IDS : Infinity);
      kept = { ids: found.ordinals, total: found.total };
      this.#orderedIds.set(search.key, kept);
    }
    return { ordinals: kept.ids.subarray(search.offset, end), total: kept.total };
  }

  /**
   * A search near a point, all its partners in order: the filters, the text (tuning laid
   * in) and the radius choose them; by distance, or by relevance with distance breaking
   * ties (a tuned search keeps its tuned order: pinned first).
   */
  #orderNear(search: ResolvedSearch, near: GeoPoint, limit: number): OrderedIds {
    const { index, locations } = this.#site;
    const region = regionOf(locations, search);
    const alternatives = this.#tuning.alternatives(search.terms);
    const rule = this.#tuning.ruleFor(search.terms);
    const tuned = alternatives.length > 1 || rule !== undefined;
    // Without text every partner ranks alike: relevance, then distance, is distance.
    const byDistance = search.order === 'distance' || search.terms.length === 0;
    if (!byDistance && !tuned) {
      // The index ranks inside the radius, up to the end of the rank the page ends in.
      const ranked = index.findFirst(search.query, limit, {
        wholeRank: 'set',
        ...(region ? { within: region } : {}),
      });
      return relevanceThenDistance(locations, near, ranked, limit);
    }
    const candidates = index.filtered(search.filter.id, search.query.itemGroups);
    const text = this.#matchText(search.locale, search.terms);
    if (text) candidates.andInPlace(text);
    if (region) candidates.andInPlace(region);
    if (byDistance) {
      // The closure passed as it is made, not named by a const: the server runs under tsx,
      // whose keepNames gives a named closure its name by Object.defineProperty on every
      // answer (about 4 µs a search by distance in a CPU profile at 1k, bench/README.md).
      return orderByDistance(
        locations,
        near,
        candidates,
        () => editorialOrder(index, search),
        limit,
      );
    }
    const order = Array.from(this.#tunedOrder(search, alternatives, rule).ids).filter((ordinal) =>
      candidates.has(ordinal),
    );
    return { ids: Int32Array.from(order.slice(0, limit)), total: order.length };
  }

  /**
   * A tuned search's partners, all of them: the rule's pinned partners the filters let
   * through, in the rule's order, then those the text as typed finds, then those each
   * synonym's rewrite finds; a rule's hidden partners never.
   */
  #tunedOrder(
    search: ResolvedSearch,
    alternatives: readonly string[][],
    rule: ResolvedRule | undefined,
  ): OrderedIds {
    const { index } = this.#site;
    const filtered = index.filtered(search.filter.id, search.query.itemGroups);
    const hidden = rule?.hidden ?? new Set<number>();
    const seen = new Set<number>();
    const order: number[] = [];
    const take = (ordinal: number) => {
      if (seen.has(ordinal) || hidden.has(ordinal)) return;
      seen.add(ordinal);
      order.push(ordinal);
    };
    for (const ordinal of rule?.pinned ?? []) if (filtered.has(ordinal)) take(ordinal);
    for (const terms of alternatives) index.find({ ...search.query, terms }).forEach(take);
    return { ids: Int32Array.from(order), total: order.length };
  }

  /**
   * The partners a text matches in a locale, tuning laid in: as typed or as a synonym
   * rewrites it, a rule's pinned partners in and its hidden ones out. Null without terms.
   */
  #matchText(locale: string, terms: readonly string[]): Bitset | null {
    const { index } = this.#site;
    let matched: Bitset | null = null;
    // The index's sets are read-only: a copy is made only to be changed.
    let copied = false;
    for (const alternative of this.#tuning.alternatives(terms)) {
      const set = index.textMatch(locale, alternative)?.all;
      if (!set) continue;
      if (matched) {
        if (!copied) matched = matched.clone();
        copied = true;
        matched.orInPlace(set);
      } else matched = set;
    }
    const rule = this.#tuning.ruleFor(terms);
    if (matched && rule) {
      if (!copied) matched = matched.clone();
      for (const ordinal of rule.pinned) matched.add(ordinal);
      for (const ordinal of rule.hidden) matched.delete(ordinal);
    }
    return matched;
  }

  /** The words every text the search ran matched (what highlights mark); null without terms. */
  #matchedWords(search: ResolvedSearch): MatchedWords | null {
    const { index } = this.#site;
    let words: MatchedWords | null = null;
    for (const alternative of this.#tuning.alternatives(search.terms)) {
      const matched = index.matchedWords(search.locale, alternative);
      if (matched) words = words ? MatchedWords.union(words, matched) : matched;
    }
    return words;
  }

  /**
   * A partner's card in a locale, unpacked once for every answer that shows it, as JSON
   * (store/answerJson) and the texts highlights mark.
   */
  #readCards(ordinals: Int32Array, locale: string): KeptCard[] {
    const { cards, items } = this.#site;
    const read: KeptCard[] = [];
    const slot = this.#localeSlot(locale);
    for (const ordinal of ordinals) {
      const key = ordinal * (this.#localeSlots.size + 1) + slot;
      let kept = this.#cards.get(key);
      if (!kept) {
        const packed = cards.readIn(ordinal, locale);
        if (!packed) continue;
        const card = cardOf(packed, locale, items);
        kept = { json: cardHead(card), title: card.title, summary: card.summary, ordinal, locale };
        this.#cards.set(key, kept);
      }
      read.push(kept);
    }
    return read;
  }

  /**
   * A card's locale as the slot of its key (ordinal x (locales + 1) + slot). A search's
   * locale is resolved (resolveSearch): one of the site's, else en-US, the one locale
   * outside them, whose slot is the last.
   */
  #localeSlot(locale: string): number {
    return this.#localeSlots.get(locale) ?? this.#localeSlots.size;
  }

  #groupsOf(filter: GlobalFilterInfo, locale: string): KeptGroups {
    return this.#filterGroups.getOrMake(`${filter.id}\u0000${locale}`, () => {
      const groups = filter.groups.map((group) => ({
        name: pickText(group.names, locale),
        filterItems: group.items.map((item) => ({
          id: item.id,
          name: pickText(item.names, locale),
        })),
      }));
      return { groups, json: groupsJson(groups) };
    });
  }
}

/** A filter's groups with each item's count: new objects, the kept groups unchanged. */
function countedGroups(groups: readonly FilterGroup[], counts: FacetCounts): FilterGroup[] {
  // Literals, not spreads: a spread adding `count` to a kept item grows a second object
  // for its properties, for every item of every fresh answer (the same keys, in order).
  // Loops and pushes, not map(): one array shape in the interpreter and optimized alike
  // (answer/resolveSearch).
  const counted: FilterGroup[] = [];
  let at = 0;
  for (const group of groups) {
    const groupCounts = counts.itemCounts[at];
    const filterItems: FilterGroup['filterItems'] = [];
    let position = 0;
    for (const item of group.filterItems) {
      filterItems.push({ id: item.id, name: item.name, count: groupCounts?.[position] ?? 0 });
      position += 1;
    }
    counted.push({ name: group.name, filterItems });
    at += 1;
  }
  return counted;
}

/** A site without global filters answers nothing. */
function noFilterAnswer(criteria: SearchCriteria): StoreSearchResult {
  return {
    partners: [],
    totalFound: 0,
    filterGroups: [],
    appliedCriteria: { ...criteria, globalFilter: '', filterItemIds: [] },
  };
}
