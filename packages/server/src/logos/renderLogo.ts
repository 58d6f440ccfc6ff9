/** The demo's partner logos: drawn from a slug, so seeds and imports need no image files. */
import { createHash } from 'node:crypto';

export const LOGOS_PATH = '/partner-assets/logos';

/** The address of a partner's generated logo (the route below serves it). */
export function logoUrl(slug: string): string {
  return `${LOGOS_PATH}/${slug}.svg`;
}

/** Legal forms say nothing about a partner: initials skip them. */
const LEGAL_FORMS = new Set(['gmbh', 'sa', 'sarl', 'ag', 'ltd', 'inc', 'sas', 'ltda', 'oy', 'bv']);

function initialsOf(slug: string): string {
  const words = slug.split('-').filter((word) => !LEGAL_FORMS.has(word) && !/^\d+$/.test(word));
  const letters = (words.length > 0 ? words : slug.split('-')).slice(0, 2).map((word) => word[0]);
  return letters.join('').toUpperCase();
}

/** A deterministic logo: the partner's initials on a colour derived from its slug. */
export function renderLogo(slug: string): string {
  const digest = createHash('sha256').update(slug).digest();
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360;
  const initials = initialsOf(slug);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${initials}">` +
    `<rect width="160" height="160" rx="24" fill="hsl(${hue} 55% 38%)"/>` +
    `<text x="80" y="80" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif" font-size="64" font-weight="600">${initials}</text>` +
    `</svg>`
  );
}
