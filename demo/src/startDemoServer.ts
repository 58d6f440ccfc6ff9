import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import type { ContactSettings, DirectoryData } from '@partners-network/server';
import {
  ContactService,
  openContactOutbox,
  openSqliteStore,
  readContactSettings,
  gazetteer,
  seedIfEmpty,
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
  close(): Promise<void>;
}

/** Opens (and on first start seeds) the database, then serves the demo page and the API. */
export async function startDemoServer(options: StartDemoOptions): Promise<RunningDemo> {
  mkdirSync(dirname(options.databasePath), { recursive: true });
  const store = await openSqliteStore({ path: options.databasePath });
  // Filter labels in all 13 of Liferay's default languages: the language switch offers them all.
  await seedIfEmpty(store, { allLanguages: true });
  if (options.importDirectory) await store.importDirectory(options.importDirectory);
  // Search index built and the gazetteer read before the first visitor, not on their first
  // search or the first city they type.
  await store.warm();
  gazetteer();
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
  const { app, cspReports } = await createDemoApp({
    store,
    service: store,
    adminTokens: options.adminTokens ?? [],
    contact,
    metricsSource: store,
    logger: options.logger ?? false,
    ...(options.operation ? { operation: options.operation } : {}),
    ...(options.widgetDist ? { widgetDist: options.widgetDist } : {}),
  });
  await options.addRoutes?.(app);
  await app.listen({ port: options.port, host: options.host });
  contact.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    app,
    cspReports,
    async close() {
      await app.close();
      await contact.close();
      await store.close();
    },
  };
}
