/**
 * A search near a point (issue 25) as steps of an answer: the partners inside its radius,
 * its partners in order (by distance, or by relevance with distance breaking ties), and
 * each card's distance. Partners without a location come after the located ones when there
 * is no radius; inside a radius there are none.
 */
import type { Partner } from '@partners-network/contract';
import { Bitset } from '../search/Bitset';
import type { GeoPoint, LocationPlace, PartnerLocations } from '../search/PartnerLocations';
import type { CardDistance } from '../store/answerJson';
import { distanceJson, placeJson } from '../store/answerJson';
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
 * (`wholeRank`), listed or as a set (`crossingRank`). Ranks come in a few levels, so a
 * broad text's groups hold thousands: the groups wholly inside the first `limit` are
 * measured and sorted, the one that crosses it asks the distance structure for its nearest.
 */
export function relevanceThenDistance(
  locations: PartnerLocations,
  point: GeoPoint,
  found: FoundOrdinals,
  limit: number,
): OrderedIds {
  const { ordinals, scores, crossingRank } = found;
  const ids = new Int32Array(Math.min(limit, ordinals.length));
  let kept = 0;
  for (let start = 0; start < ordinals.length && kept < ids.length;) {
    const score = scores?.[start] ?? 0;
    let end = start + 1;
    while (end < ordinals.length && (scores?.[end] ?? 0) === score) end += 1;
    const room = ids.length - kept;
    // Listed up to `limit` only, the crossing rank is read from its set.
    if (crossingRank && end === ordinals.length) nearestOfRank(crossingRank, room);
    else if (end - start <= room) byDistance(locations, point, ordinals, start, end, ids, kept);
    else nearestOf(start, end, room);
    kept += Math.min(room, end - start);
    start = end;
  }
  return { ids, total: found.total };

  /** The first `room` of a large group: its nearest located, then its unlocated in order. */
  function nearestOf(start: number, end: number, room: number): void {
    const among = new Bitset(locations.size);
    for (let at = start; at < end; at += 1) among.add(ordinals[at] ?? -1);
    const nearest = locations.nearest(point, room, { among }).ordinals;
    ids.set(nearest, kept);
    const located = locations.located();
    let next = kept + nearest.length;
    for (let at = start; at < end && next < kept + room; at += 1) {
      const ordinal = ordinals[at] ?? -1;
      if (!located.has(ordinal)) ids[next++] = ordinal;
    }
  }

  /** nearestOf for a rank given as a set: its unlocated in ordinal (editorial) order. */
  function nearestOfRank(rank: Bitset, room: number): void {
    const nearest = locations.nearest(point, room, { among: rank }).ordinals;
    ids.set(nearest, kept);
    const located = locations.located().words;
    const { words } = rank;
    let next = kept + nearest.length;
    for (let index = 0; index < words.length && next < kept + room; index += 1) {
      let word = (words[index] ?? 0) & ~(located[index] ?? 0);
      while (word !== 0 && next < kept + room) {
        const lowest = word & -word;
        ids[next++] = index * 32 + (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
  }
}

/**
 * A few partners (`from` up to `to` of the ordinals) by distance into `into` at `at`, the
 * unlocated last, equal distances in the given order: an insertion sort of a page's worth,
 * with nothing made per partner.
 */
function byDistance(
  locations: PartnerLocations,
  point: GeoPoint,
  ordinals: Int32Array,
  from: number,
  to: number,
  into: Int32Array,
  at: number,
): void {
  // An array, not a Float64Array: over eight numbers, a typed array's buffer is made
  // outside V8's heap, about 0.3 µs (bench/README.md near14).
  const distances = new Array<number>(to - from);
  for (let next = from; next < to; next += 1) {
    const ordinal = ordinals[next] ?? -1;
    const km = locations.distanceOf(ordinal, point);
    let place = next - from;
    while (place > 0 && (distances[place - 1] ?? 0) > km) {
      distances[place] = distances[place - 1] ?? 0;
      into[at + place] = into[at + place - 1] ?? 0;
      place -= 1;
    }
    distances[place] = km;
    into[at + place] = ordinal;
  }
}

/**
 * Marks how far each partner's nearest location is from the point, and where: the answer's
 * own copies of its cards (never the kept cards, which every answer shares).
 */
export function markDistances(
  partners: readonly Partner[],
  ordinals: Int32Array,
  locations: PartnerLocations,
  point: GeoPoint,
): void {
  const distances = distancesOf(partners.length, ordinals, locations, point);
  partners.forEach((partner, at) => {
    const distance = distances[at];
    if (distance) partner.distance = cardDistance(distance);
  });
}

/**
 * A card's distance as an answer keeps it: kilometres rounded to 0.1, and the site's own
 * place (read-only), whose JSON is kept by place (`distanceJsonOf`).
 */
export interface PlaceDistance {
  km: number;
  place: LocationPlace;
}

/** How far the first `count` partners of `ordinals` are from a point (undefined: no location). */
export function distancesOf(
  count: number,
  ordinals: Int32Array,
  locations: PartnerLocations,
  point: GeoPoint,
): (PlaceDistance | undefined)[] {
  const distances: (PlaceDistance | undefined)[] = [];
  for (let at = 0; at < count; at += 1) {
    const nearest = locations.nearestLocation(ordinals[at] ?? -1, point);
    if (!nearest) {
      distances.push(undefined);
      continue;
    }
    distances.push({ km: Math.round(nearest.distanceKm * 10) / 10, place: nearest.place });
  }
  return distances;
}

/** A card's distance as the card shows it: the one home of its fields and their order. */
export function cardDistance({ km, place }: PlaceDistance): CardDistance {
  const { city, country, label } = place;
  // One shape whether or not there is a label (JSON leaves an undefined one out): see
  // site/buildSite's cardOf. The kilometres first: store/answerJson's distanceJson writes them so.
  return { km, city, country, label: label || undefined };
}

/**
 * Each place's JSON of a distance past its kilometres (store/answerJson's placeJson), kept
 * while the site's places live: a page's ten distances were ten `JSON.stringify` calls.
 */
const placeJsons = new WeakMap<LocationPlace, string>();

/** A card's distance as JSON, `JSON.stringify(cardDistance(distance))` byte for byte. */
export function distanceJsonOf(distance: PlaceDistance): string {
  let json = placeJsons.get(distance.place);
  if (json === undefined) {
    json = placeJson(cardDistance(distance));
    placeJsons.set(distance.place, json);
  }
  return distanceJson(distance.km, json);
}

/**
 * The first of the wider radii that finds partners among `matching`, and how many. The
 * nearest of them says which radii cannot: each radius asked is a pass over the locations
 * it holds (a continent at 2,500 km), and a text that matches nothing located asked all
 * of them for nothing.
 */
export function widerRadius(
  locations: PartnerLocations,
  search: ResolvedSearch,
  matching: Bitset,
): { radiusKm: number; totalFound: number } | undefined {
  const { near, radiusKm } = search;
  if (!near || radiusKm === undefined) return undefined;
  const nearestKm = locations.nearest(near, 1, { among: matching }).distances[0];
  if (nearestKm === undefined) return undefined;
  for (const wider of WIDER_RADII_KM) {
    // A hair of slack: the radius itself is decided by `within`, in its own arithmetic.
    if (wider <= radiusKm || wider < nearestKm * (1 - 1e-9)) continue;
    const totalFound = locations.countWithin(near, wider, matching);
    if (totalFound > 0) return { radiusKm: wider, totalFound };
  }
  return undefined;
}

/** The search's filtered partners in editorial order (no text, no point). */
export function editorialOrder(index: SearchIndex, search: ResolvedSearch): Int32Array {
  return index.findFirst({ ...search.query, terms: [] }, Infinity).ordinals;
}
