/**
 * The operator's console (packages/admin) at /admin/: its page and its hashed files, on a
 * server with ADMIN_TOKEN only (registered beside the admin API, outside its bearer check:
 * the page itself holds nothing, the token is pasted into it and every call it makes sends
 * it). The page has its own Content-Security-Policy, stricter than any host's: scripts,
 * styles and calls from this origin only, no inline script or style, no frames, no forms
 * posted anywhere.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ADMIN_CONSOLE_PATH } from '@partners-network/contract';

export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where `npm run build` writes the console: packages/admin/dist. */
export function defaultConsoleRoot(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@partners-network/admin/package.json')), 'dist');
}

export async function adminConsole(app: FastifyInstance, options: { root: string }) {
  const { root } = options;
  app.get(ADMIN_CONSOLE_PATH.slice(0, -1), (_request, reply) =>
    reply.redirect(ADMIN_CONSOLE_PATH, 301),
  );
  app.get(ADMIN_CONSOLE_PATH, async (_request, reply) => {
    const page = join(root, 'index.html');
    if (!existsSync(page)) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply
      .header('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(await readFile(page, 'utf8'));
  });
  // Hashed names: a new build is a new name, so a browser may keep each file a year.
  if (!existsSync(join(root, 'assets'))) return;
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: `${ADMIN_CONSOLE_PATH}assets/`,
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.setHeader('Vary', 'Accept-Encoding'),
  });
}
