/**
 * The demo host: one origin serving the portal page that embeds the widget, a partner
 * page to link to, the widget's built files and the reference API. It plays Liferay:
 * the page sets the XSRF-TOKEN cookie and is served with a strict Content-Security-Policy.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PartnerStore } from '@partners-network/server';
import { buildApp, createXsrfToken, readCookie } from '@partners-network/server';
import { isDemoLanguageId, renderPartnerPage, renderPortalPage } from './renderPortalPage';
import type { DemoLanguageId } from './renderPortalPage';
import { readWidgetScriptPath } from './readWidgetScriptPath';
import { registerEmbeddingRoutes } from './registerEmbeddingRoutes';

const here = dirname(fileURLToPath(import.meta.url));
const PUBLIC_DIR = resolve(here, '../public');
export const DEFAULT_WIDGET_DIST = resolve(here, '../../packages/widget/dist/bundled');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  'report-uri /csp-report',
].join('; ');

export interface DemoAppOptions {
  store: PartnerStore;
  widgetDist?: string;
  logger?: boolean;
  companyId?: string;
  scopeGroupId?: string;
}

export interface DemoApp {
  app: FastifyInstance;
  /** CSP violation reports the browser sent, for the browser tests to assert none. */
  cspReports: unknown[];
}

function pageLanguage(request: FastifyRequest): DemoLanguageId {
  const query: unknown = request.query;
  if (typeof query === 'object' && query !== null && 'languageId' in query) {
    const value = query.languageId;
    if (isDemoLanguageId(value)) return value;
  }
  return 'en_US';
}

/** Keeps the visitor's token across pages, as a portal session would; a new visitor gets one. */
function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (readCookie(request.headers.cookie, 'XSRF-TOKEN')) return;
  const { cookieHeader } = createXsrfToken();
  reply.header('Set-Cookie', cookieHeader);
}

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function createDemoApp(options: DemoAppOptions): Promise<DemoApp> {
  const widgetDist = options.widgetDist ?? DEFAULT_WIDGET_DIST;
  const companyId = options.companyId ?? '20097';
  const scopeGroupId = options.scopeGroupId ?? '20121';
  const app = await buildApp({ store: options.store, logger: options.logger ?? false });
  const cspReports: unknown[] = [];

  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: '/demo/', decorateReply: false });
  if (existsSync(widgetDist)) {
    await app.register(fastifyStatic, {
      root: widgetDist,
      prefix: '/widget/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  app.get('/', async (request, reply) => {
    const widgetScript = readWidgetScriptPath(widgetDist);
    if (!widgetScript) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The widget is not built yet: run `npm run build` (npm start does it for you).');
    }
    ensureXsrfCookie(request, reply);
    return sendPage(
      reply,
      renderPortalPage({
        languageId: pageLanguage(request),
        widgetScript,
        companyId,
        scopeGroupId,
        title: 'Partners',
        body: '',
      }),
    );
  });

  registerEmbeddingRoutes(app, {
    widgetDist,
    companyId,
    scopeGroupId,
    sendPage(request, reply, html) {
      ensureXsrfCookie(request, reply);
      return sendPage(reply, html);
    },
  });

  app.get<{ Params: { slug: string } }>('/partners/:slug', async (request, reply) => {
    ensureXsrfCookie(request, reply);
    const queryStart = request.url.indexOf('?');
    return sendPage(
      reply,
      renderPartnerPage({
        languageId: pageLanguage(request),
        companyId,
        scopeGroupId,
        slug: request.params.slug,
        query: queryStart >= 0 ? request.url.slice(queryStart) : '',
      }),
    );
  });

  // Browsers send CSP reports as application/csp-report; keep them for the tests.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, String(body));
      }
    },
  );
  app.post('/csp-report', async (request, reply) => {
    cspReports.push(request.body);
    request.log.warn({ report: request.body }, 'Content-Security-Policy violation');
    return reply.code(204).send();
  });

  return { app, cspReports };
}
