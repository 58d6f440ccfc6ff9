/**
 * An answer's id: what the page sends back in its beacon when a visitor opens a card.
 * It describes the answer itself (its locale, counted text, global filter, items, the
 * page's offset and the page's partner ids) in a compact self-describing encoding,
 * version-prefixed base64url JSON, so any server behind a load balancer counts the click
 * without having made the answer, and nothing is kept per answer. It is made with the
 * answer and cached with it: every visitor asking the same page gets the same id, so it
 * never tells one visitor from another.
 *
 * It is not signed: a forged id can only add a count, as a forged search can. So
 * decoding trusts nothing: the shape and bounds are checked, the text must be a text
 * this server would count (normalized, and redacted again if it looks like a contact).
 */
import * as z from 'zod';
import { searchTerms } from '../search/searchTerms';
import { looksLikePhoneNumber } from './countedSearch';

/** What an answer's id says. */
export interface AnswerPage {
  locale: string;
  /** The counted text; null when it was redacted. */
  text: string | null;
  globalFilter: string;
  /** Sorted. */
  itemIds: readonly number[];
  /** The page's first position, from 0. */
  offset: number;
  /** The partners of the page, in order (0 for one the server could not name). */
  partnerIds: readonly number[];
}

const VERSION = '1.';
/** A page of 100 partners with long ids, a long filter name and 500 items fit. */
export const ANSWER_ID_MAX_LENGTH = 8192;

const pageSchema = z.tuple([
  z.string().regex(/^[A-Za-z0-9-]{1,35}$/),
  z.string().max(200).nullable(),
  z.string().max(200),
  z.array(z.number().int().safe()).max(500),
  z.number().int().min(0).max(1_000_000),
  z.array(z.number().int().min(0).safe()).max(100),
]);

export function encodeAnswerId(page: AnswerPage): string {
  const fields: z.input<typeof pageSchema> = [
    page.locale,
    page.text,
    page.globalFilter,
    [...page.itemIds],
    page.offset,
    [...page.partnerIds],
  ];
  return VERSION + Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The page an id describes; undefined when it is not one this server could have made. */
export function decodeAnswerId(id: string): AnswerPage | undefined {
  if (id.length > ANSWER_ID_MAX_LENGTH || !id.startsWith(VERSION)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(id.slice(VERSION.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = pageSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const [locale, text, globalFilter, itemIds, offset, partnerIds] = parsed.data;
  if (text !== null && searchTerms(text).join(' ') !== text) return undefined;
  return {
    locale,
    text: text !== null && looksLikePhoneNumber(text) ? null : text,
    globalFilter,
    itemIds: [...itemIds].sort((a, b) => a - b),
    offset,
    partnerIds,
  };
}

/** The partner at `position` (from 1, in the whole list) when it is on the page. */
export function partnerAt(page: AnswerPage, position: number): number | undefined {
  return page.partnerIds[position - 1 - page.offset];
}
