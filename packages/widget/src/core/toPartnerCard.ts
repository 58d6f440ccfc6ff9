import type { Partner } from '@partners-network/contract';
import { buildPartnerHref } from './locationParams';
import { sanitizeUrl } from './sanitizeUrl';
import { truncateSummary } from './truncateSummary';
import type { PartnerCard } from './types';

/**
 * A partner as a card shows it. Texts stay plain text (React escapes them); unsafe
 * URLs become null and the card shows without link or picture. `position` is the
 * partner's place in the whole result list: unique, and stable when more are appended.
 */
export function toPartnerCard(
  partner: Partner,
  position: number,
  extraParams: readonly [string, string][],
  base?: string,
): PartnerCard {
  const href = sanitizeUrl(partner.url, base);
  return {
    key: String(position),
    title: partner.title,
    summary: truncateSummary(partner.summary),
    imageUrl: sanitizeUrl(partner.image.url, base),
    href: href === null ? null : buildPartnerHref(href, extraParams),
    categories: partner.categories.map((category) => category.name),
  };
}
