/**
 * The partner form's model, apart from React: a draft made from the partner as the server
 * answered it, the row it becomes, and that row checked with the contract's
 * `partnerRowSchema`, the schema the server checks the same row with, so the form shows the
 * server's own messages before anything is sent.
 *
 * The row starts from the partner as loaded: fields this form does not edit (added to the
 * import format later, before the form learns them) go back to the server unchanged, instead
 * of being erased by a save.
 */
import type { PartnerAnswer } from '@partners-network/contract';
import { DEFAULT_LOCALE, contactChannelSchema, partnerRowSchema } from '@partners-network/contract';

/** One location as typed: every field a text (coordinates empty: the city's). */
export interface LocationDraft {
  city: string;
  /** ISO 3166-1 alpha-2 (FR). */
  country: string;
  latitude: string;
  longitude: string;
  label: string;
}

export type ContactKind = 'none' | 'emails' | 'webhook';

export interface PartnerDraft {
  /** The partner as loaded (empty for a new one): what the row starts from. */
  base: Readonly<Record<string, unknown>>;
  slug: string;
  /** Texts per locale; an empty text is left out of the row. */
  title: Readonly<Record<string, string>>;
  summary: Readonly<Record<string, string>>;
  url: string;
  /** Empty: the server's generated logo. */
  imageUrl: string;
  /** As typed; empty: kept (or last, for a new partner). */
  position: string;
  globalFilters: readonly string[];
  filterItemIds: readonly number[];
  locations: readonly LocationDraft[];
  /** Where contact requests go: nowhere (no Contact action), emails, or a webhook. */
  contactKind: ContactKind;
  /** Addresses separated by commas or spaces. */
  contactEmails: string;
  contactWebhook: string;
}

/** The fields the form shows errors beside; any other field's error goes to the summary. */
export const DRAFT_FIELDS = [
  'slug',
  'title',
  'summary',
  'url',
  'imageUrl',
  'position',
  'globalFilters',
  'filterItemIds',
  'locations',
  'contact',
] as const;

export type DraftField = (typeof DRAFT_FIELDS)[number];

export interface DraftProblem {
  /** The row's field it is about ('' for the row as a whole). */
  field: string;
  message: string;
}

export function draftOf(partner?: PartnerAnswer): PartnerDraft {
  if (!partner) {
    return {
      base: {},
      slug: '',
      title: {},
      summary: {},
      url: '',
      imageUrl: '',
      position: '',
      globalFilters: [],
      filterItemIds: [],
      locations: [],
      contactKind: 'none',
      contactEmails: '',
      contactWebhook: '',
    };
  }
  const contact = contactChannelSchema.safeParse(partner.contact);
  return {
    base: partner,
    slug: partner.slug,
    title: partner.title,
    summary: partner.summary,
    url: partner.url,
    imageUrl: partner.imageUrl,
    position: String(partner.position),
    globalFilters: partner.globalFilters,
    filterItemIds: partner.filterItemIds,
    locations: locationDraftsOf(partner.locations),
    contactKind: !contact.success ? 'none' : contact.data.webhook ? 'webhook' : 'emails',
    contactEmails: contact.success ? (contact.data.emails ?? []).join(', ') : '',
    contactWebhook: contact.success ? (contact.data.webhook ?? '') : '',
  };
}

const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The locations of a partner as the server answered them, as typed fields. */
function locationDraftsOf(locations: unknown): LocationDraft[] {
  if (!Array.isArray(locations)) return [];
  return locations.map((location: unknown) => {
    const fields: Record<string, unknown> =
      typeof location === 'object' && location !== null ? { ...location } : {};
    return {
      city: textOf(fields.city),
      country: textOf(fields.country),
      latitude: textOf(fields.latitude),
      longitude: textOf(fields.longitude),
      label: textOf(fields.label),
    };
  });
}

export const EMPTY_LOCATION: LocationDraft = {
  city: '',
  country: '',
  latitude: '',
  longitude: '',
  label: '',
};

function withoutEmpty(texts: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
}

/** A number when the field holds one; otherwise what was typed, for the schema to refuse. */
function positionOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A number when the field holds one; empty: left out; otherwise as typed, to be refused. */
function coordinateOf(text: string): number | string | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

function locationRowOf(location: LocationDraft): Record<string, unknown> {
  const latitude = coordinateOf(location.latitude);
  const longitude = coordinateOf(location.longitude);
  return {
    city: location.city.trim(),
    country: location.country.trim().toUpperCase(),
    ...(latitude === undefined ? {} : { latitude }),
    ...(longitude === undefined ? {} : { longitude }),
    ...(location.label.trim() === '' ? {} : { label: location.label.trim() }),
  };
}

function contactOf(draft: PartnerDraft): Record<string, unknown> | undefined {
  if (draft.contactKind === 'webhook') return { webhook: draft.contactWebhook.trim() };
  if (draft.contactKind === 'none') return undefined;
  return { emails: draft.contactEmails.split(/[\s,;]+/).filter((email) => email !== '') };
}

/** The row the draft sends: the loaded partner with the form's fields laid over it. */
export function rowOf(draft: PartnerDraft): Record<string, unknown> {
  const { position: _kept, imageUrl: _logo, contact: _channel, ...base } = draft.base;
  const position = positionOf(draft.position);
  const contact = contactOf(draft);
  const locations =
    draft.locations.length > 0 || 'locations' in base
      ? { locations: draft.locations.map(locationRowOf) }
      : {};
  return {
    ...base,
    slug: draft.slug.trim(),
    title: withoutEmpty(draft.title),
    summary: withoutEmpty(draft.summary),
    url: draft.url.trim(),
    ...(draft.imageUrl.trim() === '' ? {} : { imageUrl: draft.imageUrl.trim() }),
    ...(position === undefined ? {} : { position }),
    globalFilters: [...draft.globalFilters],
    filterItemIds: [...draft.filterItemIds],
    ...locations,
    ...(contact === undefined ? {} : { contact }),
  };
}

/** The field a problem is about: the row's field, or a location's or the channel's part. */
function problemField(path: readonly PropertyKey[]): string {
  const [field, index, part] = path;
  if (field === 'locations' && typeof index === 'number') {
    return `locations.${index}.${typeof part === 'string' ? part : ''}`;
  }
  if (field === 'contact' && (index === 'emails' || index === 'webhook')) {
    return `contact.${index}`;
  }
  return String(field ?? '');
}

export type DraftCheck =
  | { ok: true; slug: string; row: Record<string, unknown> }
  | { ok: false; problems: DraftProblem[] };

/** The draft's row checked by the contract's schema: the row to send, or every problem. */
export function checkDraft(draft: PartnerDraft): DraftCheck {
  const row = rowOf(draft);
  const parsed = partnerRowSchema.safeParse(row);
  if (parsed.success) return { ok: true, slug: parsed.data.slug, row };
  const problems: DraftProblem[] = [];
  for (const issue of parsed.error.issues) {
    const field = problemField(issue.path);
    // One message per field: the first is what to fix first.
    if (!problems.some((problem) => problem.field === field)) {
      problems.push({ field, message: issue.message });
    }
  }
  return { ok: false, problems };
}

/** The partner's name to show: its en-US title, else its slug. */
export function titleOf(texts: Readonly<Record<string, string>>, slug: string): string {
  return texts[DEFAULT_LOCALE]?.trim() || slug;
}
