import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/sendProblem';
import { LOGOS_PATH, renderLogo } from '../logos/renderLogo';

const FILE_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

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
