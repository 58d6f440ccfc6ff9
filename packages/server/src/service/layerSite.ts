/**
 * Lays a site's recent changes over its last whole build (search/LayeredIndex): the
 * changed partners are built alone, inline (a few ms for a few hundred), and masked out
 * of the whole index. A change thus shows in every server within a catch-up, where a
 * whole rebuild took seconds at 100k partners.
 */
import { Bitset } from '../search/Bitset';
import { LayeredIndex } from '../search/LayeredIndex';
import type { Scope } from '@partners-network/contract';
import type { SiteChanges } from '../store/PartnerSource';
import type { BuiltSite, WholeSite } from './buildSite';
import { buildSite } from './buildSite';
import type { GlobalFilterInfo } from './SiteInfo';

/**
 * Each whole build's ordinals by partner id, made at its first change: scanning 100k ids
 * for every change cost 2.5 ms, the map costs 10 ms once (and about 4 MB at 100k).
 */
const ordinalMaps = new WeakMap<WholeSite, Map<number, number>>();

function ordinalsById(whole: WholeSite): Map<number, number> {
  let ordinals = ordinalMaps.get(whole);
  if (!ordinals) {
    ordinals = new Map();
    for (let ordinal = 0; ordinal < whole.ids.length; ordinal += 1) {
      ordinals.set(whole.ids[ordinal] ?? 0, ordinal);
    }
    ordinalMaps.set(whole, ordinals);
  }
  return ordinals;
}

/** How many ordinals of a whole build come before an editorial key (position, id). */
function editorialRank(whole: WholeSite, position: number, id: number): number {
  let low = 0;
  let high = whole.positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const middlePosition = whole.positions[middle] ?? 0;
    const before =
      middlePosition < position || (middlePosition === position && (whole.ids[middle] ?? 0) < id);
    if (before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The site as the changes leave it, over `whole`. The changes must be those since
 * `whole.version`, under the same definitions (else the site is built whole).
 */
export async function layerSite(
  scope: Scope,
  whole: WholeSite,
  changes: SiteChanges,
): Promise<BuiltSite> {
  const delta = await buildSite(
    {
      id: whole.info.id,
      scope,
      version: changes.version,
      definitions: changes.definitions,
      partners: changes.upserts,
    },
    // Changes are few: a worker would take longer to start than they take to index.
    { workerFrom: Infinity },
  );
  const changedIds = new Set(changes.removedIds);
  for (const partner of changes.upserts) changedIds.add(partner.id);
  const removed = new Bitset(whole.index.size);
  const ordinals = ordinalsById(whole);
  for (const id of changedIds) {
    const ordinal = ordinals.get(id);
    if (ordinal !== undefined) removed.add(ordinal);
  }
  const { positions, ids } = delta.whole;
  const insertAt = Int32Array.from(positions, (position, at) =>
    editorialRank(whole, position, ids[at] ?? 0),
  );
  const index = new LayeredIndex(whole.index, removed, delta.whole.index, insertAt);
  const { deltaStart } = index;

  const globalFilters = whole.info.globalFilters.map((filter): GlobalFilterInfo => ({
    ...filter,
    partnerCount: index.globalFilter(filter.id).count(),
  }));
  const defaultId = whole.info.defaultGlobalFilter?.id;
  return {
    info: {
      ...whole.info,
      globalFilters,
      defaultGlobalFilter: globalFilters.find((filter) => filter.id === defaultId),
      byName: new Map(globalFilters.map((filter) => [filter.name, filter])),
    },
    index,
    cards: {
      read: (ordinal) =>
        ordinal < deltaStart ? whole.cards.read(ordinal) : delta.cards.read(ordinal - deltaStart),
    },
    items: whole.items,
    version: changes.version,
    size: whole.index.size - removed.count() + delta.size,
    whole,
    laid: changedIds.size,
  };
}
