/**
 * The partners' locations of one built site, for searches near a point: each partner's
 * distance to its nearest location, the partners within a radius (a Bitset, as the index
 * answers), and the partners nearest first (the first N, like findFirst). Not yet wired into
 * the answer: the lead's SiteAnswers takes it as a step.
 *
 * Locations sit in a kd-tree (kdbush, the well-kept one) and two strategies answer "nearest
 * first", chosen per query by how many candidates there are: a best-first walk of the tree
 * (typed arrays, no object per node, ties broken by editorial order) when they are many, a
 * scan of the candidates' own locations when they are few (a text or items that match a
 * few dozen partners: the walk would pass thousands of other partners' locations first).
 * bench/search/measureDistance.ts measures both beside geokdbush and a brute-force scan.
 */
import KDBush from 'kdbush';
import { Bitset } from './Bitset';
import {
  EARTH_RADIUS_KM,
  RADIANS,
  haversineBetween,
  haversineOf,
  haversineOfKilometres,
  kilometresOf,
} from './haversine';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A partner's location as the site keeps it. */
export interface SiteLocation {
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  label?: string;
}

/** An answer's first partners by distance, and how many it holds. */
export interface NearestPartners {
  /** Nearest first; equal distances in editorial order. */
  ordinals: Int32Array;
  /** Kilometres from the point to each one's nearest location. */
  distances: Float64Array;
  /** The candidates with a location (within the radius, when one is given). */
  total: number;
}

export interface NearestOptions {
  /** Only these partners (a search's matches); default every partner with a location. */
  among?: Bitset;
  /** Only partners with a location this close, in kilometres. */
  radiusKm?: number;
}

/** What a search near a point reads of a site's locations (whole, or with changes laid over). */
export interface PartnerLocations {
  /** Ordinals run from 0 to size - 1, as the site's SearchIndex. */
  readonly size: number;
  /** Partners with at least one location. */
  located(): Bitset;
  /** Kilometres from the point to the partner's nearest location; Infinity without one. */
  distanceOf(ordinal: number, point: GeoPoint): number;
  /** The partner's location nearest the point, and how far it is ("12 km · Lyon"). */
  nearestLocation(
    ordinal: number,
    point: GeoPoint,
  ): { location: SiteLocation; distanceKm: number } | undefined;
  /** Partners with a location within the radius. */
  within(point: GeoPoint, radiusKm: number): Bitset;
  nearest(point: GeoPoint, limit: number, options?: NearestOptions): NearestPartners;
  /** How many partners have a location in each city (key: cityKey). */
  partnersByCity(): ReadonlyMap<string, number>;
}

/** The key of a city in partnersByCity: its country and its folded name (geo/placeKey). */
export type CityKeyOf = (city: string, country: string) => string;

/** Locations per kd-tree leaf: kdbush's default of 64 made the walk 30 % slower at 300k. */
const NODE_SIZE = 16;
/**
 * Candidates' locations up to which a scan is cheaper than the walk, whatever the site's
 * size (bench: the walk passes about 40 locations per partner it keeps at 1 % candidates).
 */
const SCAN_AT_MOST = 2048;

export class SiteLocationsBuilder {
  readonly #starts: Int32Array;
  readonly #latitudes: number[] = [];
  readonly #longitudes: number[] = [];
  readonly #owners: number[] = [];
  readonly #details: number[] = [];
  readonly #detailIds = new Map<string, number>();
  readonly #detailList: { city: string; country: string; label?: string }[] = [];
  #next = 0;

  constructor(readonly size: number) {
    this.#starts = new Int32Array(size + 1);
  }

  /** The locations of each ordinal, in increasing ordinal (every ordinal, even without any). */
  add(ordinal: number, locations: readonly SiteLocation[]): void {
    if (ordinal < this.#next || ordinal >= this.size) {
      throw new Error(`locations of ordinal ${ordinal} after ${this.#next - 1}`);
    }
    for (let skipped = this.#next; skipped <= ordinal; skipped += 1) {
      this.#starts[skipped] = this.#owners.length;
    }
    for (const location of locations) {
      const key = `${location.city}\u0000${location.country}\u0000${location.label ?? ''}`;
      let detail = this.#detailIds.get(key);
      if (detail === undefined) {
        detail = this.#detailList.length;
        this.#detailIds.set(key, detail);
        const { city, country, label } = location;
        this.#detailList.push(label === undefined ? { city, country } : { city, country, label });
      }
      this.#latitudes.push(location.latitude);
      this.#longitudes.push(location.longitude);
      this.#owners.push(ordinal);
      this.#details.push(detail);
    }
    this.#next = ordinal + 1;
  }

  build(cityKey: CityKeyOf): SiteLocations {
    for (let rest = this.#next; rest <= this.size; rest += 1) {
      this.#starts[rest] = this.#owners.length;
    }
    return new SiteLocations(
      this.size,
      this.#starts,
      Float64Array.from(this.#latitudes),
      Float64Array.from(this.#longitudes),
      Int32Array.from(this.#owners),
      Int32Array.from(this.#details),
      this.#detailList,
      cityKey,
    );
  }
}

/**
 * A best-first walk's queue: a binary heap of haversine keys, each with a value (a point's
 * place in the tree, or minus one minus a node's slot), in typed arrays grown as needed.
 */
class WalkQueue {
  keys = new Float64Array(256);
  values = new Int32Array(256);
  length = 0;

  clear(): void {
    this.length = 0;
  }

  push(key: number, value: number): void {
    if (this.length === this.keys.length) {
      const keys = new Float64Array(this.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const values = new Int32Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    let at = this.length;
    this.length += 1;
    const { keys, values } = this;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const parentKey = keys[parent] ?? 0;
      if (parentKey <= key) break;
      keys[at] = parentKey;
      values[at] = values[parent] ?? 0;
      at = parent;
    }
    keys[at] = key;
    values[at] = value;
  }

  /** The smallest key (the queue must not be empty). */
  peekKey(): number {
    return this.keys[0] ?? Infinity;
  }

  /** Removes the smallest and returns its value. */
  pop(): number {
    const { keys, values } = this;
    const top = values[0] ?? 0;
    this.length -= 1;
    const key = keys[this.length] ?? 0;
    const value = values[this.length] ?? 0;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.length) break;
      if (child + 1 < this.length && (keys[child + 1] ?? 0) < (keys[child] ?? 0)) child += 1;
      if ((keys[child] ?? 0) >= key) break;
      keys[at] = keys[child] ?? 0;
      values[at] = values[child] ?? 0;
      at = child;
    }
    keys[at] = key;
    values[at] = value;
    return top;
  }
}

/** Scratch of a walk's nodes: their range in the tree, axis and bounding box. */
class WalkNodes {
  left = new Int32Array(256);
  right = new Int32Array(256);
  axis = new Uint8Array(256);
  box = new Float64Array(256 * 4);
  length = 0;

  add(left: number, right: number, axis: number, box: readonly number[]): number {
    if (this.length === this.left.length) this.#grow();
    const slot = this.length;
    this.length += 1;
    this.left[slot] = left;
    this.right[slot] = right;
    this.axis[slot] = axis;
    this.box.set(box, slot * 4);
    return slot;
  }

  #grow(): void {
    const size = this.left.length * 2;
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const grown = make(old.length * 2);
      grown.set(old);
      return grown;
    };
    this.left = grow(this.left, (n) => new Int32Array(n));
    this.right = grow(this.right, (n) => new Int32Array(n));
    this.axis = grow(this.axis, (n) => new Uint8Array(n));
    this.box = grow(this.box, (n) => new Float64Array(n));
    if (this.left.length !== size) throw new Error('walk nodes did not grow');
  }
}

/**
 * The smallest haversine from a point to any point of a box of longitudes and latitudes:
 * a lower bound of its points' distances, so the walk opens boxes nearest first. West or
 * east of the box, the nearest point of a meridian is where the great circle through the
 * point meets it at a right angle, when that latitude is inside the box; else a corner.
 */
function haversineToBox(
  longitude: number,
  latitude: number,
  cosLatitude: number,
  minLongitude: number,
  minLatitude: number,
  maxLongitude: number,
  maxLatitude: number,
): number {
  if (longitude >= minLongitude && longitude <= maxLongitude) {
    if (latitude < minLatitude) return haversineOf((minLatitude - latitude) * RADIANS);
    if (latitude > maxLatitude) return haversineOf((latitude - maxLatitude) * RADIANS);
    return 0;
  }
  const towardsMeridian = Math.min(
    haversineOf((longitude - minLongitude) * RADIANS),
    haversineOf((longitude - maxLongitude) * RADIANS),
  );
  const atMeridian = (otherLatitude: number) =>
    cosLatitude * Math.cos(otherLatitude * RADIANS) * towardsMeridian +
    haversineOf((latitude - otherLatitude) * RADIANS);
  const cosDifference = 1 - 2 * towardsMeridian;
  const crossing =
    cosDifference <= 0
      ? latitude > 0
        ? 90
        : -90
      : Math.atan(Math.tan(latitude * RADIANS) / cosDifference) / RADIANS;
  if (crossing > minLatitude && crossing < maxLatitude) return atMeridian(crossing);
  return Math.min(atMeridian(minLatitude), atMeridian(maxLatitude));
}

/** The locations of a whole build, by ordinal, in a kd-tree. */
export class SiteLocations implements PartnerLocations {
  readonly #starts: Int32Array;
  readonly #latitudes: Float64Array;
  readonly #longitudes: Float64Array;
  readonly #cosLatitudes: Float64Array;
  readonly #owners: Int32Array;
  readonly #details: Int32Array;
  readonly #detailList: readonly { city: string; country: string; label?: string }[];
  readonly #cityKey: CityKeyOf;
  readonly #tree: KDBush | undefined;
  readonly #located: Bitset;
  #byCity: Map<string, number> | undefined;
  /** Scratch of the walks (searches are synchronous). */
  readonly #queue = new WalkQueue();
  readonly #nodes = new WalkNodes();
  /** A partner kept by the current walk has its walk's number here. */
  readonly #keptIn: Uint32Array;
  #walk = 0;

  constructor(
    readonly size: number,
    starts: Int32Array,
    latitudes: Float64Array,
    longitudes: Float64Array,
    owners: Int32Array,
    details: Int32Array,
    detailList: readonly { city: string; country: string; label?: string }[],
    cityKey: CityKeyOf,
  ) {
    this.#starts = starts;
    this.#latitudes = latitudes;
    this.#longitudes = longitudes;
    this.#cosLatitudes = latitudes.map((latitude) => Math.cos(latitude * RADIANS));
    this.#owners = owners;
    this.#details = details;
    this.#detailList = detailList;
    this.#cityKey = cityKey;
    this.#keptIn = new Uint32Array(size);
    this.#located = new Bitset(size);
    for (const owner of owners) this.#located.add(owner);
    if (owners.length > 0) {
      const tree = new KDBush(owners.length, NODE_SIZE, Float64Array);
      for (let at = 0; at < owners.length; at += 1) {
        tree.add(longitudes[at] ?? 0, latitudes[at] ?? 0);
      }
      this.#tree = tree.finish();
    }
  }

  /** How many locations the site has. */
  get count(): number {
    return this.#owners.length;
  }

  located(): Bitset {
    return this.#located;
  }

  /** The haversine to the partner's nearest location, and which it is (-1: none). */
  #nearestOf(ordinal: number, point: GeoPoint, cosLatitude: number): [number, number] {
    let best = Infinity;
    let which = -1;
    const end = this.#starts[ordinal + 1] ?? 0;
    for (let at = this.#starts[ordinal] ?? 0; at < end; at += 1) {
      const haversine = this.#haversineTo(at, point, cosLatitude);
      if (haversine < best) {
        best = haversine;
        which = at;
      }
    }
    return [best, which];
  }

  #haversineTo(at: number, point: GeoPoint, cosLatitude: number): number {
    return haversineBetween(
      point.latitude,
      point.longitude,
      cosLatitude,
      this.#latitudes[at] ?? 0,
      this.#longitudes[at] ?? 0,
      this.#cosLatitudes[at] ?? 0,
    );
  }

  distanceOf(ordinal: number, point: GeoPoint): number {
    const [haversine, which] = this.#nearestOf(ordinal, point, cosOf(point));
    return which < 0 ? Infinity : kilometresOf(haversine);
  }

  nearestLocation(ordinal: number, point: GeoPoint) {
    const [haversine, which] = this.#nearestOf(ordinal, point, cosOf(point));
    const detail = this.#detailList[this.#details[which] ?? -1];
    if (which < 0 || !detail) return undefined;
    return {
      location: {
        ...detail,
        latitude: this.#latitudes[which] ?? 0,
        longitude: this.#longitudes[which] ?? 0,
      },
      distanceKm: kilometresOf(haversine),
    };
  }

  within(point: GeoPoint, radiusKm: number): Bitset {
    const found = new Bitset(this.size);
    const tree = this.#tree;
    if (!tree || !(radiusKm >= 0)) return found;
    const limit = haversineOfKilometres(radiusKm);
    const cosLatitude = cosOf(point);
    for (const [minLongitude, minLatitude, maxLongitude, maxLatitude] of boxesAround(
      point,
      radiusKm,
    )) {
      for (const place of tree.range(minLongitude, minLatitude, maxLongitude, maxLatitude)) {
        if (this.#haversineTo(place, point, cosLatitude) <= limit) {
          found.add(this.#owners[place] ?? 0);
        }
      }
    }
    return found;
  }

  nearest(point: GeoPoint, limit: number, options: NearestOptions = {}): NearestPartners {
    const candidates = options.among ? options.among.and(this.#located) : this.#located;
    const radius = options.radiusKm;
    const total =
      radius === undefined ? candidates.count() : this.within(point, radius).andCount(candidates);
    const wanted = Math.min(limit, total);
    if (wanted <= 0) return { ordinals: new Int32Array(0), distances: new Float64Array(0), total };
    const maxHaversine = radius === undefined ? Infinity : haversineOfKilometres(radius);
    const found =
      this.#locationsOf(candidates, SCAN_AT_MOST) <= SCAN_AT_MOST
        ? this.scan(point, wanted, candidates, maxHaversine)
        : this.walk(point, wanted, candidates, maxHaversine);
    return { ...found, total };
  }

  /** How many locations the candidates have, counted up to `atMost` (then it stops). */
  #locationsOf(candidates: Bitset, atMost: number): number {
    let count = 0;
    const { words } = candidates;
    for (let index = 0; index < words.length && count <= atMost; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0) {
        const lowest = word & -word;
        const ordinal = index * 32 + (31 - Math.clz32(lowest));
        count += (this.#starts[ordinal + 1] ?? 0) - (this.#starts[ordinal] ?? 0);
        word ^= lowest;
      }
    }
    return count;
  }

  /**
   * Nearest first by scanning each candidate's own locations: the first `wanted` by
   * (distance, ordinal) in a bounded sorted list. For few candidates.
   */
  scan(point: GeoPoint, wanted: number, candidates: Bitset, maxHaversine: number) {
    const cosLatitude = cosOf(point);
    const distances = new Float64Array(wanted);
    const ordinals = new Int32Array(wanted);
    let kept = 0;
    const { words } = candidates;
    for (let index = 0; index < words.length; index += 1) {
      let word = words[index] ?? 0;
      while (word !== 0) {
        const lowest = word & -word;
        const ordinal = index * 32 + (31 - Math.clz32(lowest));
        word ^= lowest;
        const [haversine] = this.#nearestOf(ordinal, point, cosLatitude);
        if (haversine > maxHaversine) continue;
        // Kilometres, not haversines, decide ties: two haversines a rounding apart are one
        // distance to whoever reads it. Ordinals come in increasing order: an equal
        // distance goes after those kept.
        const distance = kilometresOf(haversine);
        if (kept === wanted && distance >= (distances[kept - 1] ?? 0)) continue;
        let at = kept === wanted ? kept - 1 : kept;
        while (at > 0 && (distances[at - 1] ?? 0) > distance) {
          distances[at] = distances[at - 1] ?? 0;
          ordinals[at] = ordinals[at - 1] ?? 0;
          at -= 1;
        }
        distances[at] = distance;
        ordinals[at] = ordinal;
        if (kept < wanted) kept += 1;
      }
    }
    return { ordinals: ordinals.subarray(0, kept), distances: distances.subarray(0, kept) };
  }

  /**
   * Nearest first by walking the kd-tree best first: boxes and locations in one queue by
   * their haversine (a box's is a lower bound of its locations'), so a location leaves the
   * queue only once nothing left can be nearer. A partner counts at its first (nearest)
   * location. The walk goes on past the `wanted`-th partner while locations are as near,
   * so equal distances are ordered by ordinal (editorial order), not by the tree.
   */
  walk(point: GeoPoint, wanted: number, candidates: Bitset, maxHaversine: number) {
    const tree = this.#tree;
    const queue = this.#queue;
    const nodes = this.#nodes;
    const keptIn = this.#keptIn;
    const keys: number[] = [];
    const ordinals: number[] = [];
    if (!tree) return { ordinals: new Int32Array(0), distances: new Float64Array(0) };
    this.#walk = (this.#walk + 1) >>> 0 || 1;
    const walk = this.#walk;
    const { ids, coords } = tree;
    const { longitude, latitude } = point;
    const cosLatitude = cosOf(point);
    queue.clear();
    nodes.length = 0;
    /** The kilometres of the `wanted`-th partner kept: the walk ends past them. */
    let last = Infinity;
    const offerPoint = (place: number) => {
      const location = ids[place] ?? 0;
      const owner = this.#owners[location] ?? 0;
      if (keptIn[owner] === walk || !candidates.has(owner)) return;
      queue.push(this.#haversineTo(location, point, cosLatitude), place);
    };
    queue.push(0, -1 - nodes.add(0, ids.length - 1, 0, [-180, -90, 180, 90]));
    while (queue.length > 0) {
      const key = queue.peekKey();
      if (key > maxHaversine || (ordinals.length >= wanted && kilometresOf(key) > last)) break;
      const value = queue.pop();
      if (value >= 0) {
        const owner = this.#owners[ids[value] ?? 0] ?? 0;
        if (keptIn[owner] === walk) continue;
        keptIn[owner] = walk;
        keys.push(key);
        ordinals.push(owner);
        if (ordinals.length === wanted) last = kilometresOf(key);
        continue;
      }
      const slot = -1 - value;
      const left = nodes.left[slot] ?? 0;
      const right = nodes.right[slot] ?? 0;
      if (right - left <= tree.nodeSize) {
        for (let place = left; place <= right; place += 1) offerPoint(place);
        continue;
      }
      const middle = (left + right) >> 1;
      offerPoint(middle);
      const axis = nodes.axis[slot] ?? 0;
      const at = slot * 4;
      const box = [0, 1, 2, 3].map((corner) => nodes.box[at + corner] ?? 0);
      const split = coords[2 * middle + axis] ?? 0;
      const lower = [...box];
      const upper = [...box];
      lower[axis + 2] = split;
      upper[axis] = split;
      for (const [from, to, part] of [
        [left, middle - 1, lower],
        [middle + 1, right, upper],
      ] as const) {
        if (from > to) continue;
        const bound = haversineToBox(
          longitude,
          latitude,
          cosLatitude,
          part[0] ?? 0,
          part[1] ?? 0,
          part[2] ?? 0,
          part[3] ?? 0,
        );
        queue.push(bound, -1 - nodes.add(from, to, 1 - axis, part));
      }
    }
    return sortedFirst(keys, ordinals, wanted);
  }

  partnersByCity(): ReadonlyMap<string, number> {
    if (!this.#byCity) {
      const byCity = new Map<string, number>();
      for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
        for (const key of this.citiesOf(ordinal)) byCity.set(key, (byCity.get(key) ?? 0) + 1);
      }
      this.#byCity = byCity;
    }
    return this.#byCity;
  }

  /** The city keys of a partner's locations, each once. */
  citiesOf(ordinal: number): Set<string> {
    const keys = new Set<string>();
    const end = this.#starts[ordinal + 1] ?? 0;
    for (let at = this.#starts[ordinal] ?? 0; at < end; at += 1) {
      const detail = this.#detailList[this.#details[at] ?? -1];
      if (detail) keys.add(this.#cityKey(detail.city, detail.country));
    }
    return keys;
  }
}

function cosOf(point: GeoPoint): number {
  return Math.cos(point.latitude * RADIANS);
}

/** The first `wanted` of (haversine, ordinal) pairs by kilometres, then ordinal. */
function sortedFirst(keys: readonly number[], ordinals: readonly number[], wanted: number) {
  const distances = keys.map(kilometresOf);
  const order = keys.map((_, at) => at);
  order.sort(
    (a, b) => (distances[a] ?? 0) - (distances[b] ?? 0) || (ordinals[a] ?? 0) - (ordinals[b] ?? 0),
  );
  const first = order.slice(0, wanted);
  return {
    ordinals: Int32Array.from(first, (at) => ordinals[at] ?? 0),
    distances: Float64Array.from(first, (at) => distances[at] ?? 0),
  };
}

/**
 * Boxes of longitudes and latitudes that hold every point within the radius: one, or two
 * where the circle crosses the antimeridian; all longitudes where it holds a pole.
 */
export function boxesAround(point: GeoPoint, radiusKm: number): [number, number, number, number][] {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const degrees = angle / RADIANS;
  const minLatitude = point.latitude - degrees;
  const maxLatitude = point.latitude + degrees;
  if (minLatitude <= -90 || maxLatitude >= 90 || angle >= Math.PI / 2) {
    return [[-180, Math.max(-90, minLatitude), 180, Math.min(90, maxLatitude)]];
  }
  const spread =
    Math.asin(Math.min(1, Math.sin(angle) / Math.cos(point.latitude * RADIANS))) / RADIANS;
  const west = point.longitude - spread;
  const east = point.longitude + spread;
  if (west < -180) {
    return [
      [west + 360, minLatitude, 180, maxLatitude],
      [-180, minLatitude, east, maxLatitude],
    ];
  }
  if (east > 180) {
    return [
      [west, minLatitude, 180, maxLatitude],
      [-180, minLatitude, east - 360, maxLatitude],
    ];
  }
  return [[west, minLatitude, east, maxLatitude]];
}
