/**
 * Zod schemas of the wire API (SPEC.md sections 3 and 7): the one source of its
 * types and rules. The server validates every request with them; the widget parses
 * every response with their generated data twins (`dataSchemas.ts`, `parseData`), so
 * zod stays out of its bundle and the two sides cannot drift. Unknown extra fields are
 * dropped on purpose, so the server may add fields later.
 */
import * as z from 'zod/mini';
import { MAX_RADIUS_KM, MAX_RESULTS_PER_PAGE } from './searchCriteriaLimits';
import { SEARCH_TEXT_MAX_LENGTH, SEARCH_TEXT_PATTERN } from './searchText';

/** Filter item ids are portal category ids: integers on the wire. */
export const filterItemIdSchema = z.int();

export const filterItemSchema = z.object({
  id: filterItemIdSchema,
  name: z.string(),
  /**
   * Search answers only: how many partners the answer would hold if this item were the
   * only one ticked in its group, every other group as ticked (a disjunctive count).
   */
  count: z.optional(z.int().check(z.nonnegative())),
});

export const filterGroupSchema = z.object({
  name: z.string(),
  filterItems: z.array(filterItemSchema),
});

export const globalFilterSchema = z.object({
  name: z.string(),
  label: z.string(),
});

/** GET .../filter-groups */
export const filterDefinitionsSchema = z.object({
  globalFilters: z.array(globalFilterSchema),
  defaultGlobalFilter: z.string(),
  filterGroups: z.array(filterGroupSchema),
});

export const searchTextSchema = z
  .string()
  .check(
    z.maxLength(SEARCH_TEXT_MAX_LENGTH, `text is longer than ${SEARCH_TEXT_MAX_LENGTH} characters`),
    z.regex(SEARCH_TEXT_PATTERN, "text has characters outside A-Z a-z À-ÿ œ 0-9 - _ ' and space"),
  );

/**
 * A point the search is near: a city the visitor chose, or the visitor's own position
 * (rounded to about 1 km by the page), and the label the visitor saw ("Lyon", "My location").
 */
export const nearSchema = z.object({
  latitude: z
    .number()
    .check(
      z.minimum(-90, 'near.latitude must be between -90 and 90'),
      z.maximum(90, 'near.latitude must be between -90 and 90'),
    ),
  longitude: z
    .number()
    .check(
      z.minimum(-180, 'near.longitude must be between -180 and 180'),
      z.maximum(180, 'near.longitude must be between -180 and 180'),
    ),
  label: z.optional(z.string().check(z.maxLength(200, 'near.label is longer than 200 characters'))),
});

/** Body of POST .../search */
export const searchCriteriaSchema = z.object({
  globalFilter: z.string().check(z.maxLength(200)),
  text: searchTextSchema,
  filterItemIds: z.array(filterItemIdSchema).check(z.maxLength(500)),
  offset: z.int().check(z.nonnegative('offset must be 0 or more')),
  resultsPerPage: z
    .int()
    .check(
      z.minimum(1, 'resultsPerPage must be between 1 and 100'),
      z.maximum(MAX_RESULTS_PER_PAGE, 'resultsPerPage must be between 1 and 100'),
    ),
});

/**
 * The search criteria with the optional fields of issue 25, which the server takes (POST
 * …/search parses with this one): a point, a radius around it in kilometres (only partners
 * with a location inside), and the order of the answer. A client that sends none of them
 * searches as before. The page's saved search (the address) is parsed with this one's twin
 * too, so a point, radius or order in the address is held to the same limits.
 */
export const locatedSearchCriteriaSchema = z.extend(searchCriteriaSchema, {
  near: z.optional(nearSchema),
  radiusKm: z.optional(
    z
      .number()
      .check(
        z.minimum(1, `radiusKm must be between 1 and ${MAX_RADIUS_KM}`),
        z.maximum(MAX_RADIUS_KM, `radiusKm must be between 1 and ${MAX_RADIUS_KM}`),
      ),
  ),
  sort: z.optional(
    z.string().check(z.regex(/^(relevance|distance)$/, 'sort must be relevance or distance')),
  ),
});

/** A matched range of a text: [start, end) in UTF-16 units of the text as sent. */
export const highlightRangeSchema = z
  .array(z.int().check(z.nonnegative()))
  .check(z.length(2, 'a highlight range is [start, end]'));

export const partnerSchema = z.object({
  image: z.object({ url: z.string() }),
  categories: z.array(z.object({ name: z.string() })),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  /**
   * Present when the partner can be contacted from the page (issue 26): the slug its
   * contact call takes. The contact channel itself (emails, webhook) never leaves the server.
   */
  contact: z.optional(z.object({ slug: z.string() })),
  /**
   * Searches near a point (issue 25): how far the partner's nearest location is, and where
   * ("12 km · Lyon"). Absent for a partner without a location, or without a point.
   */
  distance: z.optional(
    z.object({
      km: z.number(),
      city: z.string(),
      country: z.string(),
      label: z.optional(z.string()),
    }),
  ),
  /** Search answers with text: the ranges of title and summary that matched its words. */
  highlights: z.optional(
    z.object({
      title: z.array(highlightRangeSchema),
      summary: z.array(highlightRangeSchema),
    }),
  ),
});

/** Partners of a global filter that match the search's text (all of them without text). */
export const globalFilterCountSchema = z.object({
  name: z.string(),
  count: z.int().check(z.nonnegative()),
});

/**
 * One step back from a search that found nothing: what it removes (one ticked filter
 * item, the whole text, or one word of a text of several words), the search it leads
 * to (text and filterItemIds; the rest of the criteria unchanged) and how many partners
 * that search finds.
 */
export const zeroResultStepSchema = z.object({
  remove: z.object({
    filterItemId: z.optional(filterItemIdSchema),
    text: z.optional(z.string()),
    word: z.optional(z.string()),
    /** A search within a radius: the radius this step widens. */
    radiusKm: z.optional(z.number()),
  }),
  text: z.string(),
  filterItemIds: z.array(filterItemIdSchema),
  /** The radius the step leads to, when it widens one (the rest of the criteria unchanged). */
  radiusKm: z.optional(z.number()),
  totalFound: z.int().check(z.nonnegative()),
});

/** Answer of POST .../search */
export const searchResponseSchema = z.object({
  partners: z.array(partnerSchema),
  totalFound: z.int().check(z.nonnegative()),
  error: z.boolean(),
  filterGroups: z.array(filterGroupSchema),
  /** Every global filter of the site with its count of partners matching the text. */
  globalFilterCounts: z.optional(z.array(globalFilterCountSchema)),
  /** Only when totalFound is 0: each single step back and what it would find. */
  zeroResultSteps: z.optional(z.array(zeroResultStepSchema)),
  /** The page's opaque id: what the beacon of a card opened sends back (POST …/clicks). */
  answerId: z.optional(z.string()),
  searchPartnersCriteria: z.object({
    globalFilter: z.optional(z.string()),
    text: z.optional(z.string()),
    filterItemIds: z.array(filterItemIdSchema),
    offset: z.optional(z.int()),
    resultsPerPage: z.optional(z.int()),
    /** A search near a point echoes it, its radius and its order as applied. */
    near: z.optional(nearSchema),
    radiusKm: z.optional(z.number()),
    sort: z.optional(z.string()),
  }),
});

/** Error body in the portal's style, for 400, 403 and 404 answers. */
export const problemSchema = z.object({
  status: z.string(),
  title: z.string(),
});

export type FilterItem = z.infer<typeof filterItemSchema>;
export type FilterGroup = z.infer<typeof filterGroupSchema>;
export type GlobalFilter = z.infer<typeof globalFilterSchema>;
export type FilterDefinitions = z.infer<typeof filterDefinitionsSchema>;
export type SearchCriteria = z.infer<typeof searchCriteriaSchema>;
export type Partner = z.infer<typeof partnerSchema>;
export type HighlightRange = z.infer<typeof highlightRangeSchema>;
export type GlobalFilterCount = z.infer<typeof globalFilterCountSchema>;
export type ZeroResultStep = z.infer<typeof zeroResultStepSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type Problem = z.infer<typeof problemSchema>;
export type Near = z.infer<typeof nearSchema>;
export type LocatedSearchCriteria = z.infer<typeof locatedSearchCriteriaSchema>;
