/**
 * Great-circle distances on a sphere of the Earth's mean radius (haversine), in
 * kilometres. The distance structure compares haversines ("h", 0 to 1) rather than
 * kilometres: h grows with the distance, and needs no arc sine.
 */

/** The Earth's mean radius, in kilometres (the one geokdbush uses too). */
export const EARTH_RADIUS_KM = 6371;
export const RADIANS = Math.PI / 180;

const HALF_RADIANS = RADIANS / 2;

/** sin²(θ / 2) */
export function haversineOf(angle: number): number {
  const sine = Math.sin(angle / 2);
  return sine * sine;
}

/** The haversine of the central angle between two points, from their latitudes' cosines. */
export function haversineBetween(
  latitude: number,
  longitude: number,
  cosLatitude: number,
  otherLatitude: number,
  otherLongitude: number,
  otherCosLatitude: number,
): number {
  return (
    haversineOf((otherLatitude - latitude) * RADIANS) +
    cosLatitude * otherCosLatitude * haversineOf((otherLongitude - longitude) * RADIANS)
  );
}

/** Kilometres of a haversine. */
export function kilometresOf(haversine: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, Math.max(0, haversine))));
}

/** The haversine of a distance in kilometres (1 for half the Earth's circumference or more). */
export function haversineOfKilometres(kilometres: number): number {
  const angle = kilometres / EARTH_RADIUS_KM;
  return angle >= Math.PI ? 1 : haversineOf(angle);
}

/** Kilometres between two points, the reference every other distance is held to. */
export function haversineKm(
  latitude: number,
  longitude: number,
  otherLatitude: number,
  otherLongitude: number,
): number {
  return kilometresOf(
    haversineBetween(
      latitude,
      longitude,
      Math.cos(latitude * RADIANS),
      otherLatitude,
      otherLongitude,
      Math.cos(otherLatitude * RADIANS),
    ),
  );
}

/**
 * Whether a location's haversine to the point is surely over `limit`, without a sine: the
 * lower bound x - x³/6 <= sin x (0 <= x <= 1) of both terms of haversineBetween. A scan for
 * the nearest passes most locations so, once it holds as many partners as it wants.
 */
export function isSurelyFarther(
  latitude: number,
  longitude: number,
  cosLatitude: number,
  otherLatitude: number,
  otherLongitude: number,
  otherCosLatitude: number,
  limit: number,
): boolean {
  const halfLatitude = Math.abs(otherLatitude - latitude) * HALF_RADIANS;
  const halfLongitude = Math.abs(otherLongitude - longitude) * HALF_RADIANS;
  if (halfLatitude > 1 || halfLongitude > 1) return false;
  const cosines = cosLatitude * otherCosLatitude;
  const lowLatitude = halfLatitude * (1 - (halfLatitude * halfLatitude) / 6);
  const lowLongitude = halfLongitude * (1 - (halfLongitude * halfLongitude) / 6);
  return lowLatitude * lowLatitude + cosines * lowLongitude * lowLongitude > limit;
}

/**
 * Whether a location's haversine to the point is at most `limit`, mostly without a sine:
 * x - x³/6 <= sin x <= x (0 <= x <= 1) brackets sin²(Δ/2) of both terms, and only a
 * location between the bounds (near the circle's edge) is measured exactly. One function
 * for every caller that decides a radius (each location, or each point locations share),
 * so that they decide alike to the last rounding.
 */
export function isWithinHaversine(
  latitude: number,
  longitude: number,
  cosLatitude: number,
  otherLatitude: number,
  otherLongitude: number,
  otherCosLatitude: number,
  limit: number,
): boolean {
  const halfLatitude = Math.abs(otherLatitude - latitude) * HALF_RADIANS;
  const halfLongitude = Math.abs(otherLongitude - longitude) * HALF_RADIANS;
  if (halfLatitude <= 1 && halfLongitude <= 1) {
    const cosines = cosLatitude * otherCosLatitude;
    const upper = halfLatitude * halfLatitude + cosines * halfLongitude * halfLongitude;
    if (upper <= limit) return true;
  }
  if (
    isSurelyFarther(
      latitude,
      longitude,
      cosLatitude,
      otherLatitude,
      otherLongitude,
      otherCosLatitude,
      limit,
    )
  ) {
    return false;
  }
  return (
    haversineBetween(
      latitude,
      longitude,
      cosLatitude,
      otherLatitude,
      otherLongitude,
      otherCosLatitude,
    ) <= limit
  );
}
