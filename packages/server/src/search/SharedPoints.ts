/**
 * A site's locations by the points they share. Partners located from a city and country
 * take the gazetteer's point for that city (issue 25), so a directory's locations sit on
 * a few hundred points: the generated directories put 200k locations of 100k partners on
 * 142 points, 2,390 partners on the busiest. A search near a point then measures at most
 * each point once and reads its partners in order of their points' distance, instead of
 * measuring every candidate's locations (a scan) or walking the kd-tree past every
 * location of a point (geokdbush's queue). Made only when points are shared enough.
 */
import { Bitset } from './Bitset';
import { haversineBetween, isWithinHaversine, kilometresOf, RADIANS } from './haversine';

const HALF_RADIANS = RADIANS / 2;

/** At most one point per this many locations, or the structure is not made. */
const LOCATIONS_PER_POINT = 4;

/**
 * Points up to which each point asked near keeps its order of the shared points (TABLE):
 * the generated directories have 142.
 */
const ORDER_AT_MOST = 1024;
/**
 * The bytes the kept orders may take (20 a shared point each): 369 points asked near at
 * 142 shared points, 51 at 1,024. A site's searches near a point are mostly near its own
 * cities (the city field offers them), so the same few hundred points come back.
 */
const ORDERS_BYTES = 1 << 20;
const ORDER_BYTES_PER_POINT = 20;
/**
 * Slots of the orders' numeric index (a power of two): a point asked near is found by its
 * coordinates' bits, not by a string of them looked up in a Map (two numbers formatted and
 * a string hashed and compared, out of the processor's caches in a mix of searches near
 * other points: `distanceOf` near a new point, caches cold, 2.6 µs against 2.2 to 2.45 with
 * this index at 1k, bench/README.md near15).
 */
const INDEX_BITS = 10;
const INDEX_SLOTS = 1 << INDEX_BITS;

/**
 * The shared points as seen from one point asked near: each one's exact haversine
 * (haversineBetween, as PartnerLocations measures a location), and the points nearest first.
 */
export interface PointOrder {
  /** By point. */
  readonly haversines: Float64Array;
  /** The points by haversine, then by id. */
  readonly nearestFirst: Uint16Array;
  /**
   * By point: its kilometres' rank among the points' distinct kilometres (0 nearest). Answers
   * order partners by kilometres, then ordinal (PartnerLocations' NearestList): two points
   * an ulp of haversine apart may be one distance, and so one rank. A partner's rank (its
   * nearest point's) orders it with integers alone: no arc sine per partner offered.
   */
  readonly ranks: Uint16Array;
  /**
   * By rank: the points' distinct kilometres (kilometresOf their haversines), nearest first:
   * a point's kilometres are `kilometresByRank[ranks[point]]`. By rank, not by point: the
   * partners an answer keeps are the nearest, their kilometres in the first few of the
   * order's bytes (read cold, near a point other than the last search's).
   */
  readonly kilometresByRank: Float64Array;
  /**
   * Whether the ranks say which of two points is nearer wherever their haversines do: every
   * haversine finite and the ranks never falling along `nearestFirst` (kilometresOf grows
   * with the haversine). Then a partner's nearest location is found by comparing ranks
   * (two bytes a point), the haversines (eight) read only between locations of one rank:
   * the order of a point asked near is out of the processor's caches in a mix of searches
   * near other points, and these reads were most of a scan's time (bench/README.md near18).
   */
  readonly ranksDecide: boolean;
}

/** A point's state in a search: its haversine a lower bound, measured, or its partners read. */
const BOUND = 0;
const MEASURED = 1;
const READ = 2;
/** Keeps a lower bound below the haversine whatever the roundings of either. */
const BOUND_SLACK = 1 - 1e-9;

/** Where the partners found go: nearest first (see PartnerLocations' NearestList). */
export interface PartnerList {
  /** The greatest haversine that may still enter. */
  readonly bound: number;
  offer(ordinal: number, haversine: number): void;
}

export class SharedPoints {
  readonly #latitudes: Float64Array;
  readonly #longitudes: Float64Array;
  readonly #cosLatitudes: Float64Array;
  /** The partners of point p: members[starts[p]] up to members[starts[p + 1]], ascending. */
  readonly #starts: Int32Array;
  readonly #members: Int32Array;
  /** Per search: each point's haversine, and which points and partners it has read. */
  readonly #haversines: Float64Array;
  readonly #states: Uint8Array;
  readonly #seen: Bitset;
  /**
   * Each location's point (by its index in the site's locations), when there are few
   * points (ORDER_AT_MOST): a location's haversine is then its point's, from the order.
   */
  readonly #pointOf: Uint16Array | undefined;
  /** The orders of the points last asked near, oldest first; at most #ordersKept. */
  readonly #orders = new Map<string, PointOrder>();
  readonly #ordersKept: number;
  /**
   * The kept orders by their point's coordinates' bits (direct-mapped: a slot holds the
   * last order made or found there): each slot's latitude and longitude, and its order.
   * The Map above stays the record of what is kept; this only finds it without strings.
   */
  readonly #slotPoints = new Float64Array(2 * INDEX_SLOTS).fill(NaN);
  readonly #slotOrders: (PointOrder | undefined)[] = new Array<PointOrder | undefined>(
    INDEX_SLOTS,
  ).fill(undefined);
  /** A point's coordinates as bits, to hash them. */
  readonly #bits = new Float64Array(2);
  readonly #bitWords = new Int32Array(this.#bits.buffer);
  /** The last order asked for, and its point: an answer asks again for each card. */
  #last: PointOrder | undefined;
  #lastLatitude = NaN;
  #lastLongitude = NaN;

  /** How many points: what each search measures. */
  get count(): number {
    return this.#latitudes.length;
  }

  private constructor(
    latitudes: Float64Array,
    longitudes: Float64Array,
    starts: Int32Array,
    members: Int32Array,
    size: number,
    pointOf: Uint16Array | undefined,
  ) {
    this.#latitudes = latitudes;
    this.#longitudes = longitudes;
    this.#cosLatitudes = latitudes.map((latitude) => Math.cos(latitude * RADIANS));
    this.#starts = starts;
    this.#members = members;
    this.#haversines = new Float64Array(latitudes.length);
    this.#states = new Uint8Array(latitudes.length);
    this.#seen = new Bitset(size);
    this.#pointOf = pointOf;
    this.#ordersKept = Math.max(
      1,
      Math.floor(ORDERS_BYTES / (ORDER_BYTES_PER_POINT * latitudes.length)),
    );
  }

  /** Each location's point, or undefined when there are too many points to order. */
  get pointOf(): Uint16Array | undefined {
    return this.#pointOf;
  }

  /**
   * The points' order from a point (undefined with too many points): made once (every point
   * measured, 142 haversines and a sort) and kept for the next searches near the same
   * point, where it spares every step that measured points or locations: the nearest
   * partners read point by point, a few candidates' haversines and the cards' distances.
   */
  orderFrom(point: { latitude: number; longitude: number }): PointOrder | undefined {
    if (!this.#pointOf) return undefined;
    const { latitude, longitude } = point;
    // 0 and -0 are one point (their haversines are the same); NaN, the unset last, none.
    if (latitude === this.#lastLatitude && longitude === this.#lastLongitude) return this.#last;
    // -0 as 0: one point, one slot.
    const bits = this.#bits;
    bits[0] = latitude + 0;
    bits[1] = longitude + 0;
    const words = this.#bitWords;
    const slot =
      Math.imul(
        (words[0] ?? 0) ^
          Math.imul(words[1] ?? 0, 0x9e3779b1) ^
          Math.imul((words[2] ?? 0) ^ Math.imul(words[3] ?? 0, 0x85ebca6b), 0xc2b2ae35),
        0x27d4eb2f,
      ) >>>
      (32 - INDEX_BITS);
    const slotPoints = this.#slotPoints;
    let order =
      slotPoints[2 * slot] === latitude && slotPoints[2 * slot + 1] === longitude
        ? this.#slotOrders[slot]
        : undefined;
    if (!order) {
      order = this.#orders.get(`${latitude} ${longitude}`) ?? this.#ordered(point);
      slotPoints[2 * slot] = latitude;
      slotPoints[2 * slot + 1] = longitude;
      this.#slotOrders[slot] = order;
    }
    this.#last = order;
    this.#lastLatitude = latitude;
    this.#lastLongitude = longitude;
    return order;
  }

  /** The points' order from a point, made and kept (the oldest kept let go when full). */
  #ordered(point: { latitude: number; longitude: number }): PointOrder {
    const count = this.count;
    const haversines = new Float64Array(count);
    const cosLatitude = Math.cos(point.latitude * RADIANS);
    for (let id = 0; id < count; id += 1) {
      haversines[id] = this.#haversine(id, point, cosLatitude);
    }
    const nearestFirst = new Uint16Array(count);
    for (let id = 0; id < count; id += 1) nearestFirst[id] = id;
    nearestFirst.sort((a, b) => (haversines[a] ?? 0) - (haversines[b] ?? 0) || a - b);
    const { ranks, kilometresByRank } = rankKilometres(haversines.map(kilometresOf));
    let ranksDecide = true;
    for (let at = 0; at < count && ranksDecide; at += 1) {
      const id = nearestFirst[at] ?? 0;
      ranksDecide =
        Number.isFinite(haversines[id]) &&
        (at === 0 || (ranks[nearestFirst[at - 1] ?? 0] ?? 0) <= (ranks[id] ?? 0));
    }
    const order = { haversines, nearestFirst, ranks, kilometresByRank, ranksDecide };
    if (this.#orders.size >= this.#ordersKept) {
      const oldest = this.#orders.entries().next();
      if (!oldest.done) {
        this.#orders.delete(oldest.value[0]);
        // Let go from the index too: a slot must never answer with an order no longer kept.
        const slot = this.#slotOrders.indexOf(oldest.value[1]);
        if (slot >= 0) {
          this.#slotOrders[slot] = undefined;
          this.#slotPoints[2 * slot] = NaN;
          this.#slotPoints[2 * slot + 1] = NaN;
        }
      }
    }
    this.#orders.set(`${point.latitude} ${point.longitude}`, order);
    return order;
  }

  /**
   * The points of a site's locations (each location's owner by ordinal, in ascending
   * ordinal order), or undefined when they are not shared enough to pay.
   */
  static of(
    size: number,
    latitudes: Float64Array,
    longitudes: Float64Array,
    owners: Int32Array,
  ): SharedPoints | undefined {
    // Two passes over the locations, each finding its point by its key, rather than an
    // array of every location's point: this runs at the end of a start-up build, when the
    // server's memory peaks (800 KB at 100k partners).
    const ids = new Map<string, number>();
    const keyOf = (at: number) => `${latitudes[at] ?? 0},${longitudes[at] ?? 0}`;
    for (let at = 0; at < owners.length; at += 1) {
      const key = keyOf(at);
      if (ids.has(key)) continue;
      if ((ids.size + 1) * LOCATIONS_PER_POINT > owners.length) return undefined;
      ids.set(key, ids.size);
    }
    const count = ids.size;
    const pointLatitudes = new Float64Array(count);
    const pointLongitudes = new Float64Array(count);
    const starts = new Int32Array(count + 1);
    // A partner with two locations on one point is its member once.
    const last = new Int32Array(count).fill(-1);
    for (let at = 0; at < owners.length; at += 1) {
      const id = ids.get(keyOf(at)) ?? 0;
      pointLatitudes[id] = latitudes[at] ?? 0;
      pointLongitudes[id] = longitudes[at] ?? 0;
      if (last[id] !== owners[at]) {
        last[id] = owners[at] ?? 0;
        starts[id + 1] = (starts[id + 1] ?? 0) + 1;
      }
    }
    for (let id = 0; id < count; id += 1)
      starts[id + 1] = (starts[id + 1] ?? 0) + (starts[id] ?? 0);
    const members = new Int32Array(starts[count] ?? 0);
    const next = starts.slice(0, count);
    last.fill(-1);
    // Two bytes a location (400 KB at 100k partners), only for few points.
    const pointOf = count <= ORDER_AT_MOST ? new Uint16Array(owners.length) : undefined;
    // Owners come in ascending order: each point's members do too.
    for (let at = 0; at < owners.length; at += 1) {
      const id = ids.get(keyOf(at)) ?? 0;
      if (pointOf) pointOf[at] = id;
      const owner = owners[at] ?? 0;
      if (last[id] === owner) continue;
      last[id] = owner;
      members[next[id] ?? 0] = owner;
      next[id] = (next[id] ?? 0) + 1;
    }
    return new SharedPoints(pointLatitudes, pointLongitudes, starts, members, size, pointOf);
  }

  /**
   * Offers the candidates to the list point by point, nearest point first, each partner at
   * its nearest point, until the next point is farther than the list takes: for points too
   * many to keep orders of (with a kept order, `nearestByRanks` walks it). Each point
   * starts at a lower bound of its haversine, without a sine, and is measured only when
   * that bound is the nearest left: a search reads a few points of a few hundred
   * (nearest 10 of all partners, each of 142 points: 4.0 to 3.75 µs at 1k, 5.6 to 5.25 at
   * 10k; bench/README.md).
   */
  offerNearest(
    point: { latitude: number; longitude: number },
    candidates: Bitset,
    list: PartnerList,
  ): void {
    const haversines = this.#haversines;
    const state = this.#states;
    const count = haversines.length;
    const cosLatitude = Math.cos(point.latitude * RADIANS);
    for (let id = 0; id < count; id += 1) {
      haversines[id] = this.#lowerHaversine(id, point, cosLatitude);
    }
    state.fill(BOUND);
    const seen = this.#seen;
    seen.words.fill(0);
    const members = this.#members;
    for (;;) {
      // The nearest point not read yet: a search reads a few of a few hundred.
      let nearest = -1;
      let best = Infinity;
      let next = Infinity;
      for (let id = 0; id < count; id += 1) {
        const haversine = haversines[id] ?? Infinity;
        if (state[id] === READ || haversine >= next) continue;
        if (haversine < best) {
          next = best;
          best = haversine;
          nearest = id;
        } else next = haversine;
      }
      if (nearest < 0) return;
      if (state[nearest] === BOUND) {
        // Its bound is nearest: measured, and read when still no farther than every other
        // point's bound or haversine, else asked again (points of equal distance may come
        // in another order than measured: their partners enter the list alike).
        best = this.#haversine(nearest, point, cosLatitude);
        haversines[nearest] = best;
        state[nearest] = MEASURED;
        if (best > next) continue;
      }
      // Equal distances may still enter (an earlier partner wins a tie): only farther stop.
      if (best > list.bound) return;
      state[nearest] = READ;
      const end = this.#starts[nearest + 1] ?? 0;
      for (let at = this.#starts[nearest] ?? 0; at < end; at += 1) {
        const ordinal = members[at] ?? 0;
        if (seen.has(ordinal) || !candidates.has(ordinal)) continue;
        seen.add(ordinal);
        list.offer(ordinal, best);
      }
    }
  }

  /**
   * The first `wanted` candidates by (rank of their nearest point's kilometres, ordinal),
   * none farther than `maxHaversine`, walking the points nearest first along a kept order:
   * written into `list` (ordinals from 0, ranks from `wanted`, nearest points from twice
   * `wanted`, nearest first), and how many. The ranks never fall along the order, so the
   * walk stops at the first point of a rank past the last kept once `wanted` are kept, and
   * partners of equal kilometres are kept by ordinal whichever point they come from: the
   * order `#scanByOrder` (PartnerLocations) keeps, with integers only and no kilometres
   * measured per partner offered (NearestList measured each, an arc sine apiece, and
   * compared haversines at its cut-off: near14's leftover).
   */
  nearestByRanks(
    order: PointOrder,
    candidates: Bitset,
    wanted: number,
    maxHaversine: number,
    list: Int32Array,
  ): number {
    if (wanted <= 0) return 0;
    const { haversines, nearestFirst, ranks } = order;
    const seen = this.#seen;
    seen.words.fill(0);
    const members = this.#members;
    const starts = this.#starts;
    const last = wanted - 1;
    let kept = 0;
    for (let next = 0; next < nearestFirst.length; next += 1) {
      const id = nearestFirst[next] ?? 0;
      if (!((haversines[id] ?? Infinity) <= maxHaversine)) break;
      const rank = ranks[id] ?? 0;
      if (kept === wanted && rank > (list[wanted + last] ?? 0)) break;
      const end = starts[id + 1] ?? 0;
      for (let member = starts[id] ?? 0; member < end; member += 1) {
        const ordinal = members[member] ?? 0;
        if (seen.has(ordinal) || !candidates.has(ordinal)) continue;
        seen.add(ordinal);
        if (
          kept === wanted &&
          (rank > (list[wanted + last] ?? 0) ||
            (rank === list[wanted + last] && ordinal > (list[last] ?? 0)))
        ) {
          continue;
        }
        let at = kept === wanted ? last : kept;
        while (
          at > 0 &&
          ((list[wanted + at - 1] ?? 0) > rank ||
            (list[wanted + at - 1] === rank && (list[at - 1] ?? 0) > ordinal))
        ) {
          list[at] = list[at - 1] ?? 0;
          list[wanted + at] = list[wanted + at - 1] ?? 0;
          list[2 * wanted + at] = list[2 * wanted + at - 1] ?? 0;
          at -= 1;
        }
        list[at] = ordinal;
        list[wanted + at] = rank;
        list[2 * wanted + at] = id;
        if (kept < wanted) kept += 1;
      }
    }
    return kept;
  }

  /**
   * Adds to `into` the partners of each point inside one of the boxes (edges included, as
   * kdbush's range decides) and within `limit` of the point (isWithinHaversine, as
   * PartnerLocations' `within` decides each location): the partners `within` finds, each
   * point decided once for all of its locations instead of a range query listing them (a
   * directory's city at 100k partners holds thousands). `cosLatitude`: the point's.
   */
  addWithin(
    point: { latitude: number; longitude: number },
    cosLatitude: number,
    boxes: readonly (readonly [number, number, number, number])[],
    limit: number,
    into: Bitset,
  ): void {
    const latitudes = this.#latitudes;
    const longitudes = this.#longitudes;
    const members = this.#members;
    const starts = this.#starts;
    for (let id = 0; id < latitudes.length; id += 1) {
      const latitude = latitudes[id] ?? 0;
      const longitude = longitudes[id] ?? 0;
      let inBox = false;
      for (let at = 0; at < boxes.length && !inBox; at += 1) {
        const box = boxes[at];
        inBox =
          box !== undefined &&
          longitude >= box[0] &&
          longitude <= box[2] &&
          latitude >= box[1] &&
          latitude <= box[3];
      }
      if (
        !inBox ||
        !isWithinHaversine(
          point.latitude,
          point.longitude,
          cosLatitude,
          latitude,
          longitude,
          this.#cosLatitudes[id] ?? 0,
          limit,
        )
      ) {
        continue;
      }
      const end = starts[id + 1] ?? 0;
      for (let at = starts[id] ?? 0; at < end; at += 1) into.add(members[at] ?? 0);
    }
  }

  #haversine(id: number, point: { latitude: number; longitude: number }, cos: number): number {
    const latitude = this.#latitudes[id] ?? 0;
    const longitude = this.#longitudes[id] ?? 0;
    const cosLatitude = this.#cosLatitudes[id] ?? 0;
    return haversineBetween(point.latitude, point.longitude, cos, latitude, longitude, cosLatitude);
  }

  /**
   * A lower bound of the point's haversineBetween without a sine: sin x >= x - x³/6 >= 0 for
   * 0 <= x <= 1 (half of a difference of up to 114 degrees); a larger half-difference
   * bounds its term by 0.
   */
  #lowerHaversine(id: number, point: { latitude: number; longitude: number }, cos: number) {
    const halfLatitude = Math.abs((this.#latitudes[id] ?? 0) - point.latitude) * HALF_RADIANS;
    const halfLongitude = Math.abs((this.#longitudes[id] ?? 0) - point.longitude) * HALF_RADIANS;
    const lowLatitude =
      halfLatitude <= 1 ? halfLatitude * (1 - (halfLatitude * halfLatitude) / 6) : 0;
    const lowLongitude =
      halfLongitude <= 1 ? halfLongitude * (1 - (halfLongitude * halfLongitude) / 6) : 0;
    const cosines = cos * (this.#cosLatitudes[id] ?? 0);
    return (lowLatitude * lowLatitude + cosines * lowLongitude * lowLongitude) * BOUND_SLACK;
  }
}

/**
 * Each point's rank among the distinct kilometres of the points: the ranks of the
 * kilometres themselves (sorted, not assumed to follow the haversines' order), and the
 * distinct kilometres by rank.
 */
function rankKilometres(kilometres: Float64Array): {
  ranks: Uint16Array;
  kilometresByRank: Float64Array;
} {
  const sorted = kilometres.slice().sort();
  const distinct: number[] = [];
  for (const km of sorted) if (distinct[distinct.length - 1] !== km) distinct.push(km);
  const rankOf = new Map(distinct.map((km, rank) => [km, rank]));
  return {
    ranks: Uint16Array.from(kilometres, (km) => rankOf.get(km) ?? 0),
    kilometresByRank: Float64Array.from(distinct),
  };
}
