/**
 * A search near a point (issue 25) as steps of an answer: the partners inside its radius,
 * its partners in order (by distance, or by relevance with distance breaking ties), and
 * each card's distance. Partners without a location come after the located ones when there
 * is no radius; inside a radius there are none.
 */
import type { Partner } from '@partners-network/contract';
import { Bitset } from '../search/Bitset';
import type { GeoPoint, PartnerLocations } from '../search/PartnerLocations';
import type { FoundOrdinals, SearchIndex } from '../search/SearchIndex';
import type { OrderedIds } from './AnswerCaches';
import type { ResolvedSearch } from './resolveSearch';

/**
 * The wider radii a search that found nothing inside its radius is offered, in kilometres:
 * the first that finds partners is the way out ("Within 250 km: 12 partners").
 */
export const WIDER_RADII_KM = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 20_000];

/**
 * The region found for each search being answered, by its resolved search (one object per
 * answer): the answer's order and its counts both need it, and `within` costs about a
 * millisecond at 100k partners around a directory's city. Gone with the search.
 */
const regions = new WeakMap<ResolvedSearch, { locations: PartnerLocations; region: Bitset }>();

/**
 * The partners with a location inside the search's radius; null without a point or a
 * radius. Found once per answer; callers only read it.
 */
export function regionOf(locations: PartnerLocations, search: ResolvedSearch): Bitset | null {
  if (!search.near || search.radiusKm === undefined) return null;
  const known = regions.get(search);
  if (known?.locations === locations) return known.region;
  const region = locations.within(search.near, search.radiusKm);
  regions.set(search, { locations, region });
  return region;
}

/**
 * The first `limit` of a search's partners by distance to the point (ties in editorial
 * order), then, when there is no radius, those without a location in editorial order, and
 * how many there are. `candidates`: the partners the search matches (filters, text,
 * radius); `editorial`: its filtered partners in editorial order, read only when the
 * unlocated ones are reached.
 */
export function orderByDistance(
  locations: PartnerLocations,
  point: GeoPoint,
  candidates: Bitset,
  editorial: () => Int32Array,
  limit: number,
): OrderedIds {
  const total = candidates.count();
  const nearest = locations.nearest(point, limit, { among: candidates });
  if (nearest.ordinals.length >= Math.min(limit, total)) return { ids: nearest.ordinals, total };
  const located = locations.located();
  const unlocated = Array.from(editorial())
    .filter((ordinal) => candidates.has(ordinal) && !located.has(ordinal))
    .slice(0, limit - nearest.ordinals.length);
  const ids = new Int32Array(nearest.ordinals.length + unlocated.length);
  ids.set(nearest.ordinals);
  ids.set(unlocated, nearest.ordinals.length);
  return { ids, total };
}

/**
 * The first `limit` of a ranked answer, each group of equal rank ordered by distance to
 * the point (nearest first, the unlocated last, ties in the rank's own order: editorial),
 * and how many there are. `found` runs to the end of the rank that crosses `limit`
 * (`wholeRank`). Ranks come in a few levels, so a broad text's groups hold thousands: the
 * groups wholly inside the first `limit` are measured and sorted, the one that crosses it
 * asks the distance structure for its nearest.
 */
export function relevanceThenDistance(
  locations: PartnerLocations,
  point: GeoPoint,
  found: FoundOrdinals,
  limit: number,
): OrderedIds {
  const ids: number[] = [];
  const { ordinals, scores } = found;
  for (let start = 0; start < ordinals.length && ids.length < limit;) {
    const score = scores?.[start] ?? 0;
    let end = start + 1;
    while (end < ordinals.length && (scores?.[end] ?? 0) === score) end += 1;
    const group = ordinals.subarray(start, end);
    const room = limit - ids.length;
    ids.push(...(group.length <= room ? byDistance(locations, point, group) : nearestOf(group)));
    start = end;
  }
  return { ids: Int32Array.from(ids), total: found.total };

  /** The first `room` of a large group: its nearest located, then its unlocated in order. */
  function nearestOf(group: Int32Array): number[] {
    const room = limit - ids.length;
    const among = new Bitset(locations.size);
    for (const ordinal of group) among.add(ordinal);
    const nearest = Array.from(locations.nearest(point, room, { among }).ordinals);
    const located = locations.located();
    for (const ordinal of group) {
      if (nearest.length >= room) break;
      if (!located.has(ordinal)) nearest.push(ordinal);
    }
    return nearest;
  }
}

/** A few partners by distance (the unlocated last), equal distances in the given order. */
function byDistance(locations: PartnerLocations, point: GeoPoint, group: Int32Array): number[] {
  return Array.from(group)
    .map((ordinal, at) => ({ ordinal, at, km: locations.distanceOf(ordinal, point) }))
    .sort((a, b) => a.km - b.km || a.at - b.at)
    .map((partner) => partner.ordinal);
}

/** The page's cards with how far each one's nearest location is from the point, and where. */
export function withDistances(
  partners: readonly Partner[],
  ordinals: Int32Array,
  locations: PartnerLocations,
  point: GeoPoint,
): Partner[] {
  return partners.map((partner, at) => {
    const nearest = locations.nearestLocation(ordinals[at] ?? -1, point);
    if (!nearest) return partner;
    const { city, country, label } = nearest.location;
    const km = Math.round(nearest.distanceKm * 10) / 10;
    const distance: NonNullable<Partner['distance']> = label
      ? { km, city, country, label }
      : { km, city, country };
    return { ...partner, distance };
  });
}

/** The first of the wider radii that finds partners among `matching`, and how many. */
export function widerRadius(
  locations: PartnerLocations,
  search: ResolvedSearch,
  matching: Bitset,
): { radiusKm: number; totalFound: number } | undefined {
  const { near, radiusKm } = search;
  if (!near || radiusKm === undefined) return undefined;
  for (const wider of WIDER_RADII_KM) {
    if (wider <= radiusKm) continue;
    const totalFound = locations.within(near, wider).andCount(matching);
    if (totalFound > 0) return { radiusKm: wider, totalFound };
  }
  return undefined;
}

/** The search's filtered partners in editorial order (no text, no point). */
export function editorialOrder(index: SearchIndex, search: ResolvedSearch): Int32Array {
  return index.findFirst({ ...search.query, terms: [] }, Infinity).ordinals;
}
