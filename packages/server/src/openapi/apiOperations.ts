import * as z from 'zod/mini';
import {
  API_BASE_PATH,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_MIN_TEXT_COUNT,
  XSRF_COOKIE_NAME,
  clickBeaconSchema,
  insightsDaySchema,
  insightsSchema,
  XSRF_HEADER_NAME,
  contactFormSetupSchema,
  contactReceiptSchema,
  contactRequestSchema,
  filterDefinitionsSchema,
  placesResponseSchema,
  problemSchema,
  locatedSearchCriteriaSchema,
  searchResponseSchema,
  siteTuningSchema,
  tuningPreviewAnswerSchema,
  tuningPreviewSchema,
} from '@partners-network/contract';
import {
  ADMIN_SITES_PATH,
  adminSiteDefinitionsSchema,
  adminSitesSchema,
  importReportSchema,
  partnerListQuerySchema,
  partnerPageSchema,
} from '@partners-network/contract';
import { dryRunSchema, importModeSchema } from '../importFile/importModeSchema';
import { importRowSchema } from '../importFile/importRowSchema';
import { exportFormatSchema } from '../importFile/writeExportFile';
import { MAX_PLACES, placesQuerySchema } from '../geo/placesQuery';
import { directoryDataSchema, partnerDataSchema, slugSchema } from '../store/DirectoryData';
import { importSummarySchema } from '../store/PartnerStore';
import {
  contactFilterQuerySchema,
  contactListQuerySchema,
  contactRequestPageSchema,
  contactRequestViewSchema,
} from '../store/contactRequestView';

/** A zod schema of the contract or of the server (zod or zod/mini: one core). */
export type Schema = z.core.$ZodType;

/** One call of the API as `/openapi.json` describes it: its schemas are the zod schemas the server uses. */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template: `{companyId}`, not Fastify's `:companyId`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Path parameters with a rule of their own; the others are any string. */
  params?: Record<string, Schema>;
  /** Query parameters (optional unless `required`); any string unless a schema says more. */
  query?: { name: string; description: string; schema?: Schema; required?: boolean }[];
  /** The JSON request body. */
  body?: Schema;
  /** Other media types the body may come as, each a text (an import file as CSV). */
  textBodies?: string[];
  /** What the caller shows: the anti-forgery cookie and header, or an admin bearer token. */
  auth?: 'xsrf' | 'bearer';
  /**
   * Status code to what it means and its JSON body (none: an empty answer, as a 204), and
   * other media types it may come as, each a text (an export as CSV).
   */
  responses: Record<number, { description: string; schema?: Schema; textTypes?: string[] }>;
}

const SCOPE = `${API_BASE_PATH}/{companyId}/{scopeGroupId}`;
const LOCALE = {
  name: 'locale',
  description: 'Portal language id (fr_FR or fr-FR, any case); unknown or missing: en-US.',
};
const PROBLEM = (description: string) => ({ description, schema: problemSchema });
/** Loaded sites answer from memory; only a site not loaded yet needs the database. */
const NOT_LOADED = PROBLEM(
  'The database does not answer and this site is not in memory yet (a site once loaded is answered from memory while the database is away)',
);

/** The public calls (SPEC section 7). */
export const PUBLIC_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: `${SCOPE}/filter-groups`,
    operationId: 'getFilterGroups',
    summary: "The site's global filters and the filter groups of the default one",
    tags: ['public'],
    query: [LOCALE],
    responses: {
      200: { description: 'The filter definitions in the locale', schema: filterDefinitionsSchema },
      400: PROBLEM('Malformed address or locale'),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
      503: NOT_LOADED,
    },
  },
  {
    method: 'post',
    path: `${SCOPE}/search`,
    operationId: 'searchPartners',
    summary: 'One page of partners matching the criteria',
    tags: ['public'],
    query: [LOCALE],
    body: locatedSearchCriteriaSchema,
    auth: 'xsrf',
    responses: {
      200: {
        description: 'The page, the count and the criteria applied',
        schema: searchResponseSchema,
      },
      400: PROBLEM('Bad criteria, body or Content-Type'),
      403: PROBLEM(`Missing ${XSRF_HEADER_NAME} header or no matching ${XSRF_COOKIE_NAME} cookie`),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
      503: NOT_LOADED,
    },
  },
  {
    method: 'get',
    path: `${SCOPE}/places`,
    operationId: 'suggestPlaces',
    summary: `Up to ${MAX_PLACES} cities for a typed beginning, best known first`,
    description:
      "Cities of the gazetteer (GeoNames) whose name, in any language it has, begins with q or is within its typo budget (not in the first letter), diacritics and case aside; each named in the visitor's language where known, with its country, coordinates and the site's partners there.",
    tags: ['public'],
    query: [
      {
        name: 'q',
        description:
          'What the visitor typed: letters of any script, spaces, hyphens and apostrophes, at most 100 characters.',
        schema: placesQuerySchema.shape.q,
        required: true,
      },
      LOCALE,
    ],
    responses: {
      200: { description: 'The cities, best known first', schema: placesResponseSchema },
      400: PROBLEM('No q, or a q or locale that breaks its rule'),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
      503: NOT_LOADED,
    },
  },
];

const PARTNER = `${SCOPE}/partners/{slug}`;
const ADMIN_ONLY =
  'Exists only when the server runs with ADMIN_TOKEN (without it: 404, and this document does not list it). Authorization: Bearer and one of the comma-separated tokens of ADMIN_TOKEN.';
const UNAUTHORIZED = PROBLEM(
  'No Authorization: Bearer, or a token not in ADMIN_TOKEN (with WWW-Authenticate: Bearer)',
);
const UNAVAILABLE = PROBLEM('The database does not answer; nothing was changed');
const WRITTEN = 'The partner as stored, as GET answers it';

/**
 * An import file: the rows of the JSON import format, or a directory document of this
 * site only. The route tries them in that order (an array is rows), as this union says.
 */
const importBodySchema = z.union([z.array(importRowSchema), directoryDataSchema]);

const TUNING = `${SCOPE}/tuning`;
const TUNING_RULES =
  'Synonym sets (equivalent phrases, or one way) and query rules (partners pinned first, in order, or hidden, for one query); read and replaced whole. Live on every server within a catch-up, without rebuilding the site.';

/** The tuning calls (routes/adminTuning.ts), with the admin API. */
const TUNING_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: TUNING,
    operationId: 'getTuning',
    summary: "The site's search tuning",
    description: `${ADMIN_ONLY} ${TUNING_RULES} Answered from the site as this server serves it.`,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      200: { description: "The site's tuning, partners by slug", schema: siteTuningSchema },
      400: PROBLEM('Malformed address'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: NOT_LOADED,
    },
  },
  {
    method: 'put',
    path: TUNING,
    operationId: 'putTuning',
    summary: "Replaces the site's search tuning",
    description: `${ADMIN_ONLY} ${TUNING_RULES} A slug no partner of the site has is refused, naming the rule and its place.`,
    tags: ['admin'],
    body: siteTuningSchema,
    auth: 'bearer',
    responses: {
      200: { description: 'The tuning as saved', schema: siteTuningSchema },
      400: PROBLEM(
        'A body that breaks a rule (the title names the field and the rule), a slug no partner has, or a malformed address; nothing was changed',
      ),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'post',
    path: `${TUNING}/preview`,
    operationId: 'previewTuning',
    summary: 'A search answered with a tuning not saved',
    description: `${ADMIN_ONLY} The same answer as the search call, from the site this server serves, with the given tuning instead of the saved one; nothing is written.`,
    tags: ['admin'],
    query: [LOCALE],
    body: tuningPreviewSchema,
    auth: 'bearer',
    responses: {
      200: {
        description:
          "The answer the search would get, and the positions on its page of the partners the text's rule pinned",
        schema: tuningPreviewAnswerSchema,
      },
      400: PROBLEM(
        'A tuning or criteria that break a rule (the title names the field), a slug no partner has, or a malformed address',
      ),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: PROBLEM('The database does not answer to find the partners the tuning names'),
    },
  },
];

/** The admin API (routes/admin.ts): listed only when ADMIN_TOKEN is set, as it exists only then. */
export const ADMIN_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: PARTNER,
    operationId: 'getPartner',
    summary: 'One partner, as a row of the JSON import format',
    description: ADMIN_ONLY,
    tags: ['admin'],
    params: { slug: slugSchema },
    auth: 'bearer',
    responses: {
      200: { description: 'The partner', schema: partnerDataSchema },
      400: PROBLEM('Malformed address'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site, or no partner with this slug'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'put',
    path: PARTNER,
    operationId: 'putPartner',
    summary: 'Creates or replaces one partner: the body is one row of the JSON import format',
    description: `${ADMIN_ONLY} The row's slug must be the address's; companyId and scopeGroupId, when given, those of the address. One transaction: a refused write changes nothing.`,
    tags: ['admin'],
    params: { slug: slugSchema },
    body: importRowSchema,
    auth: 'bearer',
    responses: {
      200: { description: `Replaced. ${WRITTEN}`, schema: partnerDataSchema },
      201: { description: `Created. ${WRITTEN}`, schema: partnerDataSchema },
      400: PROBLEM(
        "A body that is not JSON, over 64 KiB or breaks a rule (the title names the field and the rule), a slug or site that is not the address's, a malformed address or slug; nothing was changed",
      ),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'delete',
    path: PARTNER,
    operationId: 'deletePartner',
    summary: 'Removes one partner',
    description: ADMIN_ONLY,
    tags: ['admin'],
    params: { slug: slugSchema },
    auth: 'bearer',
    responses: {
      204: { description: 'Removed' },
      400: PROBLEM('Malformed address'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site, or no partner with this slug'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'post',
    path: `${SCOPE}/partners/import`,
    operationId: 'importPartners',
    summary:
      'Imports a whole file of partners of this site, all or nothing, or reports what it would do',
    description: `${ADMIN_ONLY} The body is the file as it is: JSON (an array of rows of the import format, or a directory document {"sites": [...]} whose every site is the address's) or CSV (Content-Type: text/csv). Problems name the row and the line of the file.`,
    tags: ['admin'],
    query: [
      {
        name: 'mode',
        description:
          "upsert (default): the site's partners the file does not name are kept; replace: they are removed.",
        schema: importModeSchema,
      },
      {
        name: 'dryRun',
        description:
          'true: nothing is written; the answer says which partners would be added, changed and removed, and every problem with its row and line.',
        schema: dryRunSchema,
      },
    ],
    body: importBodySchema,
    textBodies: ['text/csv'],
    auth: 'bearer',
    responses: {
      200: {
        description:
          'Applied: what the import changed. With dryRun=true: what it would change, and every problem (nothing written)',
        schema: z.union([importSummarySchema, importReportSchema]),
      },
      400: PROBLEM(
        "A file that is not JSON or CSV, over 64 MiB, or (applied) a row or document that breaks a rule (the title names the first rows, lines, fields and rules), a site that is not the address's, a mode other than upsert or replace, a dryRun other than true or false; nothing was changed",
      ),
      401: UNAUTHORIZED,
      503: UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: ADMIN_SITES_PATH,
    operationId: 'listSites',
    summary: 'Every site of the server, with its partner count',
    description: ADMIN_ONLY,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      200: { description: 'The sites', schema: adminSitesSchema },
      401: UNAUTHORIZED,
      503: UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: `${SCOPE}/definitions`,
    operationId: 'getSiteDefinitions',
    summary:
      "The site's locales, global filters, filter groups and items, with every locale's texts",
    description: ADMIN_ONLY,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      200: { description: 'The definitions', schema: adminSiteDefinitionsSchema },
      400: PROBLEM('Malformed address'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: `${SCOPE}/partners`,
    operationId: 'listPartners',
    summary: "A page of the site's partners, searched and sorted",
    description: ADMIN_ONLY,
    tags: ['admin'],
    query: Object.entries(partnerListQuerySchema.shape).map(([name, schema]) => ({
      name,
      description:
        {
          q: "Words found in the partner's slug or title in any locale, case and accents aside",
          sort: 'position (editorial order, default), title (en-US) or slug',
          order: 'asc (default) or desc',
          offset: 'Partners to skip (default 0)',
          limit: 'Partners in the page, 1 to 100 (default 25)',
        }[name] ?? name,
      schema,
    })),
    auth: 'bearer',
    responses: {
      200: { description: 'The page and how many partners match', schema: partnerPageSchema },
      400: PROBLEM(
        'A query value that breaks its rule (the title names it), or a malformed address',
      ),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: UNAVAILABLE,
    },
  },
  {
    method: 'get',
    path: `${SCOPE}/export`,
    operationId: 'exportPartners',
    summary: 'Every partner of the site as an import file (a download)',
    description: `${ADMIN_ONLY} JSON: an array of rows of the import format, one per line; CSV: a column per field and per locale of each text. Either imports back unchanged.`,
    tags: ['admin'],
    query: [{ name: 'format', description: 'json (default) or csv', schema: exportFormatSchema }],
    auth: 'bearer',
    responses: {
      200: {
        description: "The site's partners, in editorial order",
        schema: z.array(partnerDataSchema),
        textTypes: ['text/csv'],
      },
      400: PROBLEM('A format other than csv or json, or a malformed address'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: UNAVAILABLE,
    },
  },
  ...TUNING_OPERATIONS,
];

/** The beacon of a card opened (routes/clicks.ts): public, beside the two calls of SPEC 7. */
export const COUNTING_OPERATIONS: ApiOperation[] = [
  {
    method: 'post',
    path: `${SCOPE}/clicks`,
    operationId: 'countClick',
    summary: 'Counts a card opened: the answer id of its page and its place in the list',
    description:
      "What the page's navigator.sendBeacon sends when a visitor opens a card (as text/plain, JSON inside, so a page on another origin needs no preflight; application/json is taken too). No anti-forgery header: sendBeacon cannot set one, and a forged beacon can only add a count. No cookie, no identifier of the visitor.",
    tags: ['public'],
    body: clickBeaconSchema,
    responses: {
      204: { description: 'Counted (or, with STATS=off, taken and not counted)' },
      400: PROBLEM(
        'A body that is not JSON, an answerId that does not decode, or a position not on its page',
      ),
      404: PROBLEM('No partner directory for this company and site'),
      429: PROBLEM('Past the per-client limit (when set); Retry-After says when to retry'),
      503: NOT_LOADED,
    },
  },
];

const CONTACT_LIMIT = PROBLEM(
  'Past the per-client limit of contact requests (CONTACT_LIMIT_PER_HOUR); Retry-After says when to retry',
);

/** The contact calls (routes/contact.ts, issue 26): listed on a server with the contact feature. */
export const CONTACT_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: `${SCOPE}/contact/challenge`,
    operationId: 'getContactChallenge',
    summary: "The contact form's setup: a proof-of-work challenge and the operator's rules",
    description:
      'What the page asks when a visitor opens the contact form: an ALTCHA challenge (PBKDF2) the page solves while the visitor writes, the privacy notice, how long a delivered request is kept and how long the form must stay open before it is sent. Bounded per client more loosely than the requests.',
    tags: ['public'],
    responses: {
      200: { description: 'The setup', schema: contactFormSetupSchema },
      404: PROBLEM('No partner directory for this company and site'),
      429: CONTACT_LIMIT,
    },
  },
  {
    method: 'post',
    path: `${SCOPE}/partners/{slug}/contact`,
    operationId: 'contactPartner',
    summary: "A visitor's request to a partner, kept and then delivered by mail or webhook",
    description:
      "Written to the database's outbox when accepted, then delivered with retries; the same idempotencyKey is one request. The partner's address is never sent back. A filled honeypot (website) gets the same answer and delivers nothing.",
    tags: ['public'],
    query: [LOCALE],
    params: { slug: slugSchema },
    body: contactRequestSchema,
    auth: 'xsrf',
    responses: {
      202: { description: 'Accepted: kept, to be delivered', schema: contactReceiptSchema },
      400: PROBLEM(
        'A body that breaks a rule (the title names the field and the rule), a proof that does not solve a challenge of this server, has expired or was used, or a form sent too soon after it opened',
      ),
      403: PROBLEM(`Missing ${XSRF_HEADER_NAME} header or no matching ${XSRF_COOKIE_NAME} cookie`),
      404: PROBLEM('No partner directory for this company and site, or no partner to contact'),
      429: CONTACT_LIMIT,
    },
  },
];

const CONTACT_REQUESTS = `${SCOPE}/contact-requests`;
const NO_REQUEST = PROBLEM(
  'No partner directory for this company and site, or no contact request with this id in it',
);

/** The admin API of contact requests (routes/adminContact.ts): with the admin calls and contact. */
export const ADMIN_CONTACT_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: CONTACT_REQUESTS,
    operationId: 'listContactRequests',
    summary: "A page of the site's contact requests, newest first",
    description: ADMIN_ONLY,
    tags: ['admin'],
    query: Object.entries(contactListQuerySchema.shape).map(([name, schema]) => ({
      name,
      description:
        {
          partner: "Only this partner's requests (its slug)",
          status: 'Only requests in this state: waiting, sending, delivered or failed',
          limit: 'Requests in the page, 1 to 500 (default 50)',
          offset: 'Requests to skip (default 0)',
        }[name] ?? name,
      schema,
    })),
    auth: 'bearer',
    responses: {
      200: { description: 'The page and how many match', schema: contactRequestPageSchema },
      400: PROBLEM('A query value that breaks its rule (the title names it)'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
    },
  },
  {
    method: 'get',
    path: `${CONTACT_REQUESTS}.csv`,
    operationId: 'exportContactRequests',
    summary: 'Every matching contact request of the site, as a spreadsheet (CSV)',
    description: `${ADMIN_ONLY} A cell that a spreadsheet would read as a formula starts with '.`,
    tags: ['admin'],
    query: [
      {
        name: 'partner',
        description: "Only this partner's requests (its slug)",
        schema: slugSchema,
      },
      {
        name: 'status',
        description: 'Only requests in this state: waiting, sending, delivered or failed',
        schema: contactFilterQuerySchema.shape.status,
      },
    ],
    auth: 'bearer',
    responses: {
      200: { description: 'The requests, newest first', textTypes: ['text/csv'] },
      400: PROBLEM('A query value that breaks its rule (the title names it)'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
    },
  },
  {
    method: 'get',
    path: `${CONTACT_REQUESTS}/{id}`,
    operationId: 'getContactRequest',
    summary: 'One contact request',
    description: ADMIN_ONLY,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      200: { description: 'The request', schema: contactRequestViewSchema },
      401: UNAUTHORIZED,
      404: NO_REQUEST,
    },
  },
  {
    method: 'delete',
    path: `${CONTACT_REQUESTS}/{id}`,
    operationId: 'deleteContactRequest',
    summary: 'Erases one contact request (a visitor asked for it)',
    description: ADMIN_ONLY,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      204: { description: 'Erased' },
      401: UNAUTHORIZED,
      404: NO_REQUEST,
    },
  },
];

/** The admin API's insights (routes/adminInsights.ts): listed with the admin calls. */
export const INSIGHTS_OPERATIONS: ApiOperation[] = [
  {
    method: 'get',
    path: `${SCOPE}/insights`,
    operationId: 'getInsights',
    summary: 'What visitors searched for, found nothing for and opened, over a period',
    description: `${ADMIN_ONLY} Counts of every server, as flushed to the database (at least every minute). Texts seen fewer than ${INSIGHTS_MIN_TEXT_COUNT} times in the period are only counted (totals.otherSearches); texts that looked like an email address or a phone number were never kept (totals.redactedSearches).`,
    tags: ['admin'],
    query: [
      {
        name: 'from',
        description: 'First UTC day, YYYY-MM-DD',
        schema: insightsDaySchema,
        required: true,
      },
      {
        name: 'to',
        description: `Last UTC day, YYYY-MM-DD (at most ${INSIGHTS_MAX_DAYS} days after from)`,
        schema: insightsDaySchema,
        required: true,
      },
      {
        name: 'locale',
        description:
          'Only searches answered in this locale (fr_FR or fr-FR); names in it. Every locale when absent (names in en-US).',
      },
    ],
    auth: 'bearer',
    responses: {
      200: { description: 'The insights of the period', schema: insightsSchema },
      400: PROBLEM('A day missing, not a day of the calendar, from after to, or a period too long'),
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: PROBLEM('The database does not answer'),
    },
  },
  {
    method: 'delete',
    path: `${SCOPE}/insights`,
    operationId: 'eraseInsights',
    summary: 'Erase every search and card count of the site',
    description: `${ADMIN_ONLY} Deletes the site's counts of every day from the database, and the counts this server has not flushed yet; another server's unflushed counts (at most a minute's) still come.`,
    tags: ['admin'],
    auth: 'bearer',
    responses: {
      204: { description: 'Erased' },
      401: UNAUTHORIZED,
      404: PROBLEM('No partner directory for this company and site'),
      503: PROBLEM('The database does not answer'),
    },
  },
];

/**
 * The operations `/openapi.json` lists: the admin calls only on a server that has them,
 * the insights only on one that also reads the counts.
 */
export function apiOperations(options: {
  admin: boolean;
  insights?: boolean;
  contact?: boolean;
}): ApiOperation[] {
  return [
    ...PUBLIC_OPERATIONS,
    ...COUNTING_OPERATIONS,
    ...(options.contact ? CONTACT_OPERATIONS : []),
    ...(options.admin ? ADMIN_OPERATIONS : []),
    ...(options.admin && options.insights ? INSIGHTS_OPERATIONS : []),
    ...(options.admin && options.contact ? ADMIN_CONTACT_OPERATIONS : []),
  ];
}
