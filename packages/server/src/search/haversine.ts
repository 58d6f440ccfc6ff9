/**
 * Great-circle distances on a sphere of the Earth's mean radius (haversine), in
 * kilometres. The distance structure compares haversines ("h", 0 to 1) rather than
 * kilometres: h grows with the distance, and needs no arc sine.
 */

/** The Earth's mean radius, in kilometres (the one geokdbush uses too). */
export const EARTH_RADIUS_KM = 6371;
export const RADIANS = Math.PI / 180;

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
