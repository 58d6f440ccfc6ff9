/**
 * One partner as the admin API and the import format write it (a row of a JSON or CSV
 * import file, the body of PUT …/partners/{slug}), and the field rules it is made of.
 * The server validates with these schemas (routes, import, directory data); the operator's
 * console validates its form with the same ones, so both show the same messages. Full zod
 * (transforms, refinements): the widget never imports this file.
 */
import * as z from 'zod';
import { CONTACT_EMAIL_MAX_LENGTH } from './contactLimits';
import { EMAIL_PATTERN } from './contactSchemas';

export const DEFAULT_LOCALE = 'en-US';

/**
 * Text without the NUL character: PostgreSQL cannot store it (in text or jsonb), so
 * every database refuses it the same way, with a clear message, before writing.
 */
export const storableText = (max: number) =>
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
  .record(localeSchema, storableText(2000))
  .refine((texts) => (texts[DEFAULT_LOCALE] ?? '').trim() !== '', {
    message: `an ${DEFAULT_LOCALE} text is required`,
  });

/** Optional texts per locale (no en-US needed), e.g. summaries. */
export const optionalLocalizedTextSchema = z.record(localeSchema, storableText(5000));

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

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lowercase letters, digits and single hyphens')
  .max(120);

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

/**
 * A text as a string (en-US) or per locale. When neither fits, the message is the one of the
 * form that was sent (a string that is empty, texts without en-US), not zod's "Invalid input".
 */
function stringOrTexts<S extends z.ZodType, R extends z.ZodType>(
  field: string,
  fromString: S,
  perLocale: R,
) {
  return z.union([fromString, perLocale], {
    error: (issue) => {
      const branches = issue.code === 'invalid_union' ? issue.errors : [];
      const chosen = typeof issue.input === 'string' ? branches[0] : branches[1];
      if (issue.input === undefined) return `${field} is required`;
      return typeof issue.input === 'string' || (typeof issue.input === 'object' && issue.input)
        ? (chosen?.[0]?.message ?? `${field} is not valid`)
        : `${field} must be a text or texts per locale`;
    },
  });
}

/** "Acme" means {"en-US": "Acme"}; an object gives texts per locale. */
const rowTextsSchema = stringOrTexts(
  'title',
  z
    .string()
    .trim()
    .min(1, 'title is required')
    .transform((text) => ({ [DEFAULT_LOCALE]: text })),
  localizedTextSchema,
);

const rowOptionalTextsSchema = stringOrTexts(
  'summary',
  z
    .string()
    .transform((text): Record<string, string> => (text === '' ? {} : { [DEFAULT_LOCALE]: text })),
  optionalLocalizedTextSchema,
);

/** Region codes Intl knows that are groupings, not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'ZZ']);
const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });

/** An ISO 3166-1 alpha-2 country code, in capitals: FR, DE, US. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;
}

/** Most locations a partner has (offices, branches). */
export const MAX_LOCATIONS = 10;

/**
 * Where a partner is: a city and its country, its coordinates, and a label of its own
 * ("Head office"). Without coordinates the import takes the city's from the gazetteer
 * (geo/), and refuses a city it does not know.
 */
export const locationDataSchema = z
  .object({
    city: z
      .string({ error: 'city is required' })
      .max(200, 'city is longer than 200 characters')
      .refine((value) => !value.includes('\u0000'), {
        message: 'city must not contain NUL (\\u0000)',
      })
      .trim()
      .min(1, 'city is required'),
    country: z.string({ error: 'country is required' }).refine(isCountryCode, {
      message: 'country must be an ISO 3166-1 alpha-2 code in capitals, such as FR',
    }),
    latitude: z
      .number({ error: 'latitude must be a number' })
      .min(-90, 'latitude must be between -90 and 90')
      .max(90, 'latitude must be between -90 and 90')
      .optional(),
    longitude: z
      .number({ error: 'longitude must be a number' })
      .min(-180, 'longitude must be between -180 and 180')
      .max(180, 'longitude must be between -180 and 180')
      .optional(),
    label: storableText(200).trim().min(1, 'label must not be empty').optional(),
  })
  .refine((location) => (location.latitude === undefined) === (location.longitude === undefined), {
    message: "latitude and longitude go together: give both, or neither to take the city's",
    path: ['latitude'],
  });

export const locationsDataSchema = z
  .array(locationDataSchema, {
    error: 'locations must be a list of locations (in CSV, a JSON array)',
  })
  .max(MAX_LOCATIONS, `a partner has at most ${MAX_LOCATIONS} locations`);

/** One partner row of an import file, or the body of PUT …/partners/{slug}. */
export const partnerRowSchema = z.object({
  companyId: z.string().trim().min(1).max(64).optional(),
  scopeGroupId: z.string().trim().min(1).max(64).optional(),
  slug: slugSchema,
  title: rowTextsSchema,
  summary: rowOptionalTextsSchema.default({}),
  url: safeUrlSchema,
  /** Defaults to the generated logo of the slug. */
  imageUrl: safeUrlSchema.optional(),
  position: z
    .number('position must be a whole number')
    .int('position must be a whole number')
    .min(0, 'position must be 0 or more')
    .max(1_000_000_000, 'position must be at most 1000000000')
    .optional(),
  globalFilters: z.array(z.string().trim().min(1)).min(1, 'at least one global filter is needed'),
  filterItemIds: z.array(z.number().int().positive()).default([]),
  /**
   * Zero to ten; coordinates left out are taken from the gazetteer. CSV: columns city,
   * country, latitude, longitude (and label) for the first, a JSON array in `locations`
   * for more.
   */
  locations: locationsDataSchema.default([]),
  /** `{"emails": [...]}` or `{"webhook": "https://..."}`; CSV: contactEmails, contactWebhook. */
  contact: contactChannelSchema.optional(),
});

export type PartnerRow = z.infer<typeof partnerRowSchema>;
/** What a client may send: texts as a string or per locale, defaults left out. */
export type LocationData = z.infer<typeof locationDataSchema>;
export type PartnerRowInput = z.input<typeof partnerRowSchema>;
