/**
 * Lays a site's recent changes over its last whole build (search/LayeredIndex): the
 * changed partners are built alone, inline (a few ms for a few hundred), and masked out
 * of the whole index. A change thus shows in every server within a catch-up, where a
 * whole rebuild took seconds at 100k partners.
 */
import { Bitset } from '../search/Bitset';
import { LayeredIndex } from '../search/LayeredIndex';
import { LaidLocations } from '../search/LaidLocations';
import type { Scope } from '@partners-network/contract';
import type { SiteChanges } from '../store/PartnerSource';
import type { BuildOptions, BuiltSite, WholeSite } from './buildSite';
import { buildSite } from './buildSite';
import type { GlobalFilterInfo } from './SiteInfo';

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
  options: Pick<BuildOptions, 'termSets'> = {},
): Promise<BuiltSite> {
  const delta = await buildSite(
    {
      id: whole.info.id,
      scope,
      version: changes.version,
      definitions: changes.definitions,
      tuning: changes.tuning,
      partners: changes.upserts,
    },
    // Changes are few: a worker would take longer to start than they take to index.
    { ...options, workerFrom: Infinity },
  );
  const changedIds = new Set(changes.removedIds);
  for (const partner of changes.upserts) changedIds.add(partner.id);
  const removed = new Bitset(whole.index.size);
  for (const id of changedIds) {
    const ordinal = whole.byId.get(id);
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
      readIn: (ordinal, locale) =>
        ordinal < deltaStart
          ? whole.cards.readIn(ordinal, locale)
          : delta.cards.readIn(ordinal - deltaStart, locale),
    },
    items: whole.items,
    version: changes.version,
    size: whole.index.size - removed.count() + delta.size,
    whole,
    laid: changedIds.size,
    tuning: changes.tuning,
    ordinalOf: (id) => {
      const changed = delta.ordinalOf(id);
      if (changed !== undefined) return deltaStart + changed;
      const kept = whole.byId.get(id);
      return kept === undefined || removed.has(kept) ? undefined : kept;
    },
    idOf: (ordinal) =>
      ordinal < deltaStart ? whole.ids[ordinal] : delta.idOf(ordinal - deltaStart),
    locations: new LaidLocations(
      whole.locations,
      removed,
      delta.whole.locations,
      insertAt,
      deltaStart,
    ),
  };
}
