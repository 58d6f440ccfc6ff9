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
import type {
  MetricsSource,
  OperationSettings,
  PartnerStore,
  SearchService,
  ContactService,
  SearchStats,
  StatsStore,
} from '@partners-network/server';
import { XSRF_COOKIE_NAME, readCookie } from '@partners-network/contract';
import {
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  buildApp,
  createXsrfToken,
} from '@partners-network/server';
import {
  PORTAL_CSS_HASH,
  isDemoLanguageId,
  renderPartnerPage,
  renderPrivacyPage,
  renderPortalPage,
} from './renderPortalPage';
import type { DemoLanguageId } from './renderPortalPage';
import { readWidgetScriptPath } from './readWidgetScriptPath';
import { registerEmbeddingRoutes } from './registerEmbeddingRoutes';

const here = dirname(fileURLToPath(import.meta.url));
const PUBLIC_DIR = resolve(here, '../public');
export const DEFAULT_WIDGET_DIST = resolve(here, '../../packages/widget/dist/bundled');

/**
 * The demo origin's Content-Security-Policy, on every answer (pages, API, assets): the
 * server's security headers set it, here only its directives are chosen.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // The portal's stylesheet is inlined in each page (renderPortalPage.ts): allowed by its hash.
  'style-src': ["'self'", PORTAL_CSS_HASH],
  'img-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'report-uri': ['/csp-report'],
};

/** The same policy as one header value, for tests that serve a page of their own. */
export const CONTENT_SECURITY_POLICY = Object.entries(CONTENT_SECURITY_POLICY_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');

/** The demo operator's privacy notice, which the contact form links to. */
export const DEMO_PRIVACY_PATH = '/privacy';

export interface DemoAppOptions {
  store: PartnerStore;
  /** The service behind `store`: the admin API and the console need it, with `adminTokens`. */
  service?: SearchService;
  /** ADMIN_TOKEN's tokens: the admin API and the operator's console at /admin/; none: 404. */
  adminTokens?: readonly string[];
  /** Counts searches and cards opened (STATS); none: nothing is counted. */
  counting?: SearchStats;
  /** The search counts the admin API's insights read. */
  stats?: StatsStore;
  /** Contacting partners from the page (issue 26). */
  contact?: ContactService;
  /** Rate limit and proxy trust, as `npm start` reads them from the environment. */
  operation?: Pick<OperationSettings, 'rateLimit' | 'trustProxy'>;
  /** Whose figures `/metrics` shows (the SQLite store). */
  metricsSource?: MetricsSource;
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
  if (readCookie(request.headers.cookie ?? '', XSRF_COOKIE_NAME)) return;
  const { cookieHeader } = createXsrfToken();
  reply.header('Set-Cookie', cookieHeader);
}

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export async function createDemoApp(options: DemoAppOptions): Promise<DemoApp> {
  const widgetDist = options.widgetDist ?? DEFAULT_WIDGET_DIST;
  const companyId = options.companyId ?? SEED_COMPANY_ID;
  const scopeGroupId = options.scopeGroupId ?? SEED_SCOPE_GROUP_ID;
  const app = await buildApp({
    store: options.store,
    ...(options.service ? { service: options.service } : {}),
    adminTokens: options.adminTokens ?? [],
    logger: options.logger ?? false,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY_DIRECTIVES,
    ...options.operation,
    metricsSources: [
      ...(options.metricsSource ? [options.metricsSource] : []),
      ...(options.counting ? [options.counting] : []),
    ],
    ...(options.counting ? { counting: options.counting } : {}),
    ...(options.stats ? { stats: options.stats } : {}),
    ...(options.contact ? { contact: options.contact } : {}),
  });
  const cspReports: unknown[] = [];

  // Both folders hold brotli and gzip copies `npm run build` wrote (preCompressed: sent by
  // Accept-Encoding); a file without them is compressed on the fly by the app. The static
  // plugin does not say that the answer depends on Accept-Encoding: caches must know.
  const varyOnEncoding = (res: { setHeader(name: string, value: string): unknown }) => {
    res.setHeader('Vary', 'Accept-Encoding');
  };
  await app.register(fastifyStatic, {
    root: PUBLIC_DIR,
    prefix: '/demo/',
    decorateReply: false,
    preCompressed: true,
    setHeaders: varyOnEncoding,
  });
  if (existsSync(widgetDist)) {
    // Hashed file names: a new build is a new name, so a browser may keep each one a year.
    await app.register(fastifyStatic, {
      root: widgetDist,
      prefix: '/widget/',
      decorateReply: false,
      preCompressed: true,
      setHeaders: varyOnEncoding,
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

  app.get(DEMO_PRIVACY_PATH, async (request, reply) => {
    ensureXsrfCookie(request, reply);
    return sendPage(
      reply,
      renderPrivacyPage({
        languageId: pageLanguage(request),
        companyId,
        scopeGroupId,
        retentionDays: options.contact?.settings.retentionDays ?? 90,
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
