/**
 * Turns a stored site into what a server answers from: its definitions per global
 * filter, its search index and its partners' cards, all in memory. Runs page by page,
 * giving the event loop back between pages, so searches on the index being replaced go on.
 */
import { IdOrdinals } from './IdOrdinals';
import type { Partner } from '@partners-network/contract';
import type { IndexedDocument, SiteIndex } from '../search/SiteIndex';
import type { SiteHead, StoredSite } from '../store/PartnerSource';
import type { StoredPartner } from '../store/SiteRecords';
import type { CardTexts, PackedCards } from './PackedCards';
import { PackedCardsBuilder } from './PackedCards';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import { pickText } from '../store/resolveLocale';
import type { SearchIndex } from '../search/SearchIndex';
import type { IndexSink } from './buildIndex';
import { inlineSink, workerSink } from './buildIndex';
import type { GlobalFilterInfo, GroupInfo, SiteInfo } from './SiteInfo';
import type { PartnerLocations, SiteLocations } from '../search/PartnerLocations';
import { SiteLocationsBuilder } from '../search/PartnerLocations';
import { cityKeyOf } from '../geo/placeKey';

/** Most badges a card shows: a few meaningful categories, not every tag. */
export const MAX_BADGES = 4;
/** Joins badge names; cannot occur in a name. */
const BADGE_SEPARATOR = '\u001f';
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
  read(ordinal: number): CardTexts | undefined;
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
  /** The last whole build: changes since are laid over it (service/layerSite). */
  whole: WholeSite;
  /** Partners changed, added or removed since the whole build (0: this is it). */
  laid: number;
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

/** Shared by every partner without items or badges. */
const NONE: readonly ItemForCard[] = Object.freeze([]);

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

function toMap(texts: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(texts));
}

/** The text in a locale, else in en-US, else empty; an empty text counts as none. */
function textIn(texts: Readonly<Record<string, string>>, locale: string): string {
  const own = texts[locale];
  if (own !== undefined && own !== '') return own;
  const fallback = texts[DEFAULT_LOCALE];
  return fallback !== undefined && fallback !== '' ? fallback : '';
}

function byPosition<T extends { position: number; id: number }>(a: T, b: T): number {
  return a.position - b.position || a.id - b.id;
}

export function cardOf(
  card: CardTexts,
  locale: string,
  items: ReadonlyMap<number, ItemForCard>,
): Partner {
  const badges = card.badgeIds
    .flatMap((id) => {
      const item = items.get(id);
      return item ? [pickText(item.names, locale)] : [];
    })
    .join(BADGE_SEPARATOR);
  return {
    image: { url: card.imageUrl },
    categories: badges === '' ? [] : badges.split(BADGE_SEPARATOR).map((name) => ({ name })),
    title: textIn(card.titles, locale),
    summary: textIn(card.summaries, locale),
    url: card.url,
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
    locations: whole.locations,
  };
}

async function buildWhole(
  head: SiteHead,
  pages: AsyncIterable<StoredPartner[]>,
  options: BuildOptions,
): Promise<WholeSite> {
  const { definitions } = head;
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
  const filterIds = new Map(definitions.globalFilters.map((filter) => [filter.name, filter.id]));
  const size = head.partnerCount;
  const positions = new Float64Array(size);
  const ids = new Float64Array(size);
  const filterPairs: number[] = [];
  const itemPairs: number[] = [];
  const partnerCounts = new Map<number, number>();
  const cards = new PackedCardsBuilder(size);
  const locations = new SiteLocationsBuilder(size);
  const { locales } = definitions;
  let builtInWorker = size >= options.workerFrom;
  let sink: IndexSink;
  try {
    sink = builtInWorker ? workerSink(size, locales) : inlineSink(size, locales);
  } catch {
    // No worker threads where this runs: the main thread builds it.
    builtInWorker = false;
    sink = inlineSink(size, locales);
  }
  let ordinal = 0;
  try {
    for await (const page of pages) {
      const batches = locales.map((locale) => ({ locale, documents: [] as IndexedDocument[] }));
      for (const partner of page) {
        if (ordinal >= size) throw new Error(`the site gave more partners than its ${size}`);
        const { record } = partner;
        positions[ordinal] = partner.position;
        ids[ordinal] = partner.id;
        for (const name of record.globalFilters) {
          const filterId = filterIds.get(name);
          if (filterId === undefined) continue;
          filterPairs.push(filterId, ordinal);
          partnerCounts.set(filterId, (partnerCounts.get(filterId) ?? 0) + 1);
        }
        for (const itemId of record.filterItemIds) itemPairs.push(itemId, ordinal);
        const partnerItems: readonly ItemForCard[] =
          record.filterItemIds.length === 0
            ? NONE
            : [...record.filterItemIds]
                .sort((a, b) => a - b)
                .map((id) => items.get(id))
                .filter((item): item is ItemForCard => item !== undefined)
                .sort((a, b) => a.groupPosition - b.groupPosition || a.position - b.position);
        cards.add({
          url: record.url,
          imageUrl: record.imageUrl,
          titles: record.title,
          summaries: record.summary,
          badgeIds: partnerItems
            .filter((item) => item.showAsCategory)
            .slice(0, MAX_BADGES)
            .map((item) => item.id),
        });
        for (const batch of batches) {
          batch.documents.push({
            ordinal,
            documentId: ordinal + 1,
            title: textIn(record.title, batch.locale),
            categories: partnerItems.map((item) => pickText(item.names, batch.locale)).join(' '),
            summary: textIn(record.summary, batch.locale),
          });
        }
        locations.add(ordinal, record.locations ?? []);
        ordinal += 1;
      }
      await sink.add(batches);
      // Searches go on between two pages, also when the index is built here.
      await nextTick();
    }
    if (ordinal !== size) throw new Error(`the site gave ${ordinal} partners, not ${size}`);
  } catch (error) {
    sink.abort();
    throw error;
  }
  const index = await sink.finish(Int32Array.from(filterPairs), Int32Array.from(itemPairs));
  return {
    info: siteInfoOf(head, partnerCounts),
    index,
    builtInWorker,
    cards: cards.build(),
    items,
    version: head.version,
    definitions: JSON.stringify(definitions),
    positions,
    ids,
    byId: new IdOrdinals(ids),
    locations: await locations.build(cityKeyOf),
  };
}
