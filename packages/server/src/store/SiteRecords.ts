/**
 * What a source stores for a site, the same in every database: the site's definitions
 * (filter groups, items, global filters, locales) as one record, and one record per
 * partner. Everything a search answers is derived from these in memory
 * (site/buildSite), so a second database needs no copy of that logic.
 */
import type { SiteTuning } from '@partners-network/contract';
import * as z from 'zod';
import { DEFAULT_LOCALE } from './DirectoryData';

const textsSchema = z.record(z.string(), z.string());

export const storedGroupSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  position: z.number().int(),
  showAsCategory: z.boolean(),
  names: textsSchema,
});

export const storedItemSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  position: z.number().int(),
  names: textsSchema,
});

export const storedGlobalFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  labels: textsSchema,
  /** Group ids, in the order the filter shows them. */
  groupIds: z.array(z.number().int()),
});

/**
 * The locales partner documents are built for: always with en-US, sorted. This schema
 * is the one place a stored locale list is read (it was parsed three times before).
 */
export const storedLocalesSchema = z
  .array(z.string())
  .catch([])
  .transform((locales) => [...new Set([DEFAULT_LOCALE, ...locales])].sort());

export const siteDefinitionsSchema = z.object({
  locales: storedLocalesSchema,
  groups: z.array(storedGroupSchema),
  items: z.array(storedItemSchema),
  globalFilters: z.array(storedGlobalFilterSchema),
  defaultGlobalFilterId: z.number().int().nullable(),
  /** Next id for a new group or global filter (ids only order ties and key caches). */
  nextId: z.number().int(),
});

export type StoredGroup = z.infer<typeof storedGroupSchema>;
export type StoredItem = z.infer<typeof storedItemSchema>;
export type StoredGlobalFilter = z.infer<typeof storedGlobalFilterSchema>;
export type SiteDefinitions = z.infer<typeof siteDefinitionsSchema>;

export function emptyDefinitions(): SiteDefinitions {
  return {
    locales: [DEFAULT_LOCALE],
    groups: [],
    items: [],
    globalFilters: [],
    defaultGlobalFilterId: null,
    nextId: 1,
  };
}

/** A partner's location as stored: its coordinates always known (the import found them). */
export const storedLocationSchema = z.object({
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  label: z.string().optional(),
});

export type StoredLocation = z.infer<typeof storedLocationSchema>;

/** A partner as stored: one row of the import format, its position resolved. */
export const partnerRecordSchema = z.object({
  title: textsSchema,
  summary: textsSchema,
  url: z.string(),
  imageUrl: z.string(),
  /** Global filter names (unique in a site, never renamed). */
  globalFilters: z.array(z.string()),
  filterItemIds: z.array(z.number().int()),
  /** Absent for a partner without locations (and in every record written before them). */
  locations: z.array(storedLocationSchema).optional(),
  /** Where contact requests go (emails or an https webhook); absent: not contactable. */
  contact: z
    .object({ emails: z.array(z.string()).optional(), webhook: z.string().optional() })
    .optional(),
});

export type PartnerRecord = z.infer<typeof partnerRecordSchema>;

/** A partner a query rule names: its slug as written, its id when the rule was saved. */
export const ruledPartnerSchema = z.object({ slug: z.string(), id: z.number().int() });

/**
 * A site's search tuning as stored: the admin API's SiteTuning (contract), with each
 * partner a rule names resolved to its id when saved (a server matches ids to ordinals).
 */
export const storedTuningSchema = z
  .object({
    synonymSets: z.array(
      z.union([
        z.object({ kind: z.literal('equivalent'), phrases: z.array(z.string()) }),
        z.object({ kind: z.literal('oneWay'), from: z.string(), to: z.array(z.string()) }),
      ]),
    ),
    queryRules: z.array(
      z.object({
        query: z.string(),
        pinned: z.array(ruledPartnerSchema),
        hidden: z.array(ruledPartnerSchema),
      }),
    ),
  })
  // A tuning the server cannot read is none: searches go on untuned (it is never written so).
  .catch({ synonymSets: [], queryRules: [] });

export type StoredTuning = z.infer<typeof storedTuningSchema>;

/** A stored tuning as the admin API shows it: its partners by slug. */
export function tuningAsWritten(stored: StoredTuning): SiteTuning {
  return {
    synonymSets: stored.synonymSets,
    queryRules: stored.queryRules.map((rule) => ({
      query: rule.query,
      pinned: rule.pinned.map((partner) => partner.slug),
      hidden: rule.hidden.map((partner) => partner.slug),
    })),
  };
}

export function emptyTuning(): StoredTuning {
  return { synonymSets: [], queryRules: [] };
}

export interface StoredPartner {
  /** Assigned by the source on creation; orders partners of equal position. */
  id: number;
  slug: string;
  position: number;
  record: PartnerRecord;
}
