/**
 * Turns a stored site into what a server answers from: its definitions per global
 * filter, its search index and its partners' cards, all in memory. Runs page by page,
 * giving the event loop back between pages, so searches on the index being replaced go on.
 */
import { IdOrdinals } from './IdOrdinals';
import type { Partner } from '@partners-network/contract';
import type { IndexedDocument, SiteIndex } from '../search/SiteIndex';
import type { SiteHead, StoredSite } from '../store/PartnerSource';
import type { StoredPartner, StoredTuning } from '../store/SiteRecords';
import type { CardTexts, LocaleCard, PackedCards } from './PackedCards';
import { PackedCardsBuilder, textOr } from './PackedCards';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import { pickText } from '../store/resolveLocale';
import type { SearchIndex } from '../search/SearchIndex';
import type { CacheKind } from '../cache/KeptCache';
import type { TermSet } from '../search/TermSet';
import { inlineSink, workerSink } from './buildIndex';
import type { GlobalFilterInfo, GroupInfo, SiteInfo } from './SiteInfo';
import type { PartnerLocations, SiteLocations } from '../search/PartnerLocations';
import { SiteLocationsBuilder } from '../search/PartnerLocations';
import { cityKeyOf } from '../geo/placeKey';

/** Most badges a card shows: a few meaningful categories, not every tag. */
export const MAX_BADGES = 4;
/** Partners of a site in memory per page (as sources read them). */
const SLICE = 500;

export interface ItemForCard {
  id: number;
  groupPosition: number;
  position: number;
  showAsCategory: boolean;
  names: Map<string, string>;
}

/** Card texts by ordinal: the ordinals of a search's answer index it. */
export interface CardReader {
  /** Every locale's texts. */
  read(ordinal: number): CardTexts | undefined;
  /** The texts an answer in `locale` shows, no other locale's read. */
  readIn(ordinal: number, locale: string): LocaleCard | undefined;
}

/** What a server answers a site from. */
export interface BuiltSite {
  info: SiteInfo;
  index: SearchIndex;
  cards: CardReader;
  /** Every filter item of the site, for the badges of cards. */
  items: ReadonlyMap<number, ItemForCard>;
  version: number;
  /** Partners, for the metrics of a site. */
  size: number;
  /** The last whole build: changes since are laid over it (site/layerSite). */
  whole: WholeSite;
  /** Partners changed, added or removed since the whole build (0: this is it). */
  laid: number;
  /** The operator's tuning of the site's search (answer/applyTuning). */
  tuning: StoredTuning;
  /** The ordinal of a partner by its id, undefined when it is not in the site. */
  ordinalOf(id: number): number | undefined;
  /** The id of the partner at an ordinal (what answer ids name: stats/answerId). */
  idOf(ordinal: number): number | undefined;
  /** The partners' locations, by the index's ordinals (search/PartnerLocations). */
  locations: PartnerLocations;
}

/** A site built whole from its stored partners. */
export interface WholeSite {
  info: SiteInfo;
  index: SiteIndex;
  cards: PackedCards;
  items: ReadonlyMap<number, ItemForCard>;
  version: number;
  /** Its index was built in a worker thread (large sites). */
  builtInWorker: boolean;
  /** The definitions it was built from, as JSON: a change of them needs a whole build. */
  definitions: string;
  /** Each ordinal's editorial key: its position, then its partner id. */
  positions: Float64Array;
  ids: Float64Array;
  /** Ordinals by partner id: which of them a change masks out. */
  byId: IdOrdinals;
  locations: SiteLocations;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** Shared by every partner without items or badges. */
const NONE: readonly ItemForCard[] = Object.freeze([]);

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

function toMap(texts: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(texts));
}

/** The text in a locale, else in en-US, else empty; an empty text counts as none. */
function textIn(texts: Readonly<Record<string, string>>, locale: string): string {
  return textOr(texts[locale], texts[DEFAULT_LOCALE]);
}

function byPosition<T extends { position: number; id: number }>(a: T, b: T): number {
  return a.position - b.position || a.id - b.id;
}

/**
 * A card as the contract has it, in a locale: what its JSON is written from (kept cards),
 * and an answer's objects. Every field of a card, in one order, undefined when a card has
 * none (JSON leaves those out): one hidden class for every card, so an answer sets its
 * distance and highlights without V8 making a new map, and the code that reads cards sees
 * one map (a map markHighlights had not seen made V8 throw its optimized code away and wait
 * about 500 answers to optimize it again: bench, near a city at 1k).
 */
export function cardOf(
  card: LocaleCard,
  locale: string,
  items: ReadonlyMap<number, ItemForCard>,
): Partner {
  // The item's own name: a card's badge shares its string with every other card's. An
  // item without a name in the locale or en-US shows no badge. Made at its length, not by
  // pushes: an array pushed into from empty holds room for 17, and objects keep it. Not
  // by map() either: its array is packed in the interpreter and holey once optimized, and
  // the change threw the optimized code away (answer/resolveSearch).
  let categories = new Array<{ name: string }>(card.badgeIds.length);
  let at = 0;
  for (const id of card.badgeIds) {
    categories[at] = { name: pickText(items.get(id)?.names ?? NO_NAMES, locale) };
    at += 1;
  }
  if (categories.some((category) => category.name === '')) {
    categories = categories.filter((category) => category.name !== '');
  }
  return {
    image: { url: card.imageUrl },
    categories,
    title: card.title,
    summary: card.summary,
    url: card.url,
    contact: card.contactSlug === undefined ? undefined : { slug: card.contactSlug },
    distance: undefined,
    highlights: undefined,
  };
}

function siteInfoOf(stored: SiteHead, partnerCounts: Map<number, number>): SiteInfo {
  const { definitions } = stored;
  const groups = new Map<number, GroupInfo>();
  for (const group of [...definitions.groups].sort(byPosition)) {
    groups.set(group.id, {
      id: group.id,
      key: group.key,
      position: group.position,
      showAsCategory: group.showAsCategory,
      names: toMap(group.names),
      items: [],
    });
  }
  for (const item of [...definitions.items].sort(byPosition)) {
    groups
      .get(item.groupId)
      ?.items.push({ id: item.id, position: item.position, names: toMap(item.names) });
  }
  const globalFilters = [...definitions.globalFilters]
    .sort(byPosition)
    .map((filter): GlobalFilterInfo => {
      const filterGroups = filter.groupIds
        .map((id) => groups.get(id))
        .filter((group): group is GroupInfo => group !== undefined);
      const itemGroup = new Map<number, number>();
      for (const group of filterGroups) {
        for (const item of group.items) itemGroup.set(item.id, group.id);
      }
      return {
        id: filter.id,
        name: filter.name,
        partnerCount: partnerCounts.get(filter.id) ?? 0,
        labels: toMap(filter.labels),
        groups: filterGroups,
        itemGroup,
      };
    });
  return {
    id: stored.id,
    locales: definitions.locales,
    globalFilters,
    defaultGlobalFilter:
      globalFilters.find((filter) => filter.id === definitions.defaultGlobalFilterId) ??
      globalFilters[0],
    byName: new Map(globalFilters.map((filter) => [filter.name, filter])),
  };
}

export interface BuildOptions {
  /** Sites of this many partners or more are indexed in a worker thread. */
  workerFrom: number;
  /** From this many locations their kd-tree is sorted in a worker thread (buildLocationTree). */
  treeWorkerFrom?: number;
  /** The kind the index's term-set cache counts in (a service's, for /metrics). */
  termSets?: CacheKind<TermSet>;
}

/** Builds a site in memory (a change's partners, tests): one page, in editorial order. */
export async function buildSite(stored: StoredSite, options: BuildOptions): Promise<BuiltSite> {
  // Sources answer in editorial order already; sorting 100k again would hold the loop.
  const inOrder = stored.partners.every(
    (partner, at) => at === 0 || byPosition(stored.partners[at - 1] ?? partner, partner) <= 0,
  );
  const partners = inOrder ? stored.partners : [...stored.partners].sort(byPosition);
  async function* pages(): AsyncGenerator<StoredPartner[]> {
    for (let at = 0; at < partners.length; at += SLICE) yield partners.slice(at, at + SLICE);
  }
  return buildSiteFrom({ ...stored, partnerCount: partners.length }, pages(), options);
}

/**
 * Builds a site from its pages as a source reads them (PartnerSource.loadSite): each
 * page's cards are packed and its documents indexed before the next page is read, so
 * the site's records are never all in memory (they were 150 MB of heap at 100k).
 */
export async function buildSiteFrom(
  head: SiteHead,
  pages: AsyncIterable<StoredPartner[]>,
  options: BuildOptions,
): Promise<BuiltSite> {
  const whole = await buildWhole(head, pages, options);
  return {
    info: whole.info,
    index: whole.index,
    cards: whole.cards,
    items: whole.items,
    version: whole.version,
    size: whole.index.size,
    whole,
    laid: 0,
    tuning: head.tuning,
    ordinalOf: (id) => whole.byId.get(id),
    idOf: (ordinal) => whole.ids[ordinal],
    locations: whole.locations,
  };
}

/** Every filter item of a site as cards show them (badges in group, then item order). */
function itemsForCards(definitions: SiteHead['definitions']): Map<number, ItemForCard> {
  const groupById = new Map(definitions.groups.map((group) => [group.id, group]));
  const items = new Map<number, ItemForCard>();
  for (const item of definitions.items) {
    const group = groupById.get(item.groupId);
    items.set(item.id, {
      id: item.id,
      groupPosition: group?.position ?? 0,
      position: item.position,
      showAsCategory: group?.showAsCategory ?? false,
      names: toMap(item.names),
    });
  }
  return items;
}

/** Where the index is built: a worker thread for a large site, else this thread. */
function openSink(size: number, locales: readonly string[], options: BuildOptions) {
  if (size >= options.workerFrom) {
    try {
      return { sink: workerSink(size, locales, options.termSets), builtInWorker: true };
    } catch {
      // No worker threads where this runs: the main thread builds it.
    }
  }
  return { sink: inlineSink(size, locales, options.termSets), builtInWorker: false };
}

/** What a whole build keeps of each partner besides its documents, by ordinal. */
class PartnerTable {
  readonly positions: Float64Array;
  readonly ids: Float64Array;
  /** The page's (global filter id, ordinal) and (filter item id, ordinal), flat. */
  #filterPairs: number[] = [];
  #itemPairs: number[] = [];
  readonly partnerCounts = new Map<number, number>();
  readonly cards: PackedCardsBuilder;
  readonly locations: SiteLocationsBuilder;
  readonly #filterIds: Map<string, number>;
  readonly #items: ReadonlyMap<number, ItemForCard>;

  constructor(size: number, head: SiteHead, items: ReadonlyMap<number, ItemForCard>) {
    this.positions = new Float64Array(size);
    this.ids = new Float64Array(size);
    this.cards = new PackedCardsBuilder(size);
    this.locations = new SiteLocationsBuilder(size);
    this.#filterIds = new Map(
      head.definitions.globalFilters.map((filter) => [filter.name, filter.id]),
    );
    this.#items = items;
  }

  /** Adds a partner; its filter items in card order (what its documents list). */
  add(ordinal: number, partner: StoredPartner): readonly ItemForCard[] {
    const { record } = partner;
    this.positions[ordinal] = partner.position;
    this.ids[ordinal] = partner.id;
    for (const name of record.globalFilters) {
      const filterId = this.#filterIds.get(name);
      if (filterId === undefined) continue;
      this.#filterPairs.push(filterId, ordinal);
      this.partnerCounts.set(filterId, (this.partnerCounts.get(filterId) ?? 0) + 1);
    }
    for (const itemId of record.filterItemIds) this.#itemPairs.push(itemId, ordinal);
    const partnerItems: readonly ItemForCard[] =
      record.filterItemIds.length === 0
        ? NONE
        : [...record.filterItemIds]
            .sort((a, b) => a - b)
            .map((id) => this.#items.get(id))
            .filter((item): item is ItemForCard => item !== undefined)
            .sort((a, b) => a.groupPosition - b.groupPosition || a.position - b.position);
    this.cards.add({
      url: record.url,
      imageUrl: record.imageUrl,
      titles: record.title,
      summaries: record.summary,
      badgeIds: partnerItems
        .filter((item) => item.showAsCategory)
        .slice(0, MAX_BADGES)
        .map((item) => item.id),
      ...(record.contact ? { contactSlug: partner.slug } : {}),
    });
    this.locations.add(ordinal, record.locations ?? []);
    return partnerItems;
  }

  /** The memberships added since the last call, for the index with their page's documents. */
  takeMemberships(): { filters: Int32Array; items: Int32Array } {
    const taken = {
      filters: Int32Array.from(this.#filterPairs),
      items: Int32Array.from(this.#itemPairs),
    };
    this.#filterPairs = [];
    this.#itemPairs = [];
    return taken;
  }
}

async function buildWhole(
  head: SiteHead,
  pages: AsyncIterable<StoredPartner[]>,
  options: BuildOptions,
): Promise<WholeSite> {
  const { definitions } = head;
  const items = itemsForCards(definitions);
  const size = head.partnerCount;
  const table = new PartnerTable(size, head, items);
  const { locales } = definitions;
  const { sink, builtInWorker } = openSink(size, locales, options);
  let ordinal = 0;
  try {
    for await (const page of pages) {
      const batches = locales.map((locale) => ({ locale, documents: [] as IndexedDocument[] }));
      for (const partner of page) {
        if (ordinal >= size) throw new Error(`the site gave more partners than its ${size}`);
        const partnerItems = table.add(ordinal, partner);
        for (const batch of batches) {
          batch.documents.push({
            ordinal,
            documentId: ordinal + 1,
            title: textIn(partner.record.title, batch.locale),
            categories: partnerItems.map((item) => pickText(item.names, batch.locale)).join(' '),
            summary: textIn(partner.record.summary, batch.locale),
          });
        }
        ordinal += 1;
      }
      await sink.add({ batches, ...table.takeMemberships() });
      // Searches go on between two pages, also when the index is built here.
      await nextTick();
    }
    if (ordinal !== size) throw new Error(`the site gave ${ordinal} partners, not ${size}`);
  } catch (error) {
    sink.abort();
    throw error;
  }
  const index = await sink.finish();
  return {
    info: siteInfoOf(head, table.partnerCounts),
    index,
    builtInWorker,
    cards: table.cards.build(),
    items,
    version: head.version,
    definitions: JSON.stringify(definitions),
    positions: table.positions,
    ids: table.ids,
    byId: new IdOrdinals(table.ids),
    locations: await table.locations.build(cityKeyOf, options.treeWorkerFrom),
  };
}
