/**
 * What visitors look for and open, as the operator's console reads it (the admin API's
 * GET …/insights), and the page's beacon of a card opened (POST …/clicks). Counts only:
 * nothing here identifies a visitor, and a text seen fewer than `minTextCount` times in
 * the period is never listed, only counted (`otherSearches`).
 */
import * as z from 'zod/mini';

/** Texts seen fewer times than this in a period are shown only as a count. */
export const INSIGHTS_MIN_TEXT_COUNT = 3;
/** The longest period one call reads: the 13 months counts are kept, and a little more. */
export const INSIGHTS_MAX_DAYS = 400;
/** Most entries of each list of an answer. */
export const INSIGHTS_LIST_LIMIT = 20;

const DAY_MS = 86_400_000;

/** The day's time in ms (UTC), or NaN when it is no day of the calendar (2026-02-30). */
export function dayTime(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? NaN : time;
}

/** A UTC day as YYYY-MM-DD. */
export const insightsDaySchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is written YYYY-MM-DD'),
  z.refine((day) => !Number.isNaN(dayTime(day)), 'not a day of the calendar'),
);

/** The query of GET …/insights. */
export const insightsQuerySchema = z
  .object({
    from: insightsDaySchema,
    to: insightsDaySchema,
    /** Only searches answered in this locale (fr_FR or fr-FR); every locale when absent. */
    locale: z.optional(z.string().check(z.maxLength(64))),
  })
  .check(
    z.refine((query) => query.from <= query.to, 'from must not be after to'),
    z.refine(
      (query) => (dayTime(query.to) - dayTime(query.from)) / DAY_MS < INSIGHTS_MAX_DAYS,
      `a period is at most ${INSIGHTS_MAX_DAYS} days`,
    ),
  );

const countSchema = z.int().check(z.nonnegative());
const rateSchema = z.number().check(z.gte(0));
const namedSchema = z.object({ name: z.string(), label: z.string() });

export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The site's locale the figures are of; null: every locale. */
  locale: z.nullable(z.string()),
  /** The site's locales (the console's language choice). */
  locales: z.array(z.string()),
  minTextCount: countSchema,
  totals: z.object({
    searches: countSchema,
    zeroResults: countSchema,
    /** zeroResults / searches (0 without searches). */
    zeroResultRate: rateSchema,
    clicks: countSchema,
    /** clicks / searches that found partners (0 without them). */
    clickThroughRate: rateSchema,
    /** Searches of texts seen fewer than minTextCount times: counted, never listed. */
    otherSearches: countSchema,
    /** Searches whose text looked like an email address or a phone number: never kept. */
    redactedSearches: countSchema,
    /** Zero-result searches not listed (texts below the bar, redacted texts). */
    otherZeroResultSearches: countSchema,
  }),
  /** Every day of the period, in order, days without searches included. */
  days: z.array(z.object({ day: z.string(), searches: countSchema, zeroResults: countSchema })),
  /** Texts seen minTextCount times or more, most first ('' is a search without text). */
  topSearches: z.array(
    z.object({
      text: z.string(),
      searches: countSchema,
      zeroResults: countSchema,
      clicks: countSchema,
    }),
  ),
  /** Searches that found nothing, with the global filter and the items ticked. */
  zeroResultSearches: z.array(
    z.object({
      text: z.string(),
      globalFilter: namedSchema,
      filterItems: z.array(z.object({ id: z.int(), name: z.string(), group: z.string() })),
      searches: countSchema,
    }),
  ),
  /** Filter items ticked, most first. */
  filterItems: z.array(
    z.object({
      globalFilter: namedSchema,
      id: z.int(),
      name: z.string(),
      group: z.string(),
      searches: countSchema,
      zeroResults: countSchema,
    }),
  ),
  /** Partners opened, most first; title and slug null for a partner no longer in the site. */
  partners: z.array(
    z.object({
      partnerId: z.int(),
      slug: z.nullable(z.string()),
      title: z.nullable(z.string()),
      clicks: countSchema,
    }),
  ),
  /** Cards opened by their place in the list (from 1), and per search that found partners. */
  positions: z.array(z.object({ position: z.int(), clicks: countSchema, rate: rateSchema })),
});

/** Body of POST …/clicks: the answer's id and the card's place in the whole list (from 1). */
export const clickBeaconSchema = z.object({
  answerId: z.string().check(z.minLength(1), z.maxLength(8192)),
  position: z.int().check(z.minimum(1), z.maximum(1_000_100)),
});

export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
export type Insights = z.infer<typeof insightsSchema>;
export type ClickBeacon = z.infer<typeof clickBeaconSchema>;
