/**
 * What a store imports: sites with their global filters, filter groups and partners.
 * This is the server's own data format (seed, CLI import), not the wire API, so its
 * schema lives here. Every store validates with it before writing anything.
 */
import * as z from 'zod';
import {
  contactChannelSchema,
  locationsDataSchema,
  localizedTextSchema,
  optionalLocalizedTextSchema,
  safeUrlSchema,
  slugSchema,
  storableText as text,
} from '@partners-network/contract';

// The field rules are the admin API's too (its PUT body, the console's form): they live in
// the contract, and are named here as they always were.
export {
  DEFAULT_LOCALE,
  contactChannelSchema,
  contactEmailSchema,
  webhookUrlSchema,
  isSafeUrl,
  localeSchema,
  localizedTextSchema,
  optionalLocalizedTextSchema,
  safeUrlSchema,
  slugSchema,
  isCountryCode,
  MAX_LOCATIONS,
  locationDataSchema,
  locationsDataSchema,
} from '@partners-network/contract';

const nameSchema = text(200).trim().min(1);

export const filterItemDataSchema = z.object({
  /** Portal category id: a positive integer, unique in a site. */
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  name: localizedTextSchema,
});

export const filterGroupDataSchema = z.object({
  /** Stable key global filters refer to, e.g. "region". */
  key: nameSchema,
  name: localizedTextSchema,
  /** Items of this group are shown as badges (categories) on partner cards. */
  showAsCategory: z.boolean().default(false),
  filterItems: z.array(filterItemDataSchema),
});

export const globalFilterDataSchema = z.object({
  name: nameSchema,
  label: localizedTextSchema,
  /** Keys of the filter groups this global filter shows, in order. */
  filterGroups: z.array(nameSchema),
});

export const partnerDataSchema = z.object({
  slug: slugSchema,
  title: localizedTextSchema,
  summary: optionalLocalizedTextSchema.default({}),
  url: safeUrlSchema,
  imageUrl: safeUrlSchema,
  /** Editorial position: lower comes first when there is no search text. */
  position: z.number().int().min(0).max(1_000_000_000).optional(),
  globalFilters: z.array(nameSchema).min(1, 'a partner belongs to at least one global filter'),
  filterItemIds: z.array(z.number().int().positive()).default([]),
  /** Zero to ten; coordinates of a city left out are taken from the gazetteer. */
  locations: locationsDataSchema.default([]),
  /** Where contact requests go; absent: the partner cannot be contacted from the page. */
  contact: contactChannelSchema.optional(),
});

export const siteDataSchema = z.object({
  companyId: text(64).trim().min(1),
  scopeGroupId: text(64).trim().min(1),
  defaultGlobalFilter: nameSchema.optional(),
  globalFilters: z.array(globalFilterDataSchema).default([]),
  filterGroups: z.array(filterGroupDataSchema).default([]),
  partners: z.array(partnerDataSchema).default([]),
});

export const directoryDataSchema = z.object({
  sites: z.array(siteDataSchema),
});

export type LocalizedText = z.infer<typeof localizedTextSchema>;
export type FilterItemData = z.infer<typeof filterItemDataSchema>;
export type FilterGroupData = z.infer<typeof filterGroupDataSchema>;
export type GlobalFilterData = z.infer<typeof globalFilterDataSchema>;
export type PartnerData = z.infer<typeof partnerDataSchema>;
export type { LocationData } from '@partners-network/contract';
export type ContactChannel = z.infer<typeof contactChannelSchema>;
/** Input form of a partner: defaults (summary, filterItemIds) may be left out. */
export type PartnerInput = z.input<typeof partnerDataSchema>;
export type SiteData = z.infer<typeof siteDataSchema>;
/** Input form: defaults (summary, filterItemIds...) may be left out. */
export type DirectoryData = z.input<typeof directoryDataSchema>;
export type ParsedDirectoryData = z.infer<typeof directoryDataSchema>;
