/**
 * A contact request as the admin API shows it (issue 26), and the queries that list them:
 * one schema for the answers the routes send and for /openapi.json.
 */
import * as z from 'zod';
import type { ContactRequestRecord } from './ContactOutbox';
import { CONTACT_STATUSES } from './ContactOutbox';
import { slugSchema } from './DirectoryData';

export const contactFilterQuerySchema = z.object({
  partner: slugSchema.optional(),
  status: z
    .enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` })
    .optional(),
});

export const contactListQuerySchema = contactFilterQuerySchema.extend({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be from 1 to 500')
    .max(500, 'limit must be from 1 to 500')
    .default(50),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0),
});

const isoTime = z.string().nullable();

/** One request: who wrote, to which partner, what, and where its delivery stands. */
export const contactRequestViewSchema = z.object({
  id: z.number().int(),
  receivedAt: isoTime,
  status: z.enum(CONTACT_STATUSES),
  partner: z.object({ slug: z.string(), title: z.string() }),
  channel: z.union([z.object({ emails: z.array(z.string()) }), z.object({ webhook: z.string() })]),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  locale: z.string(),
  attempts: z.number().int(),
  /** When the next attempt is due, while the request waits. */
  nextAttemptAt: isoTime,
  lastError: z.string().nullable(),
  /** When it was delivered or given up. */
  settledAt: isoTime,
});

/** A page of a site's requests, newest first, and how many match. */
export const contactRequestPageSchema = z.object({
  total: z.number().int(),
  requests: z.array(contactRequestViewSchema),
});

export type ContactRequestView = z.infer<typeof contactRequestViewSchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A request as the admin API shows it. */
export function contactView(request: ContactRequestRecord): ContactRequestView {
  return {
    id: request.id,
    receivedAt: iso(request.receivedAt),
    status: request.status,
    partner: { slug: request.partnerSlug, title: request.partnerTitle },
    channel: request.channel,
    name: request.name,
    email: request.email,
    company: request.company,
    message: request.message,
    locale: request.locale,
    attempts: request.attempts,
    nextAttemptAt: request.status === 'waiting' ? iso(request.nextAttemptAt) : null,
    lastError: request.lastError,
    settledAt: iso(request.finishedAt),
  };
}
