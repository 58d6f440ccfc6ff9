import type { Partner } from '@partners-network/contract';
import { buildPartnerHref } from './locationParams';
import { sanitizeUrl } from './sanitizeUrl';
import { ELLIPSIS, truncateSummary } from './truncateSummary';
import type { PartnerCard, Range } from './types';

/**
 * A partner as a card shows it. Texts stay plain text (React escapes them); unsafe
 * URLs become null and the card shows without link or picture. `position` is the
 * partner's place in the whole result list: unique, and stable when more are appended.
 * `formatKm` writes the distance of a search near a point ("12 km" of "12 km · Lyon").
 */
export function toPartnerCard(
  partner: Partner,
  position: number,
  extraParams: readonly [string, string][],
  base?: string,
  answerId?: string,
  formatKm?: (km: number) => string,
): PartnerCard {
  const near = partner.distance;
  const href = sanitizeUrl(partner.url, base);
  const summary = truncateSummary(partner.summary);
  const marks = partner.highlights;
  return {
    key: String(position),
    title: partner.title,
    summary,
    imageUrl: sanitizeUrl(partner.image.url, base),
    href: href === null ? null : buildPartnerHref(href, extraParams),
    categories: partner.categories.map((category) => category.name),
    contact: partner.contact?.slug ?? null,
    distance: near && formatKm && `${formatKm(near.km)} · ${near.city}`,
    marks: {
      title: vetRanges(marks?.title, partner.title.length),
      // Marks of the cut-off part of the summary go; the ellipsis is never marked.
      summary: vetRanges(
        marks?.summary,
        summary === partner.summary ? summary.length : summary.length - ELLIPSIS.length,
      ),
    },
    answerId,
  };
}

/**
 * The ranges of a text of `length` UTF-16 units that can be marked: cut to the text,
 * ordered, without overlaps, none empty. The answer is parsed but its offsets are not
 * trusted to fit the text.
 */
export function vetRanges(ranges: readonly (readonly number[])[] = [], length: number): Range[] {
  const vetted: Range[] = [];
  let free = 0;
  for (const [start = 0, end = 0] of [...ranges].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))) {
    const stop = Math.min(end, length);
    if (start < free || start >= stop) continue;
    vetted.push([start, stop]);
    free = stop;
  }
  return vetted;
}
