/**
 * What a store imports: sites with their global filters, filter groups and partners.
 * This is the server's own data format (seed, CLI import), not the wire API, so its
 * schema lives here. Every store validates with it before writing anything.
 */
import * as z from 'zod';
import { CONTACT_EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@partners-network/contract';

export const DEFAULT_LOCALE = 'en-US';

/**
 * Text without the NUL character: PostgreSQL cannot store it (in text or jsonb), so
 * every database refuses it the same way, with a clear message, before writing.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), {
      message: 'text must not contain NUL (\\u0000)',
    });

/** A BCP 47-like tag such as en-US, fr-FR, de-DE or pt. */
export const localeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$/, 'locale must look like en-US');

/** Texts per locale; en-US is required because every other locale falls back to it. */
export const localizedTextSchema = z
  .record(localeSchema, text(2000))
  .refine((texts) => (texts[DEFAULT_LOCALE] ?? '').trim() !== '', {
    message: `an ${DEFAULT_LOCALE} text is required`,
  });

/** Optional texts per locale (no en-US needed), e.g. summaries. */
export const optionalLocalizedTextSchema = z.record(localeSchema, text(5000));

/**
 * A link the widget will put in an href or src: a site-relative path or an http(s)
 * address. Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export const safeUrlSchema = z
  .string()
  .max(2000)
  .refine((value) => isSafeUrl(value), {
    message: 'url must be a path starting with / or an http(s) address',
  });

export function isSafeUrl(value: string): boolean {
  if (/[\s<>"`]/u.test(value) || value.includes('\u0000')) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const nameSchema = text(200).trim().min(1);

/** A partner's contact address: what an `<input type="email">` takes, so never a header break. */
export const contactEmailSchema = z
  .string()
  .max(CONTACT_EMAIL_MAX_LENGTH)
  .regex(EMAIL_PATTERN, 'contact emails must be email addresses such as sales@example.com');

/** Where a webhook channel posts: an https address only (the body carries a visitor's data). */
export const webhookUrlSchema = z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
    message: 'contact.webhook must be an https:// address',
  });

/**
 * Where a partner's contact requests go (issue 26): one or more email addresses, or one
 * https webhook. A partner without it shows no Contact action. Never sent to the page.
 */
export const contactChannelSchema = z
  .object({
    emails: z
      .array(contactEmailSchema)
      .min(1, 'contact.emails needs at least one address')
      .max(10, 'contact.emails has at most 10 addresses')
      .optional(),
    webhook: webhookUrlSchema.optional(),
  })
  .refine((channel) => (channel.emails === undefined) !== (channel.webhook === undefined), {
    message: 'contact has either emails or a webhook (not both, not neither)',
  });

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lowercase letters, digits and single hyphens')
  .max(120);

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
export type ContactChannel = z.infer<typeof contactChannelSchema>;
/** Input form of a partner: defaults (summary, filterItemIds) may be left out. */
export type PartnerInput = z.input<typeof partnerDataSchema>;
export type SiteData = z.infer<typeof siteDataSchema>;
/** Input form: defaults (summary, filterItemIds...) may be left out. */
export type DirectoryData = z.input<typeof directoryDataSchema>;
export type ParsedDirectoryData = z.infer<typeof directoryDataSchema>;
