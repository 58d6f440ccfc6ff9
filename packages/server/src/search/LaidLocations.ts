import { Bitset } from './Bitset';
import type {
  GeoPoint,
  NearestOptions,
  NearestPartners,
  PartnerLocations,
  SiteLocations,
} from './PartnerLocations';

/**
 * A whole build's locations with the partners changed since laid over them, in the
 * ordinals of a LayeredIndex: the base's first (those changed or removed masked out), then
 * the changed partners' own from `deltaStart` on. Nearest first merges the two answers by
 * distance, then editorial order (a delta partner comes after `insertAt` base partners).
 */
export class LaidLocations implements PartnerLocations {
  readonly size: number;
  readonly #base: SiteLocations;
  readonly #delta: SiteLocations;
  /** The base's partners still as they were built. */
  readonly #live: Bitset;
  readonly #deltaStart: number;
  readonly #insertAt: Int32Array;
  #located: Bitset | undefined;
  #byCity: Map<string, number> | undefined;

  constructor(
    base: SiteLocations,
    removed: Bitset,
    delta: SiteLocations,
    insertAt: Int32Array,
    deltaStart: number,
  ) {
    this.#base = base;
    this.#delta = delta;
    this.#insertAt = insertAt;
    this.#deltaStart = deltaStart;
    this.size = deltaStart + delta.size;
    this.#live = removed.not();
  }

  /** The base's set without the changed partners, then the delta's set. */
  #lay(base: Bitset, delta: Bitset): Bitset {
    const laid = new Bitset(this.size);
    const live = this.#live.words;
    for (let index = 0; index < live.length; index += 1) {
      laid.words[index] = (base.words[index] ?? 0) & (live[index] ?? 0);
    }
    laid.words.set(delta.words, live.length);
    return laid;
  }

  /** A set of this site's ordinals as the base's (live ones) and the delta's. */
  #split(set: Bitset): [Bitset, Bitset] {
    const baseWords = this.#live.words.length;
    const base = new Bitset(this.#base.size, set.words.slice(0, baseWords));
    base.andInPlace(this.#live);
    const delta = new Bitset(
      this.#delta.size,
      set.words.slice(baseWords, baseWords + Math.ceil(this.#delta.size / 32)),
    );
    return [base, delta];
  }

  located(): Bitset {
    this.#located ??= this.#lay(this.#base.located(), this.#delta.located());
    return this.#located;
  }

  distanceOf(ordinal: number, point: GeoPoint): number {
    if (ordinal >= this.#deltaStart)
      return this.#delta.distanceOf(ordinal - this.#deltaStart, point);
    return this.#live.has(ordinal) ? this.#base.distanceOf(ordinal, point) : Infinity;
  }

  nearestLocation(ordinal: number, point: GeoPoint) {
    if (ordinal >= this.#deltaStart) {
      return this.#delta.nearestLocation(ordinal - this.#deltaStart, point);
    }
    return this.#live.has(ordinal) ? this.#base.nearestLocation(ordinal, point) : undefined;
  }

  within(point: GeoPoint, radiusKm: number): Bitset {
    return this.#lay(this.#base.within(point, radiusKm), this.#delta.within(point, radiusKm));
  }

  countWithin(point: GeoPoint, radiusKm: number, among: Bitset): number {
    const [baseAmong, deltaAmong] = this.#split(among);
    return (
      this.#base.countWithin(point, radiusKm, baseAmong) +
      this.#delta.countWithin(point, radiusKm, deltaAmong)
    );
  }

  nearest(point: GeoPoint, limit: number, options: NearestOptions = {}): NearestPartners {
    const [baseAmong, deltaAmong] = this.#split(options.among ?? this.located());
    const radius = options.radiusKm === undefined ? {} : { radiusKm: options.radiusKm };
    const base = this.#base.nearest(point, limit, { among: baseAmong, ...radius });
    const delta = this.#delta.nearest(point, limit, { among: deltaAmong, ...radius });
    const length = Math.min(limit, base.ordinals.length + delta.ordinals.length);
    const ordinals = new Int32Array(length);
    const distances = new Float64Array(length);
    let fromBase = 0;
    let fromDelta = 0;
    for (let at = 0; at < length; at += 1) {
      const baseOrdinal = base.ordinals[fromBase];
      const deltaOrdinal = delta.ordinals[fromDelta];
      const baseDistance = base.distances[fromBase] ?? Infinity;
      const deltaDistance = delta.distances[fromDelta] ?? Infinity;
      const takeBase =
        deltaOrdinal === undefined ||
        (baseOrdinal !== undefined &&
          (baseDistance !== deltaDistance
            ? baseDistance < deltaDistance
            : baseOrdinal < (this.#insertAt[deltaOrdinal] ?? 0)));
      if (takeBase) {
        ordinals[at] = baseOrdinal ?? 0;
        distances[at] = baseDistance;
        fromBase += 1;
      } else {
        ordinals[at] = this.#deltaStart + (deltaOrdinal ?? 0);
        distances[at] = deltaDistance;
        fromDelta += 1;
      }
    }
    return { ordinals, distances, total: base.total + delta.total };
  }

  partnersByCity(): ReadonlyMap<string, number> {
    if (!this.#byCity) {
      const byCity = new Map(this.#base.partnersByCity());
      const add = (keys: Set<string>, step: number) => {
        for (const key of keys) {
          const count = (byCity.get(key) ?? 0) + step;
          if (count > 0) byCity.set(key, count);
          else byCity.delete(key);
        }
      };
      for (let ordinal = 0; ordinal < this.#base.size; ordinal += 1) {
        if (!this.#live.has(ordinal)) add(this.#base.citiesOf(ordinal), -1);
      }
      for (let ordinal = 0; ordinal < this.#delta.size; ordinal += 1) {
        add(this.#delta.citiesOf(ordinal), 1);
      }
      this.#byCity = byCity;
    }
    return this.#byCity;
  }
}
