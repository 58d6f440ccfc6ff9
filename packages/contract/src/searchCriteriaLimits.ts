/**
 * Limits of the search criteria that code needs as plain values. Kept apart from
 * schemas.ts so importing them does not pull zod into the widget bundle.
 */
export const MAX_RESULTS_PER_PAGE = 100;

/** The largest search radius: half the Earth's circumference, in kilometres. */
export const MAX_RADIUS_KM = 20_000;
