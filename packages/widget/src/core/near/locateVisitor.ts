/**
 * "Use my location": the browser's Geolocation API, its answer rounded to two decimals
 * (about 1 km) before anything else sees it, so a visitor's exact position never leaves
 * the browser: not in a request, not in the address.
 */

export interface RoundedPosition {
  latitude: number;
  longitude: number;
}

/** Why no position came: the visitor (or the browser) refused, or it failed otherwise. */
export type LocateFailure = 'denied' | 'failed';

/** Two decimals of a degree: 1.1 km of latitude, at most as much of longitude. */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 100) / 100;
}

/** Resolves to the rounded position; rejects with a LocateFailure. */
export function locateVisitor(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<RoundedPosition> {
  return new Promise((resolve, reject: (why: LocateFailure) => void) => {
    if (!geolocation) return reject('failed');
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: roundCoordinate(coords.latitude),
          longitude: roundCoordinate(coords.longitude),
        }),
      (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      // A city-sized answer is all the search needs: no GPS, a position up to 10 min old.
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    );
  });
}
