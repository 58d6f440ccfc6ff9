import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import type { ContactSettings, DirectoryData, StatsSettings } from '@partners-network/server';
import {
  ContactService,
  DEFAULT_STATS_FLUSH_MS,
  SearchStats,
  openContactOutbox,
  openSqliteStats,
  openSqliteStore,
  readContactSettings,
  seedIfEmpty,
  warmUpServer,
} from '@partners-network/server';
import type { DemoAppOptions } from './createDemoApp';
import { DEMO_PRIVACY_PATH, createDemoApp } from './createDemoApp';

export interface StartDemoOptions {
  port: number;
  host: string;
  databasePath: string;
  widgetDist?: string;
  logger?: boolean;
  operation?: DemoAppOptions['operation'];
  /** ADMIN_TOKEN's tokens: the admin API and the operator's console at /admin/. */
  adminTokens?: readonly string[];
  /** Imported after the seed (upserts by slug): extra partners for tests, e.g. hostile texts. */
  importDirectory?: DirectoryData;
  /** STATS and STATS_FLUSH_MS: counting searches and cards opened (default: on, every minute). */
  stats?: StatsSettings;
  /**
   * The contact feature's settings (issue 26); default: the environment's, with the demo's
   * own privacy notice (`/privacy`) when CONTACT_PRIVACY_URL is not set.
   */
  contact?: Partial<ContactSettings>;
  /** More routes on the same origin, added before it listens (the bench's floor page). */
  addRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export interface RunningDemo {
  url: string;
  /** The Fastify app: its logger and shutdown state (for the drain on SIGTERM). */
  app: FastifyInstance;
  cspReports: unknown[];
  /** The search counts (flush() adds them to the database now); undefined with STATS=off. */
  counting: SearchStats | undefined;
  close(): Promise<void>;
}

/** Opens (and on first start seeds) the database, then serves the demo page and the API. */
export async function startDemoServer(options: StartDemoOptions): Promise<RunningDemo> {
  mkdirSync(dirname(options.databasePath), { recursive: true });
  const store = await openSqliteStore({ path: options.databasePath });
  // Filter labels in all 13 of Liferay's default languages: the language switch offers them all.
  await seedIfEmpty(store, { allLanguages: true });
  if (options.importDirectory) await store.importDirectory(options.importDirectory);
  // Search index built before the first visitor, not on their first search. The gazetteer
  // (about 60 MB, 0.7 s to read) is read on the first city typed or imported: the API server
  // reads it before it listens, the demo stays under 300 MB while nobody searches by place.
  await store.warm();
  const fromEnvironment = readContactSettings(process.env);
  const contact = new ContactService({
    outbox: await openContactOutbox({ databasePath: options.databasePath }),
    settings: {
      ...fromEnvironment,
      privacyNoticeUrl: fromEnvironment.privacyNoticeUrl ?? DEMO_PRIVACY_PATH,
      ...options.contact,
    },
    partners: store,
  });
  const stats = openSqliteStats({ path: options.databasePath });
  const { enabled, flushMs } = options.stats ?? { enabled: true, flushMs: DEFAULT_STATS_FLUSH_MS };
  const counting = enabled ? new SearchStats(stats, { flushMs }) : undefined;
  const { app, cspReports } = await createDemoApp({
    store,
    service: store,
    adminTokens: options.adminTokens ?? [],
    contact,
    stats,
    ...(counting ? { counting } : {}),
    metricsSource: store,
    logger: options.logger ?? false,
    ...(options.operation ? { operation: options.operation } : {}),
    ...(options.widgetDist ? { widgetDist: options.widgetDist } : {}),
  });
  counting?.onFlushFailed((error, waiting) =>
    app.log.warn({ err: error, waiting }, 'search counts not flushed; kept for the next flush'),
  );
  counting?.start();
  await options.addRoutes?.(app);
  // As the API server does: a directory of 2,000 partners or more answers its own searches
  // over loopback first (compiled, then forgotten); the seeded 260 skip it.
  await warmUpServer(app, store);
  await app.listen({ port: options.port, host: options.host });
  contact.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    app,
    cspReports,
    counting,
    async close() {
      await app.close();
      await counting?.close();
      await stats.close();
      await contact.close();
      await store.close();
    },
  };
}
