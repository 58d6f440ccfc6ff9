import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { useCompression } from './http/compression';
import { checkScopeIds } from './http/checkScopeIds';
import { useFairTurns } from './http/FairTurns';
import { useDrain } from './http/drain';
import { handleError } from './http/handleError';
import type { RateLimitSettings } from './http/rateLimit';
import { genReqId } from './http/requestIds';
import {
  RequestLogLines,
  flushServerLog,
  isServerLoggerOptions,
  serverLoggerOptions,
} from './http/requestLogging';
import type { ContentSecurityPolicyDirectives } from './http/securityHeaders';
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from './http/securityHeaders';
import { sendProblem } from './http/sendProblem';
import { processMemos } from './cache/ProcessMemo';
import { AppMetrics } from './metrics/AppMetrics';
import type { MetricsSource } from './metrics/OperationalFigures';
import { partnersApi } from './partnersApi';
import type { ContactService } from './contact/ContactService';
import { admin } from './routes/admin';
import { adminConsole, defaultConsoleRoot } from './routes/admin/adminConsole';
import { adminContactRoutes } from './routes/adminContact';
import { contactRoutes } from './routes/contact';
import { health } from './routes/health';
import { logos } from './routes/logos';
import { answerCounter, countRequests, metrics } from './routes/metrics';
import { openapi } from './routes/openapi';
import { readyz } from './routes/readyz';
import type { SearchService } from './service/SearchService';
import type { SearchStats } from './stats/SearchStats';
import type { StatsStore } from './store/StatsStore';
import type { PartnerStore } from './store/PartnerStore';

export interface AppDeps {
  store: PartnerStore;
  /** The service behind `store`: serves /readyz, and the admin API when tokens are given. */
  service?: SearchService;
  /** ADMIN_TOKEN's tokens; none: the admin routes and the console do not exist (404). */
  adminTokens?: readonly string[];
  /** The built console's folder (default: packages/admin/dist), served at /admin/ with the admin API. */
  adminConsoleRoot?: string;
  /**
   * Fastify's pino logger: false (default), its options, or true: the server's own
   * (`http/requestLogging.ts`: one line per request, written asynchronously to stdout).
   */
  logger?: FastifyServerOptions['logger'];
  /** The Content-Security-Policy of every answer; a host that serves pages passes its own. */
  contentSecurityPolicy?: ContentSecurityPolicyDirectives;
  /** A per-client limit on the API's calls (RATE_LIMIT_PER_MINUTE); off by default. */
  rateLimit?: RateLimitSettings;
  /**
   * Whether the client's address comes from `X-Forwarded-For` (TRUST_PROXY): only behind a
   * proxy that sets it, or any client could pick its own address (and its own rate limit).
   */
  trustProxy?: boolean;
  /**
   * Services whose per-site and cache figures `/metrics` reads at each scrape (the store).
   * More can be added later with `app.metrics.addSource(service)`.
   */
  metricsSources?: MetricsSource[];
  /** Counts searches and cards opened in memory and flushes them (STATS=on); none: off. */
  counting?: SearchStats;
  /** Where the counts are read from for the admin API's insights (with the admin API). */
  stats?: StatsStore;
  /** Contacting partners from the page (issue 26): its routes, and its admin routes with tokens. */
  contact?: ContactService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (`GET /metrics`). */
    metrics: AppMetrics;
  }
}

/** The memos of the process (cache/ProcessMemo), shown beside the caches the services report. */
const processMemoFigures: MetricsSource = {
  figures: () => ({
    sites: [],
    caches: processMemos().map((memo) => ({
      cache: memo.name,
      entries: memo.entries(),
      maxEntries: memo.maxEntries,
      hits: memo.hits,
      misses: memo.misses,
      clears: memo.clears,
    })),
  }),
};

/**
 * Longer than any id a portal makes, shorter than the 16 KB Node allows for a whole
 * request head: an id the router cuts off is still answered 400 below, like any id no site
 * can have (http/checkScopeIds.ts).
 */
const MAX_PARAM_LENGTH = 8 * 1024;

/**
 * The API server without listening: health, readiness, logos and the partners API, with
 * error and not-found answers in the problem format and the same security headers and
 * request id on every answer. Hosts may register more routes on it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const security = securityHeaders(deps.contentSecurityPolicy ?? API_CONTENT_SECURITY_POLICY);
  const appMetrics = new AppMetrics();
  appMetrics.addSource(processMemoFigures);
  for (const source of deps.metricsSources ?? []) appMetrics.addSource(source);
  // Fastify calls the log controller when an answer ends only with a logger (routes/metrics.ts).
  const hasLogger = Boolean(deps.logger);
  const app = Fastify({
    logger: deps.logger === true ? serverLoggerOptions() : (deps.logger ?? false),
    // One line per request instead of Fastify's two (http/requestLogging.ts).
    logController: new RequestLogLines({
      serverLogger: deps.logger === true || isServerLoggerOptions(deps.logger),
      ...(hasLogger ? { onAnswered: answerCounter(appMetrics) } : {}),
    }),
    genReqId,
    trustProxy: deps.trustProxy ?? false,
    // A request that reached the server before it closed is answered, not refused with a
    // 503: the drain (http/drain.ts) already told clients to go elsewhere.
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => {
      // Fastify answers these before routing, so the hooks that set headers did not run.
      security.setHeaders(request, reply);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        // An id too long to route can name no company, site or partner (checkScopeIds).
        void sendProblem(reply, 400, 'an id in the address is longer than 8192 characters');
      } else {
        void sendProblem(reply, 400, 'the request address is malformed');
      }
    },
  });
  // First: every other hook runs in the request's turn.
  useFairTurns(app);
  security.register(app);
  checkScopeIds(app);
  // Start-up lines and Fastify's "Server listening" line are written at once, not with the
  // next 4 KB of request lines.
  app.addHook('onListen', (done) => {
    flushServerLog();
    done();
  });
  useDrain(app);
  await useCompression(app);
  app.decorate('metrics', appMetrics);
  countRequests(app, appMetrics, { inLogController: hasLogger });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      404,
      `no resource at ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
    ),
  );
  await app.register(health, { store: deps.store });
  const { service } = deps;
  await app.register(readyz, service ? { state: () => service.state() } : {});
  await app.register(metrics, { metrics: appMetrics });
  const adminTokens = deps.adminTokens ?? [];
  const hasAdmin = service !== undefined && adminTokens.length > 0;
  await app.register(openapi, {
    admin: hasAdmin,
    insights: deps.stats !== undefined,
    contact: deps.contact !== undefined,
  });
  await app.register(logos);
  await app.register(partnersApi, {
    store: deps.store,
    metrics: appMetrics,
    ...(deps.rateLimit ? { rateLimit: deps.rateLimit } : {}),
    ...(deps.counting ? { counting: deps.counting } : {}),
  });
  if (hasAdmin) {
    await app.register(admin, {
      service,
      tokens: adminTokens,
      ...(deps.stats ? { stats: deps.stats } : {}),
      ...(deps.counting ? { counting: deps.counting } : {}),
    });
    await app.register(adminConsole, { root: deps.adminConsoleRoot ?? defaultConsoleRoot() });
  }
  if (deps.contact) {
    await app.register(contactRoutes, { contact: deps.contact, store: deps.store });
    if (hasAdmin) {
      await app.register(adminContactRoutes, {
        contact: deps.contact,
        store: deps.store,
        tokens: adminTokens,
      });
    }
  }
  return app;
}
