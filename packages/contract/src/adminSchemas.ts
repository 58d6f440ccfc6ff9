/**
 * The admin API's own calls beside the partner row (partnerRow.ts): the sites a server
 * holds, a site's definitions, a page of its partners, and what an import did or would
 * do. The server answers with these schemas (and documents them in /openapi.json); the
 * operator's console parses every answer with them. Full zod: the widget never imports
 * this file.
 */
import * as z from 'zod';
import { slugSchema } from './partnerRow';

const count = z.number().int().min(0);
const texts = z.record(z.string(), z.string());

/** GET /o/preferred-partners/v1/sites: every site of the server. */
export const adminSiteSchema = z.object({
  companyId: z.string(),
  scopeGroupId: z.string(),
  /** Partners in the server's index of the site; null while it is not loaded yet. */
  partnerCount: count.nullable(),
});

export const adminSitesSchema = z.object({ sites: z.array(adminSiteSchema) });

/** GET …/{companyId}/{scopeGroupId}/definitions: what a partner of the site can refer to. */
export const adminSiteDefinitionsSchema = z.object({
  /** Locales the site's texts are written in, en-US first. */
  locales: z.array(z.string()),
  globalFilters: z.array(z.object({ name: z.string(), label: texts })),
  defaultGlobalFilter: z.string().nullable(),
  filterGroups: z.array(
    z.object({
      key: z.string(),
      name: texts,
      showAsCategory: z.boolean(),
      filterItems: z.array(z.object({ id: z.number().int(), name: texts })),
    }),
  ),
});

/**
 * GET …/partners/{slug}: one partner as a row of the import format, every default filled
 * in. Loose: fields this schema does not name (added to the format later) are kept, so a
 * client that edits a partner sends them back unchanged.
 */
export const partnerAnswerSchema = z.looseObject({
  slug: z.string(),
  title: texts,
  summary: texts,
  url: z.string(),
  imageUrl: z.string(),
  position: count,
  globalFilters: z.array(z.string()),
  filterItemIds: z.array(z.number().int()),
});

export const PARTNER_SORTS = ['position', 'title', 'slug'] as const;
export const PARTNER_LIST_MAX_LIMIT = 100;

/** GET …/{companyId}/{scopeGroupId}/partners: the query of a page of the partner table. */
export const partnerListQuerySchema = z.object({
  /** Words found in a partner's slug or title in any locale (case and accents aside). */
  q: z.string().max(200, 'q is longer than 200 characters').default(''),
  /** Editorial position (the public order without text), title (en-US) or slug. */
  sort: z.enum(PARTNER_SORTS, 'sort must be position, title or slug').default('position'),
  order: z.enum(['asc', 'desc'], 'order must be asc or desc').default('asc'),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be between 1 and ${PARTNER_LIST_MAX_LIMIT}`)
    .max(PARTNER_LIST_MAX_LIMIT, `limit must be between 1 and ${PARTNER_LIST_MAX_LIMIT}`)
    .default(25),
});

export const partnerListItemSchema = z.object({
  slug: z.string(),
  title: texts,
  url: z.string(),
  position: count,
  globalFilters: z.array(z.string()),
});

export const partnerPageSchema = z.object({
  partners: z.array(partnerListItemSchema),
  /** Partners that match the query, all pages. */
  total: count,
  offset: count,
  limit: count,
});

/** What an import changed: the answer of an import that was applied. */
export const importSummarySchema = z.object({
  sites: count,
  partnersCreated: count,
  partnersUpdated: count,
  /** Only in replace mode: partners removed because the file did not name them. */
  partnersDeleted: count.optional(),
  /** Only when some were: locations whose coordinates were taken from the gazetteer. */
  locationsLocated: count.optional(),
  /**
   * Only when some were: of those, the cities whose name several cities of their country
   * share, with the one taken (the most populous) and how many share the name.
   */
  ambiguousCities: z
    .array(
      z.object({
        slug: z.string(),
        location: count,
        city: z.string(),
        country: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        sameName: z.number().int().min(2),
      }),
    )
    .optional(),
});

/** A problem of an import file: its row and the line it starts on (none for the whole file). */
export const importProblemSchema = z.object({
  /** The row's place in the file, from 1 (a CSV record, an element of a JSON array). */
  row: z.number().int().min(1).nullable(),
  line: z.number().int().min(0).nullable(),
  /** The field it is about, as a path (`title.fr-FR`), '' for the row or the file. */
  field: z.string(),
  message: z.string(),
});

/** At most this many slugs are listed per kind of change; the counts are whole. */
export const IMPORT_REPORT_MAX_LISTED = 1000;
/** At most this many problems are listed; problemCount is whole. */
export const IMPORT_REPORT_MAX_PROBLEMS = 500;

/**
 * POST …/partners/import?dryRun=true: what the import would do, nothing written. With
 * problems nothing could be applied, and the lists of changes are empty.
 */
export const importReportSchema = z.object({
  mode: z.enum(['upsert', 'replace']),
  rows: count,
  added: z.array(slugSchema),
  addedCount: count,
  changed: z.array(slugSchema),
  changedCount: count,
  /** Partners named by the file and written as they already are. */
  unchangedCount: count,
  /** Only in replace mode: partners the file does not name. */
  removed: z.array(slugSchema),
  removedCount: count,
  problems: z.array(importProblemSchema),
  problemCount: count,
});

export type AdminSite = z.infer<typeof adminSiteSchema>;
export type AdminSites = z.infer<typeof adminSitesSchema>;
export type AdminSiteDefinitions = z.infer<typeof adminSiteDefinitionsSchema>;
export type PartnerAnswer = z.infer<typeof partnerAnswerSchema>;
export type PartnerSort = (typeof PARTNER_SORTS)[number];
export type PartnerListQuery = z.infer<typeof partnerListQuerySchema>;
export type PartnerListItem = z.infer<typeof partnerListItemSchema>;
export type PartnerPage = z.infer<typeof partnerPageSchema>;
export type ImportSummary = z.infer<typeof importSummarySchema>;
export type ImportProblem = z.infer<typeof importProblemSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;
