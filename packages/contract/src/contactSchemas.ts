/**
 * The contact call (issue 26): a visitor's request to one partner, the form's setup with
 * its proof-of-work challenge, and the answer. The server validates with these zod
 * schemas and the page with their generated twins (`dataSchemas.ts`), so both refuse the
 * same input with the same rules. Every one-line field refuses CR, LF and the other
 * control characters, so no visitor text can ever reach a mail header as a header.
 */
import * as z from 'zod/mini';

import {
  CONTACT_COMPANY_MAX_LENGTH,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
} from './contactLimits';

/** One line with at least one visible character: no CR, LF, tab or other control character. */
export const ONE_LINE_PATTERN =
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  /^[^\u0000-\u001f\u007f]*[^\s\u0000-\u001f\u007f][^\u0000-\u001f\u007f]*$/;
/** One line, possibly empty (an optional field). */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const OPTIONAL_ONE_LINE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
/**
 * The address an `<input type="email">` accepts (the HTML standard's rule): no space, no
 * quote, no angle bracket, no CR or LF, so it is safe as a `Reply-To` address.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** At least one visible character; line breaks allowed; no NUL (PostgreSQL cannot keep it). */
// eslint-disable-next-line no-control-regex -- NUL is what it refuses
export const MESSAGE_PATTERN = /^[^\u0000]*\S[^\u0000]*$/;
/** The page's idempotency key: random, made when the dialog opens. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const hex = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[0-9a-f]*$/));

/**
 * An ALTCHA proof-of-work challenge (v2, deterministic: the server picked the counter and
 * signed the key it derives), as the server signed it. `data.issuedAt` (ms) tells the
 * server when the form was opened, signed with the rest.
 */
export const contactChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().check(z.maxLength(32)),
    nonce: hex(64),
    salt: hex(64),
    cost: z.int().check(z.minimum(1), z.maximum(1_000_000)),
    keyLength: z.int().check(z.minimum(1), z.maximum(64)),
    keyPrefix: hex(128),
    keySignature: z.optional(hex(128)),
    expiresAt: z.optional(z.int()),
    data: z.object({ issuedAt: z.int() }),
  }),
  signature: hex(128),
});

/** A solved challenge: the challenge as it came, and the counter and key the page found. */
export const contactProofSchema = z.object({
  challenge: contactChallengeSchema,
  solution: z.object({
    counter: z.int().check(z.nonnegative()),
    derivedKey: hex(128),
  }),
});

/** GET …/{companyId}/{scopeGroupId}/contact/challenge: what the form needs when it opens. */
export const contactFormSetupSchema = z.object({
  challenge: contactChallengeSchema,
  /** The operator's privacy notice (CONTACT_PRIVACY_URL); absent when none is set. */
  privacyNoticeUrl: z.optional(z.string().check(z.maxLength(2000))),
  /** Days a delivered request is kept (CONTACT_RETENTION_DAYS). */
  retentionDays: z.int().check(z.nonnegative()),
  /** Seconds the server wants between opening the form and sending it. */
  waitSeconds: z.int().check(z.nonnegative()),
});

/** What the visitor writes in the form: the page checks it with these rules before sending. */
export const contactFormSchema = z.object({
  name: z
    .string()
    .check(
      z.maxLength(
        CONTACT_NAME_MAX_LENGTH,
        `name is longer than ${CONTACT_NAME_MAX_LENGTH} characters`,
      ),
      z.regex(ONE_LINE_PATTERN, 'name is required, on one line without control characters'),
    ),
  email: z
    .string()
    .check(
      z.maxLength(
        CONTACT_EMAIL_MAX_LENGTH,
        `email is longer than ${CONTACT_EMAIL_MAX_LENGTH} characters`,
      ),
      z.regex(EMAIL_PATTERN, 'email must be an email address such as name@example.com'),
    ),
  company: z.optional(
    z
      .string()
      .check(
        z.maxLength(
          CONTACT_COMPANY_MAX_LENGTH,
          `company is longer than ${CONTACT_COMPANY_MAX_LENGTH} characters`,
        ),
        z.regex(
          OPTIONAL_ONE_LINE_PATTERN,
          'company must be on one line without control characters',
        ),
      ),
  ),
  message: z
    .string()
    .check(
      z.maxLength(
        CONTACT_MESSAGE_MAX_LENGTH,
        `message is longer than ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
      ),
      z.regex(MESSAGE_PATTERN, 'message is required'),
    ),
  consent: z.literal(true, 'consent must be true: the visitor agrees to the privacy notice'),
});

/** Body of POST …/{companyId}/{scopeGroupId}/partners/{slug}/contact: the form and its proofs. */
export const contactRequestSchema = z.extend(contactFormSchema, {
  /** The honeypot: a field people never see, so never fill. Anything in it marks a bot. */
  website: z.optional(z.string().check(z.maxLength(500))),
  idempotencyKey: z
    .string()
    .check(
      z.regex(IDEMPOTENCY_KEY_PATTERN, 'idempotencyKey must be 16 to 64 letters, digits, - or _'),
    ),
  proof: contactProofSchema,
});

/** Answer of the contact call (202): the request is kept and will be delivered. */
export const contactReceiptSchema = z.object({
  received: z.literal(true),
});

export type ContactChallenge = z.infer<typeof contactChallengeSchema>;
export type ContactProof = z.infer<typeof contactProofSchema>;
export type ContactFormSetup = z.infer<typeof contactFormSetupSchema>;
export type ContactForm = z.infer<typeof contactFormSchema>;
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
