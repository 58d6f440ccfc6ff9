/**
 * Limits of the search criteria that code needs as plain values. Kept apart from
 * schemas.ts so importing them does not pull zod into the widget bundle.
 */
export const MAX_RESULTS_PER_PAGE = 100;
