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
import { DEFAULT_LOCALE, partnerRowSchema } from '@partners-network/contract';

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
    };
  }
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
  };
}

function withoutEmpty(texts: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
}

/** A number when the field holds one; otherwise what was typed, for the schema to refuse. */
function positionOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The row the draft sends: the loaded partner with the form's fields laid over it. */
export function rowOf(draft: PartnerDraft): Record<string, unknown> {
  const { position: _kept, imageUrl: _logo, ...base } = draft.base;
  const position = positionOf(draft.position);
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
  };
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
    const field = String(issue.path[0] ?? '');
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
