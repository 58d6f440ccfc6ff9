/**
 * One partner row of an import file (JSON or CSV), after CSV columns are gathered
 * into the same shape as JSON. The server's own format, not the wire API.
 */
import * as z from 'zod';
import {
  contactChannelSchema,
  localizedTextSchema,
  optionalLocalizedTextSchema,
  safeUrlSchema,
  slugSchema,
} from '../store/DirectoryData';

/** "Acme" means {"en-US": "Acme"}; an object gives texts per locale. */
const textsSchema = z.union([
  z
    .string()
    .trim()
    .min(1, 'title is required')
    .transform((text) => ({ 'en-US': text })),
  localizedTextSchema,
]);

const optionalTextsSchema = z.union([
  z.string().transform((text): Record<string, string> => (text === '' ? {} : { 'en-US': text })),
  optionalLocalizedTextSchema,
]);

export const importRowSchema = z.object({
  companyId: z.string().trim().min(1).max(64).optional(),
  scopeGroupId: z.string().trim().min(1).max(64).optional(),
  slug: slugSchema,
  title: textsSchema,
  summary: optionalTextsSchema.default({}),
  url: safeUrlSchema,
  /** Defaults to the generated logo of the slug. */
  imageUrl: safeUrlSchema.optional(),
  position: z.number().int().min(0).max(1_000_000_000).optional(),
  globalFilters: z.array(z.string().trim().min(1)).min(1, 'at least one global filter is needed'),
  filterItemIds: z.array(z.number().int().positive()).default([]),
  /** `{"emails": [...]}` or `{"webhook": "https://..."}`; CSV: contactEmails, contactWebhook. */
  contact: contactChannelSchema.optional(),
});

export type ImportRow = z.infer<typeof importRowSchema>;
