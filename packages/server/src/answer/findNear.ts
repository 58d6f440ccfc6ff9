/**
 * A search near a point (issue 25) as steps of an answer: the partners inside its radius,
 * its partners in order (by distance, or by relevance with distance breaking ties), and
 * each card's distance. Partners without a location come after the located ones when there
 * is no radius; inside a radius there are none.
 */
import type { Partner } from '@partners-network/contract';
import type { Bitset } from '../search/Bitset';
import type { GeoPoint, PartnerLocations } from '../search/PartnerLocations';
import type { FoundOrdinals, SearchIndex } from '../search/SearchIndex';
import type { OrderedIds } from './AnswerCaches';
import type { ResolvedSearch } from './resolveSearch';

/**
 * The wider radii a search that found nothing inside its radius is offered, in kilometres:
 * the first that finds partners is the way out ("Within 250 km: 12 partners").
 */
export const WIDER_RADII_KM = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 20_000];

/** The partners with a location inside the search's radius; null without a point or a radius. */
export function regionOf(locations: PartnerLocations, search: ResolvedSearch): Bitset | null {
  if (!search.near || search.radiusKm === undefined) return null;
  return locations.within(search.near, search.radiusKm);
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
 * The first `limit` of a ranked answer kept to the candidates, each group of equal rank
 * ordered by distance to the point (nearest first, the unlocated last, ties in the rank's
 * own order: editorial), and how many there are. Only the groups that reach into the
 * first `limit` are measured and sorted.
 */
export function relevanceThenDistance(
  locations: PartnerLocations,
  point: GeoPoint,
  found: FoundOrdinals,
  candidates: Bitset,
  limit: number,
): OrderedIds {
  const ids: number[] = [];
  let group: { ordinal: number; km: number }[] = [];
  let groupScore = -1;
  let total = 0;
  const close = () => {
    group.sort((a, b) => a.km - b.km);
    for (const partner of group) if (ids.length < limit) ids.push(partner.ordinal);
    group = [];
  };
  found.ordinals.forEach((ordinal, at) => {
    if (!candidates.has(ordinal)) return;
    total += 1;
    if (ids.length >= limit) return;
    const score = found.scores?.[at] ?? 0;
    if (score !== groupScore) close();
    groupScore = score;
    group.push({ ordinal, km: locations.distanceOf(ordinal, point) });
  });
  close();
  return { ids: Int32Array.from(ids), total };
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
    return { ...partner, distance: { km, city, country, ...(label ? { label } : {}) } };
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
