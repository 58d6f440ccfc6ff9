import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/sendProblem';

export const LOGOS_PATH = '/partner-assets/logos';

/** The address of a partner's generated logo (the route below serves it). */
export function logoUrl(slug: string): string {
  return `${LOGOS_PATH}/${slug}.svg`;
}

const FILE_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
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

/** GET /partner-assets/logos/:slug.svg: generated locally, no outside address involved. */
export async function logos(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>(`${LOGOS_PATH}/:file`, async (request, reply) => {
    const slug = FILE_PATTERN.exec(request.params.file)?.[1];
    if (!slug || slug.length > 120) return sendProblem(reply, 404, 'no such logo');
    const svg = renderLogo(slug);
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', etag)
      // Stricter than a host page's policy: an SVG opened on its own may load nothing.
      // nosniff and the other security headers come from the app (http/securityHeaders.ts).
      .header('Content-Security-Policy', "default-src 'none'");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
