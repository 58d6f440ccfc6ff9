/**
 * The outbox of contact requests (issue 26): a visitor's request is written here in the
 * transaction that accepts it, and a background worker (contact/ContactWorker) claims,
 * delivers and settles it. Every database has one (store/sqlite/openOutbox.ts,
 * store/postgres/openOutbox.ts: the same file names) and both run the suite in
 * `__tests__/describeOutboxContract.ts`. Times are milliseconds since the epoch, given by
 * the caller, so tests move the clock and every server reads the same numbers.
 */
import type { Scope } from '@partners-network/contract';
import * as z from 'zod';

export const CONTACT_STATUSES = ['waiting', 'sending', 'delivered', 'failed'] as const;
/**
 * waiting: to be delivered (first try or a retry at `nextAttemptAt`); sending: claimed by a
 * worker until `leaseUntil`; delivered and failed: settled, deleted after the retention.
 */
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where a request goes, copied from the partner when it was accepted. */
export const storedChannelSchema = z.union([
  z.object({ emails: z.array(z.string()).min(1) }),
  z.object({ webhook: z.string() }),
]);
export type StoredChannel = z.infer<typeof storedChannelSchema>;

export interface NewContactRequest {
  scope: Scope;
  partnerSlug: string;
  /** The partner's en-US title when accepted: the mail's subject names it. */
  partnerTitle: string;
  channel: StoredChannel;
  name: string;
  email: string;
  company: string | null;
  message: string;
  /** The visitor's language (the page's locale). */
  locale: string;
  /** The page's key: the same key in a site is the same request. */
  idempotencyKey: string;
  /** The solved challenge's signature: one challenge, one request. */
  proofKey: string;
  receivedAt: number;
}

export interface ContactRequestRecord extends NewContactRequest {
  id: number;
  status: ContactStatus;
  /** Delivery attempts begun. */
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  /** When it was delivered or given up. */
  finishedAt: number | null;
}

/** A request a worker holds until it settles it with the same token. */
export interface ClaimedRequest extends ContactRequestRecord {
  claimToken: string;
}

export type AcceptOutcome =
  /** Written now. */
  | { outcome: 'accepted'; id: number }
  /** The site already has a request with this idempotency key: nothing written. */
  | { outcome: 'repeated'; id: number }
  /** Another request already used this proof of work: nothing written. */
  | { outcome: 'proof-used' };

export type Settlement =
  | { status: 'delivered'; at: number }
  | { status: 'failed'; at: number; error: string }
  | { status: 'waiting'; nextAttemptAt: number; error: string };

export interface ContactFilter {
  partnerSlug?: string;
  status?: ContactStatus;
}

export interface ContactPage {
  total: number;
  requests: ContactRequestRecord[];
}

export interface ContactOutbox {
  /** Writes a new request in one transaction, unless its key or its proof was seen. */
  accept(request: NewContactRequest): Promise<AcceptOutcome>;
  /**
   * Claims at most `limit` requests due at `now` (waiting ones whose time has come, and
   * claims whose lease ran out), for `leaseMs`. Two workers never claim the same request
   * while its lease runs (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one writer).
   */
  claim(now: number, leaseMs: number, limit: number): Promise<ClaimedRequest[]>;
  /** Settles a claimed request; false when the claim was lost (its lease ran out, taken again). */
  settle(request: ClaimedRequest, settlement: Settlement): Promise<boolean>;
  /** A site's requests, newest first. */
  list(scope: Scope, filter: ContactFilter, limit: number, offset: number): Promise<ContactPage>;
  get(scope: Scope, id: number): Promise<ContactRequestRecord | undefined>;
  /** Erases one request (a visitor's request to be forgotten); false when there was none. */
  remove(scope: Scope, id: number): Promise<boolean>;
  /** Deletes delivered and failed requests settled before `cutoff`; how many. */
  removeSettledBefore(cutoff: number): Promise<number>;
  /** Requests not settled yet (waiting or being sent), every site. */
  countUnsettled(): Promise<number>;
  /**
   * A random secret made once per database and shared by every server on it: the
   * proof-of-work challenges one server signs, another verifies.
   */
  sharedSecret(): Promise<string>;
  close(): Promise<void>;
}

/** The longest error text kept with a request (a mail server's answer, a webhook status). */
export const MAX_ERROR_LENGTH = 500;

const nullableNumber = z.union([z.null(), z.coerce.number()]);

/** A row of `contact_request` as both databases read it (PostgreSQL's bigint comes as text). */
const contactRowSchema = z.object({
  id: z.coerce.number(),
  company_id: z.string(),
  scope_group_id: z.string(),
  partner_slug: z.string(),
  partner_title: z.string(),
  channel: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  locale: z.string(),
  idempotency_key: z.string(),
  proof_key: z.string(),
  status: z.enum(CONTACT_STATUSES),
  attempts: z.coerce.number(),
  next_attempt_at: nullableNumber,
  last_error: z.string().nullable(),
  received_at: z.coerce.number(),
  finished_at: nullableNumber,
  claim_token: z.string().nullable().optional(),
});

/** The columns every read selects, in both databases. */
export const CONTACT_COLUMNS = Object.keys(contactRowSchema.shape).join(', ');

export function toContactRecord(row: unknown): ContactRequestRecord {
  const parsed = contactRowSchema.parse(row);
  return {
    id: parsed.id,
    scope: { companyId: parsed.company_id, scopeGroupId: parsed.scope_group_id },
    partnerSlug: parsed.partner_slug,
    partnerTitle: parsed.partner_title,
    channel: storedChannelSchema.parse(JSON.parse(parsed.channel)),
    name: parsed.name,
    email: parsed.email,
    company: parsed.company,
    message: parsed.message,
    locale: parsed.locale,
    idempotencyKey: parsed.idempotency_key,
    proofKey: parsed.proof_key,
    status: parsed.status,
    attempts: parsed.attempts,
    nextAttemptAt: parsed.next_attempt_at,
    lastError: parsed.last_error,
    receivedAt: parsed.received_at,
    finishedAt: parsed.finished_at,
  };
}

export function toClaimedRequest(row: unknown): ClaimedRequest {
  const claimToken = z.object({ claim_token: z.string() }).parse(row).claim_token;
  return { ...toContactRecord(row), claimToken };
}

/** The values of an insert, in the order of INSERT_COLUMNS. */
export const INSERT_COLUMNS =
  'company_id, scope_group_id, partner_slug, partner_title, channel, name, email, company, ' +
  'message, locale, idempotency_key, proof_key, status, attempts, next_attempt_at, received_at';

export function insertValues(request: NewContactRequest): (string | number | null)[] {
  return [
    request.scope.companyId,
    request.scope.scopeGroupId,
    request.partnerSlug,
    request.partnerTitle,
    JSON.stringify(request.channel),
    request.name,
    request.email,
    request.company,
    request.message,
    request.locale,
    request.idempotencyKey,
    request.proofKey,
    'waiting',
    0,
    request.receivedAt,
    request.receivedAt,
  ];
}

/** A settlement as the columns it sets: status, next_attempt_at, last_error, finished_at. */
export function settlementValues(
  settlement: Settlement,
): [string, number | null, string | null, number | null] {
  switch (settlement.status) {
    case 'delivered':
      return ['delivered', null, null, settlement.at];
    case 'failed':
      return ['failed', null, settlement.error.slice(0, MAX_ERROR_LENGTH), settlement.at];
    case 'waiting':
      return [
        'waiting',
        settlement.nextAttemptAt,
        settlement.error.slice(0, MAX_ERROR_LENGTH),
        null,
      ];
  }
}

/** WHERE conditions of a site's list, with their values, for either database's placeholders. */
export function listConditions(
  scope: Scope,
  filter: ContactFilter,
): { columns: string[]; values: string[] } {
  const columns = ['company_id', 'scope_group_id'];
  const values = [scope.companyId, scope.scopeGroupId];
  if (filter.partnerSlug !== undefined) {
    columns.push('partner_slug');
    values.push(filter.partnerSlug);
  }
  if (filter.status !== undefined) {
    columns.push('status');
    values.push(filter.status);
  }
  return { columns, values };
}
