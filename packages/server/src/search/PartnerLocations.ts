/**
 * The partners' locations of one built site, for searches near a point: each partner's
 * distance to its nearest location, the partners within a radius (a Bitset, as the index
 * answers), and the partners nearest first (the first N, like findFirst). Not yet wired into
 * the answer: the lead's SiteAnswers takes it as a step.
 *
 * Locations sit in a kd-tree (kdbush) and two strategies answer "nearest first", chosen
 * per query by how many candidates there are: geokdbush's best-first search of the tree
 * when they are many, a scan of the candidates' own locations when they are few (a text or
 * items that match a few dozen partners: the tree search would pass thousands of other
 * partners' locations first). Ties are broken by editorial order (the ordinal), which
 * geokdbush's queue does not keep: see `walk`. bench/geo/measureGeo.ts measures both beside
 * our own walk of the tree (which lost) and a brute-force scan.
 */
import type KDBush from 'kdbush';
import { around } from 'geokdbush';
import { Bitset } from './Bitset';
import { buildLocationTree } from './buildLocationTree';
import type { PointOrder } from './SharedPoints';
import { SharedPoints } from './SharedPoints';
import { freeBuffer } from './freeBuffer';
import {
  EARTH_RADIUS_KM,
  RADIANS,
  haversineBetween,
  haversineOfKilometres,
  isSurelyFarther,
  isWithinHaversine,
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
  distances: ArrayLike<number>;
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
  /**
   * The place of the partner's location nearest the point, and how far it is ("12 km ·
   * Lyon"). The place is the structure's own: read-only.
   */
  nearestLocation(
    ordinal: number,
    point: GeoPoint,
  ): { place: LocationPlace; distanceKm: number } | undefined;
  /** Partners with a location within the radius. */
  within(point: GeoPoint, radiusKm: number): Bitset;
  /**
   * How many of `among` have a location within the radius: `within(...).andCount(among)`,
   * measuring only their locations.
   */
  countWithin(point: GeoPoint, radiusKm: number, among: Bitset): number;
  nearest(point: GeoPoint, limit: number, options?: NearestOptions): NearestPartners;
  /** How many partners have a location in each city (key: cityKey). */
  partnersByCity(): ReadonlyMap<string, number>;
}

/** Where a location is, as a card says it: its city, country and label. */
export interface LocationPlace {
  readonly city: string;
  readonly country: string;
  readonly label?: string;
}

/** The key of a city in partnersByCity: its country and its folded name (geo/placeKey). */
export type CityKeyOf = (city: string, country: string) => string;

/**
 * Candidates' locations up to which a scan is cheaper than the tree search, whatever the
 * site's size: a tree search passes every other partner's locations nearer than the ones it
 * keeps (bench, 1 % candidates: the scan's p99 0.02 ms against 0.21 at 10k, 0.19 against
 * 0.27 to 0.49 at 100k).
 */
const SCAN_AT_MOST = 2048;
/**
 * Candidates' locations per shared point up to which a scan is cheaper than reading the
 * points: that measures every point (142 in the generated directories), and few candidates
 * spread over many points make it read many of them. Ten nearest of random candidates, the
 * fastest of 30 rounds (bench/search/scanVsPoints.ts): at 10k partners 100 candidates (206
 * locations) took 7 µs by a scan against 11 by points, 200 took 14 against 7, 400 took 19
 * against 5; at 1k 80 took 5 against 8, 160 took 6 against 5, 250 took 12 against 4; at 100k
 * 200 took 25 against 29, 300 took 31 against 21. With 4 a point, the groups of 170 to 250
 * that a broad text's rank leaves to be ordered near a city at 1k were scanned: the
 * slowest of the bench's searches near a city.
 */
const SCAN_PER_POINT_AT_MOST = 2;
/**
 * Candidates' locations up to which countWithin reads their own rather than the tree's range
 * (1k partners, fastest of 30 rounds: 50 candidates at 2,500 km took 2.4 µs so against 16.4
 * by `within`, 200 at 20,000 km 9.9 against 33.1, 200 at 250 km 3.4 against 1.4). A wider
 * radius is asked only from the nearest match's distance on: mostly a wide one.
 */
const FEW_LOCATIONS = 512;
/**
 * `within` decides each shared point once (SharedPoints' addWithin) when there are at most
 * this many, rather than listing the tree's range and deciding each location: a directory's
 * city at 100k partners holds thousands of locations. Around each city of the generated
 * directories (142 points), the fastest of 20 rounds (near12, bench/README.md): at 100k
 * within 10 km 6.2 µs against 273, 100 km 6.8 against 106, 2,500 km 148 against 5,576; at
 * 1k alike (about 1 µs either way at 100 km, 3 against 12 at 2,500 km). With many more
 * points, a small radius's range lists fewer locations than there are points.
 */
const WITHIN_BY_POINTS_AT_MOST = 1024;
const HALF_RADIANS = RADIANS / 2;
/** Past every point's rank (ranks are two bytes). */
const NO_RANK = 0x10000;

/** The start of an array copied into another (as much as fits), the first let go at once. */
function movedInto<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from.subarray(0, to.length));
  freeBuffer(from);
  return to;
}

export class SiteLocationsBuilder {
  readonly #starts: Int32Array;
  /**
   * The locations so far, in typed arrays grown by doubling (each outgrown one let go at
   * once): as JavaScript arrays of 200k numbers each they and their outgrown copies were
   * old-generation garbage that grew the main thread's heap through a start-up build.
   */
  #latitudes: Float64Array;
  #longitudes: Float64Array;
  #owners: Int32Array;
  #details: Int32Array;
  #count = 0;
  readonly #detailIds = new Map<string, number>();
  readonly #detailList: LocationPlace[] = [];
  #next = 0;

  constructor(readonly size: number) {
    this.#starts = new Int32Array(size + 1);
    // About two locations a partner (a few for a change's partners).
    const capacity = Math.max(16, size * 2);
    this.#latitudes = new Float64Array(capacity);
    this.#longitudes = new Float64Array(capacity);
    this.#owners = new Int32Array(capacity);
    this.#details = new Int32Array(capacity);
  }

  /** The locations of each ordinal, in increasing ordinal (every ordinal, even without any). */
  add(ordinal: number, locations: readonly SiteLocation[]): void {
    if (ordinal < this.#next || ordinal >= this.size) {
      throw new Error(`locations of ordinal ${ordinal} after ${this.#next - 1}`);
    }
    for (let skipped = this.#next; skipped <= ordinal; skipped += 1) {
      this.#starts[skipped] = this.#count;
    }
    for (const location of locations) {
      const key = `${location.city}\u0000${location.country}\u0000${location.label ?? ''}`;
      let detail = this.#detailIds.get(key);
      if (detail === undefined) {
        detail = this.#detailList.length;
        this.#detailIds.set(key, detail);
        const { city, country, label } = location;
        // One shape with or without a label: the code that reads places sees one map.
        this.#detailList.push({ city, country, label });
      }
      if (this.#count === this.#owners.length) this.#grow();
      this.#latitudes[this.#count] = location.latitude;
      this.#longitudes[this.#count] = location.longitude;
      this.#owners[this.#count] = ordinal;
      this.#details[this.#count] = detail;
      this.#count += 1;
    }
    this.#next = ordinal + 1;
  }

  #grow(): void {
    const capacity = this.#owners.length * 2;
    this.#latitudes = movedInto(this.#latitudes, new Float64Array(capacity));
    this.#longitudes = movedInto(this.#longitudes, new Float64Array(capacity));
    this.#owners = movedInto(this.#owners, new Int32Array(capacity));
    this.#details = movedInto(this.#details, new Int32Array(capacity));
  }

  /** The locations with their kd-tree (sorted in a worker thread for a large site). */
  async build(cityKey: CityKeyOf, treeWorkerFrom?: number): Promise<SiteLocations> {
    for (let rest = this.#next; rest <= this.size; rest += 1) {
      this.#starts[rest] = this.#count;
    }
    // Exact copies: the arrays' spare room goes with them.
    const count = this.#count;
    const latitudes = movedInto(this.#latitudes, new Float64Array(count));
    const longitudes = movedInto(this.#longitudes, new Float64Array(count));
    return new SiteLocations(
      this.size,
      this.#starts,
      latitudes,
      longitudes,
      movedInto(this.#owners, new Int32Array(count)),
      movedInto(this.#details, new Int32Array(count)),
      this.#detailList,
      cityKey,
      await buildLocationTree(longitudes, latitudes, treeWorkerFrom),
    );
  }
}

/** The locations of a whole build, by ordinal, in a kd-tree. */
export class SiteLocations implements PartnerLocations {
  readonly #starts: Int32Array;
  readonly #latitudes: Float64Array;
  readonly #longitudes: Float64Array;
  readonly #cosLatitudes: Float64Array;
  readonly #owners: Int32Array;
  readonly #details: Int32Array;
  readonly #detailList: readonly LocationPlace[];
  readonly #cityKey: CityKeyOf;
  readonly #tree: KDBush | undefined;
  readonly #located: Bitset;
  #byCity: Map<string, number> | undefined;
  /** The most locations one partner has: how many a walk takes per partner it wants. */
  readonly #mostPerPartner: number;
  /** Locations per located partner, on average. */
  readonly #locationsPerPartner: number;
  /** The points the locations share, when they share few (partners located by city). */
  readonly #points: SharedPoints | undefined;
  /** #scanByOrder's list, kept between scans (grown to the most asked for). */
  #scanList = new Int32Array(0);

  constructor(
    readonly size: number,
    starts: Int32Array,
    latitudes: Float64Array,
    longitudes: Float64Array,
    owners: Int32Array,
    details: Int32Array,
    detailList: readonly LocationPlace[],
    cityKey: CityKeyOf,
    tree: KDBush | undefined,
  ) {
    this.#starts = starts;
    this.#latitudes = latitudes;
    this.#longitudes = longitudes;
    this.#cosLatitudes = latitudes.map((latitude) => Math.cos(latitude * RADIANS));
    this.#owners = owners;
    this.#details = details;
    this.#detailList = detailList;
    this.#cityKey = cityKey;
    this.#located = new Bitset(size);
    for (const owner of owners) this.#located.add(owner);
    let most = 0;
    for (let ordinal = 0; ordinal < size; ordinal += 1) {
      most = Math.max(most, (starts[ordinal + 1] ?? 0) - (starts[ordinal] ?? 0));
    }
    this.#mostPerPartner = most;
    this.#locationsPerPartner = owners.length / Math.max(1, this.#located.count());
    this.#points = SharedPoints.of(size, latitudes, longitudes, owners);
    this.#tree = tree;
  }

  /** Whether its locations share few points (partners located by city): `byPoints` works. */
  get sharesPoints(): boolean {
    return this.#points !== undefined;
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

  /** The haversine to the partner's nearest location (Infinity: none). */
  #nearestHaversine(ordinal: number, point: GeoPoint, cosLatitude: number): number {
    let best = Infinity;
    const end = this.#starts[ordinal + 1] ?? 0;
    for (let at = this.#starts[ordinal] ?? 0; at < end; at += 1) {
      best = Math.min(best, this.#haversineTo(at, point, cosLatitude));
    }
    return best;
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

  /**
   * #nearestOf's location, each location's haversine read from its point's in the point's
   * kept order (the same haversineBetween, measured once): -1 without a location.
   */
  #nearestInOrder(ordinal: number, order: PointOrder, pointOf: Uint16Array): number {
    const { haversines, ranks } = order;
    let which = -1;
    const start = this.#starts[ordinal] ?? 0;
    const end = this.#starts[ordinal + 1] ?? 0;
    if (order.ranksDecide) {
      // By rank, the haversines read only between two locations of one rank: the same
      // location (PointOrder.ranksDecide), fewer of the order's bytes read.
      let bestRank = NO_RANK;
      let bestPoint = 0;
      for (let at = start; at < end; at += 1) {
        const point = pointOf[at] ?? 0;
        const rank = ranks[point] ?? NO_RANK;
        if (
          rank < bestRank ||
          (rank === bestRank && (haversines[point] ?? 0) < (haversines[bestPoint] ?? 0))
        ) {
          bestRank = rank;
          bestPoint = point;
          which = at;
        }
      }
      return which;
    }
    let best = Infinity;
    for (let at = start; at < end; at += 1) {
      const haversine = haversines[pointOf[at] ?? 0] ?? Infinity;
      if (haversine < best) {
        best = haversine;
        which = at;
      }
    }
    return which;
  }

  distanceOf(ordinal: number, point: GeoPoint): number {
    const pointOf = this.#points?.pointOf;
    const order = pointOf && this.#points?.orderFrom(point);
    if (!pointOf || !order) {
      const [haversine] = this.#nearestOf(ordinal, point, cosOf(point));
      return haversine === Infinity ? Infinity : kilometresOf(haversine);
    }
    const which = this.#nearestInOrder(ordinal, order, pointOf);
    // The point's kilometres, kept with its order: kilometresOf its haversine.
    return which < 0
      ? Infinity
      : (order.kilometresByRank[order.ranks[pointOf[which] ?? 0] ?? 0] ?? Infinity);
  }

  nearestLocation(ordinal: number, point: GeoPoint) {
    const pointOf = this.#points?.pointOf;
    const order = pointOf && this.#points?.orderFrom(point);
    let which: number;
    let distanceKm: number;
    if (pointOf && order) {
      which = this.#nearestInOrder(ordinal, order, pointOf);
      distanceKm = order.kilometresByRank[order.ranks[pointOf[which] ?? 0] ?? 0] ?? Infinity;
    } else {
      const [haversine, nearest] = this.#nearestOf(ordinal, point, cosOf(point));
      which = nearest;
      distanceKm = kilometresOf(haversine);
    }
    const place = this.#detailList[this.#details[which] ?? -1];
    if (which < 0 || !place) return undefined;
    return { place, distanceKm };
  }

  within(point: GeoPoint, radiusKm: number): Bitset {
    const found = new Bitset(this.size);
    const tree = this.#tree;
    if (!tree || !(radiusKm >= 0)) return found;
    const limit = haversineOfKilometres(radiusKm);
    const cosLatitude = cosOf(point);
    const boxes = boxesAround(point, radiusKm);
    if (this.#points && this.#points.count <= WITHIN_BY_POINTS_AT_MOST) {
      this.#points.addWithin(point, cosLatitude, boxes, limit, found);
      return found;
    }
    for (const [minLongitude, minLatitude, maxLongitude, maxLatitude] of boxes) {
      for (const place of tree.range(minLongitude, minLatitude, maxLongitude, maxLatitude)) {
        const owner = this.#owners[place] ?? 0;
        if (!found.has(owner) && this.#isWithin(place, point, cosLatitude, limit)) {
          found.add(owner);
        }
      }
    }
    return found;
  }

  /**
   * `within(point, radiusKm).andCount(among)`, the same locations decided the same way; a few
   * candidates (FEW_LOCATIONS) are read from their own locations, not from the tree's range:
   * a wider radius offered near a city (a continent, or the whole earth at 20,000 km) listed
   * and measured every location of the site for the few partners a text matched (about 50 µs
   * of a 190 µs first ask at 1k partners, bench/README.md).
   */
  countWithin(point: GeoPoint, radiusKm: number, among: Bitset): number {
    if (among.count() * this.#locationsPerPartner > FEW_LOCATIONS) {
      return this.within(point, radiusKm).andCount(among);
    }
    if (!this.#tree || !(radiusKm >= 0)) return 0;
    const limit = haversineOfKilometres(radiusKm);
    const cosLatitude = cosOf(point);
    const owners = this.#owners;
    const counted = new Bitset(this.size);
    let count = 0;
    for (const [west, south, east, north] of boxesAround(point, radiusKm)) {
      for (const place of this.#placesIn(among, west, south, east, north)) {
        const owner = owners[place] ?? 0;
        if (!counted.has(owner) && this.#isWithin(place, point, cosLatitude, limit)) {
          counted.add(owner);
          count += 1;
        }
      }
    }
    return count;
  }

  /** The locations of `among` inside a box, edges included (as kdbush's range decides). */
  #placesIn(among: Bitset, west: number, south: number, east: number, north: number): number[] {
    const places: number[] = [];
    for (const ordinal of among.toArray()) {
      const end = this.#starts[ordinal + 1] ?? 0;
      for (let place = this.#starts[ordinal] ?? 0; place < end; place += 1) {
        const latitude = this.#latitudes[place] ?? 0;
        const longitude = this.#longitudes[place] ?? 0;
        if (longitude >= west && longitude <= east && latitude >= south && latitude <= north) {
          places.push(place);
        }
      }
    }
    return places;
  }

  /** isSurelyFarther of a location (haversine.ts). */
  #isFarther(place: number, point: GeoPoint, cosLatitude: number, limit: number): boolean {
    return isSurelyFarther(
      point.latitude,
      point.longitude,
      cosLatitude,
      this.#latitudes[place] ?? 0,
      this.#longitudes[place] ?? 0,
      this.#cosLatitudes[place] ?? 0,
      limit,
    );
  }

  /**
   * isWithinHaversine of a location (haversine.ts): `within` over 100 km around a
   * directory's city tests thousands of locations (it was about a third of a near search's
   * time at 100k partners), mostly without a sine.
   */
  #isWithin(place: number, point: GeoPoint, cosLatitude: number, limit: number): boolean {
    return isWithinHaversine(
      point.latitude,
      point.longitude,
      cosLatitude,
      this.#latitudes[place] ?? 0,
      this.#longitudes[place] ?? 0,
      this.#cosLatitudes[place] ?? 0,
      limit,
    );
  }

  nearest(point: GeoPoint, limit: number, options: NearestOptions = {}): NearestPartners {
    // Not the candidates with a location as a set of their own: each way below passes
    // partners without one (no location, no point), and a set of a site's size is an
    // array buffer of its own for every search (over 64 bytes: made outside V8's heap,
    // about 0.3 µs at 1k partners, bench/README.md near14).
    const candidates = options.among ?? this.#located;
    const count = options.among ? options.among.andCount(this.#located) : this.#located.count();
    const radius = options.radiusKm;
    const total = radius === undefined ? count : this.within(point, radius).andCount(candidates);
    const wanted = Math.min(limit, total);
    if (wanted <= 0) return { ordinals: new Int32Array(0), distances: [], total };
    const maxHaversine = radius === undefined ? Infinity : haversineOfKilometres(radius);
    // The candidates' locations, as many as the site's partners have on average: counting
    // them was a pass over every candidate before the scan's own.
    const locations = count * this.#locationsPerPartner;
    const found =
      this.#points && locations > this.#points.count * SCAN_PER_POINT_AT_MOST
        ? this.byPoints(point, wanted, candidates, maxHaversine)
        : locations <= SCAN_AT_MOST
          ? this.scan(point, wanted, candidates, maxHaversine)
          : this.walk(point, wanted, candidates, maxHaversine);
    return { ordinals: found.ordinals, distances: found.distances, total };
  }

  /**
   * Nearest first by scanning each candidate's own locations: the first `wanted` by
   * (distance, ordinal) in a bounded sorted list. For few candidates.
   */
  scan(point: GeoPoint, wanted: number, candidates: Bitset, maxHaversine: number) {
    const pointOf = this.#points?.pointOf;
    const order = pointOf && this.#points?.orderFrom(point);
    if (pointOf && order)
      return this.#scanByOrder(pointOf, order, wanted, candidates, maxHaversine);
    const cosLatitude = cosOf(point);
    const nearest = new NearestList(wanted, maxHaversine);
    // The loop reads these thousands of times per search: locals, not fields.
    const starts = this.#starts;
    const latitudes = this.#latitudes;
    const { words } = candidates;
    for (let index = 0; index < words.length; index += 1) {
      let word = (words[index] ?? 0) | 0;
      while (word !== 0) {
        const lowest = word & -word;
        const ordinal = index * 32 + (31 - Math.clz32(lowest));
        word ^= lowest;
        let haversine = Infinity;
        const end = starts[ordinal + 1] ?? 0;
        for (let at = starts[ordinal] ?? 0; at < end; at += 1) {
          // A location surely beyond what the list takes, or this partner's nearest so
          // far, is passed without a sine: once the list is full, most of them are. The
          // latitudes alone pass most (sin² of half their difference is at least its
          // bound's square), before the longitudes are read.
          const bound = Math.min(haversine, nearest.bound);
          const halfLatitude = Math.abs((latitudes[at] ?? 0) - point.latitude) * HALF_RADIANS;
          if (halfLatitude <= 1) {
            const low = halfLatitude * (1 - (halfLatitude * halfLatitude) / 6);
            if (low * low > bound) continue;
          }
          if (this.#isFarther(at, point, cosLatitude, bound)) continue;
          haversine = Math.min(haversine, this.#haversineTo(at, point, cosLatitude));
        }
        // Infinity: no location nearer than the list takes, or none at all.
        if (haversine !== Infinity) nearest.offer(ordinal, haversine);
      }
    }
    return nearest.result();
  }

  /**
   * `scan` along a point's kept order: each candidate's nearest location read from its
   * point's haversine, and the candidates ranked by their nearest point's rank of
   * kilometres (`PointOrder.ranks`), then ordinal, as NearestList orders them: the same
   * partners in the same order, with integer comparisons only and the kilometres measured
   * for the `wanted` kept (not for every candidate that entered the list on its way).
   * Candidates come in ascending ordinal order: a later one of an equal rank comes after.
   */
  #scanByOrder(
    pointOf: Uint16Array,
    order: PointOrder,
    wanted: number,
    candidates: Bitset,
    maxHaversine: number,
  ) {
    const { haversines, ranks, kilometresByRank, ranksDecide } = order;
    // Without a radius every (finite) haversine is within it.
    const bounded = maxHaversine !== Infinity;
    // The list kept so far, nearest first, in an array this structure keeps for every scan
    // (typed arrays made per search were a third of a scan's time at 1k partners,
    // bench/README.md near14): ordinals from 0, their ranks from `wanted`, their nearest
    // points from twice `wanted`.
    if (this.#scanList.length < wanted * 3) this.#scanList = new Int32Array(wanted * 3);
    const list = this.#scanList;
    const last = wanted - 1;
    let kept = 0;
    const starts = this.#starts;
    const { words } = candidates;
    for (let index = 0; index < words.length; index += 1) {
      let word = (words[index] ?? 0) | 0;
      while (word !== 0) {
        const lowest = word & -word;
        const ordinal = index * 32 + (31 - Math.clz32(lowest));
        word ^= lowest;
        let nearest = -1;
        let rank = NO_RANK;
        const end = starts[ordinal + 1] ?? 0;
        if (ranksDecide) {
          // By rank, as #nearestInOrder: the order's haversines read between locations of
          // one rank only, and for a radius.
          for (let at = starts[ordinal] ?? 0; at < end; at += 1) {
            const point = pointOf[at] ?? 0;
            const measured = ranks[point] ?? NO_RANK;
            if (
              measured < rank ||
              (measured === rank && (haversines[point] ?? 0) < (haversines[nearest] ?? 0))
            ) {
              rank = measured;
              nearest = point;
            }
          }
          if (nearest < 0 || (bounded && !((haversines[nearest] ?? Infinity) <= maxHaversine))) {
            continue;
          }
        } else {
          let haversine = Infinity;
          for (let at = starts[ordinal] ?? 0; at < end; at += 1) {
            const point = pointOf[at] ?? 0;
            const measured = haversines[point] ?? Infinity;
            if (measured < haversine) {
              haversine = measured;
              nearest = point;
            }
          }
          if (nearest < 0 || !(haversine <= maxHaversine)) continue;
          rank = ranks[nearest] ?? 0;
        }
        if (kept === wanted && rank >= (list[wanted + last] ?? 0)) continue;
        let at = kept === wanted ? last : kept;
        while (at > 0 && (list[wanted + at - 1] ?? 0) > rank) {
          list[at] = list[at - 1] ?? 0;
          list[wanted + at] = list[wanted + at - 1] ?? 0;
          list[2 * wanted + at] = list[2 * wanted + at - 1] ?? 0;
          at -= 1;
        }
        list[at] = ordinal;
        list[wanted + at] = rank;
        list[2 * wanted + at] = nearest;
        if (kept < wanted) kept += 1;
      }
    }
    return this.#keptList(list, wanted, kept, kilometresByRank);
  }

  /**
   * The first `kept` of a list as #scanByOrder and nearestByRanks write it, with kilometres
   * (by each one's rank: PointOrder.kilometresByRank).
   */
  #keptList(list: Int32Array, wanted: number, kept: number, kilometresByRank: Float64Array) {
    const distances = new Array<number>(kept);
    for (let at = 0; at < kept; at += 1) {
      distances[at] = kilometresByRank[list[wanted + at] ?? 0] ?? Infinity;
    }
    return { ordinals: list.slice(0, kept), distances };
  }

  /**
   * Nearest first by the points the locations share, nearest point first; only for a site
   * whose locations share few points (otherwise it finds nothing). Along the point's kept
   * order when there is one (SharedPoints' nearestByRanks: by ranks, as #scanByOrder), else
   * point by point from lower bounds into a NearestList.
   */
  byPoints(point: GeoPoint, wanted: number, candidates: Bitset, maxHaversine: number) {
    const points = this.#points;
    const order = points?.orderFrom(point);
    if (points && order) {
      if (this.#scanList.length < wanted * 3) this.#scanList = new Int32Array(wanted * 3);
      const list = this.#scanList;
      const kept = points.nearestByRanks(order, candidates, wanted, maxHaversine, list);
      return this.#keptList(list, wanted, kept, order.kilometresByRank);
    }
    const nearest = new NearestList(wanted, maxHaversine);
    points?.offerNearest(point, candidates, nearest);
    return nearest.result();
  }

  /**
   * Nearest first by geokdbush's best-first search of the tree: its first N × (most
   * locations of a partner) candidate locations hold at least N partners. Its queue orders
   * equal distances as it likes, so when the last location it gave is no farther than the
   * N-th partner, every location up to that distance is asked for, and the partners are
   * ordered by (distance, ordinal) here: equal distances in editorial order.
   */
  walk(point: GeoPoint, wanted: number, candidates: Bitset, maxHaversine: number) {
    const tree = this.#tree;
    const owners = this.#owners;
    if (!tree || wanted <= 0) return { ordinals: new Int32Array(0), distances: [] };
    const cosLatitude = cosOf(point);
    const nearest = new NearestList(wanted, maxHaversine);
    const seen = new Set<number>();
    const accept = (location: number) => candidates.has(owners[location] ?? -1);
    // A hair over the radius: the radius itself is decided below, by this file's haversine.
    const radiusKm = maxHaversine >= 1 ? Infinity : kilometresOf(maxHaversine) * (1 + 1e-9) + 1e-9;
    const collect = (locations: readonly number[]) => {
      for (const location of locations) {
        const owner = owners[location] ?? 0;
        if (seen.has(owner)) continue;
        seen.add(owner);
        nearest.offer(owner, this.#nearestHaversine(owner, point, cosLatitude));
      }
    };
    const asked = wanted * this.#mostPerPartner;
    const first = around(tree, point.longitude, point.latitude, asked, radiusKm, accept);
    collect(first);
    const lastLocation = first[first.length - 1];
    if (first.length === asked && lastLocation !== undefined) {
      const nth = nearest.bound;
      const last = this.#haversineTo(lastLocation, point, cosLatitude);
      if (last <= nth) {
        // Every location up to that distance, from the boxes that hold its circle: partners
        // geocoded by their city share its point (hundreds of them in a large directory),
        // and a range query lists them without the best-first queue's cost per location.
        // Those in the boxes' corners are farther: measured, then sorted out below.
        const upTo = Math.min(radiusKm, kilometresOf(nth) * (1 + 1e-9) + 1e-9);
        for (const [west, south, east, north] of boxesAround(point, upTo)) {
          collect(tree.range(west, south, east, north).filter(accept));
        }
      }
    }
    return nearest.result();
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

/**
 * The first `wanted` partners offered, by kilometres, then ordinal (editorial order), up
 * to a greatest haversine: a short sorted list that a farther partner cannot enter.
 * Kilometres, not haversines, decide ties: two haversines a rounding apart are one
 * distance to whoever reads it.
 */
class NearestList {
  readonly #ordinals: Int32Array;
  /**
   * Arrays, not Float64Arrays: ten numbers are 80 bytes, over the 64 that V8 keeps a typed
   * array's buffer inside its heap for, and a buffer of its own cost about 0.3 µs a
   * search (bench/README.md near14).
   */
  readonly #distances: number[];
  readonly #haversines: number[];
  #kept = 0;
  /** The greatest haversine that may still enter (kilometres grow with haversines). */
  bound: number;

  constructor(
    readonly wanted: number,
    maxHaversine: number,
  ) {
    this.#ordinals = new Int32Array(wanted);
    this.#distances = new Array<number>(wanted).fill(0);
    this.#haversines = new Array<number>(wanted).fill(0);
    this.bound = wanted > 0 ? maxHaversine : -1;
  }

  offer(ordinal: number, haversine: number): void {
    if (!(haversine <= this.bound)) return;
    const distance = kilometresOf(haversine);
    const distances = this.#distances;
    const ordinals = this.#ordinals;
    const full = this.#kept === this.wanted;
    let at = full ? this.wanted - 1 : this.#kept;
    if (full && !isBefore(distance, ordinal, distances[at] ?? 0, ordinals[at] ?? 0)) return;
    while (at > 0 && isBefore(distance, ordinal, distances[at - 1] ?? 0, ordinals[at - 1] ?? 0)) {
      distances[at] = distances[at - 1] ?? 0;
      this.#haversines[at] = this.#haversines[at - 1] ?? 0;
      ordinals[at] = ordinals[at - 1] ?? 0;
      at -= 1;
    }
    distances[at] = distance;
    this.#haversines[at] = haversine;
    ordinals[at] = ordinal;
    if (!full) this.#kept += 1;
    if (this.#kept === this.wanted) this.bound = this.#haversines[this.wanted - 1] ?? this.bound;
  }

  result(): { ordinals: Int32Array; distances: number[] } {
    return {
      ordinals: this.#ordinals.subarray(0, this.#kept),
      distances: this.#distances.slice(0, this.#kept),
    };
  }
}

function isBefore(distance: number, ordinal: number, other: number, otherOrdinal: number) {
  return distance < other || (distance === other && ordinal < otherOrdinal);
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
