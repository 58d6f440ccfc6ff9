/**
 * Runs the reference API: PORT (8080), HOST (localhost), DATABASE_URL (postgres://…,
 * else SQLite), DATABASE_PATH (./data/partners.db), SEED_PARTNER_COUNT (260),
 * ADMIN_TOKEN (comma-separated; none: no admin API). Seeds an empty database once;
 * later starts reuse it. Follows commits of other servers. Operation settings
 * (readOperationSettings.ts): SHUTDOWN_DRAIN_MS (5000), RATE_LIMIT_PER_MINUTE (0: off),
 * TRUST_PROXY (false), STATS (on), STATS_FLUSH_MS (60000). Contact settings
 * (readContactSettings.ts): SMTP_URL, CONTACT_FROM, CONTACT_WEBHOOK_SECRET,
 * CONTACT_PRIVACY_URL, CONTACT_RETENTION_DAYS (90), CONTACT_LIMIT_PER_HOUR (5),
 * CONTACT_WAIT_SECONDS (3), CONTACT_RETRY_SECONDS (30), CONTACT_MAX_ATTEMPTS (12). On
 * SIGTERM or SIGINT `/readyz` answers 503 at once, answers go on for the drain period with
 * `Connection: close`, then it stops accepting, lets in-flight requests finish, flushes the
 * search counts, closes the store and exits 0.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { gazetteer } from './geo/loadGazetteer';
import { ContactService } from './contact/ContactService';
import { readContactSettings } from './readContactSettings';
import { onShutdownSignals } from './http/drain';
import { readInteger, readOperationSettings } from './readOperationSettings';
import { DEFAULT_PARTNER_COUNT } from './seed/generateDirectory';
import { seedIfEmpty } from './service/seedIfEmpty';
import { parseAdminTokens } from './http/checkBearerToken';
import { describeStore, openStore } from './service/openStore';
import { openStatsStore } from './service/openStatsStore';
import { SearchStats } from './stats/SearchStats';
import { warmUpServer } from './warmUpServer';
import { openContactOutbox } from './contact/openContactOutbox';

async function main(): Promise<void> {
  const port = readInteger('PORT', process.env.PORT ?? '8080', 0, 65535);
  const partnerCount = readInteger(
    'SEED_PARTNER_COUNT',
    process.env.SEED_PARTNER_COUNT ?? String(DEFAULT_PARTNER_COUNT),
    0,
    1_000_000,
  );
  const settings = readOperationSettings(process.env);
  const contactSettings = readContactSettings(process.env);
  const host = process.env.HOST ?? 'localhost';
  const environment = {
    DATABASE_URL: process.env.DATABASE_URL,
    databasePath: resolve(process.env.DATABASE_PATH ?? './data/partners.db'),
  };
  const database = describeStore(environment);
  const adminTokens = parseAdminTokens(process.env.ADMIN_TOKEN);

  const store = await openStore(environment);
  const stats = await openStatsStore(environment);
  const counting = settings.stats.enabled
    ? new SearchStats(stats, { flushMs: settings.stats.flushMs })
    : undefined;
  const contact = new ContactService({
    outbox: await openContactOutbox(environment),
    settings: contactSettings,
    partners: store,
  });
  const app = await buildApp({
    store,
    service: store,
    adminTokens,
    logger: true,
    rateLimit: settings.rateLimit,
    trustProxy: settings.trustProxy,
    metricsSources: counting ? [store, counting] : [store],
    ...(counting ? { counting } : {}),
    stats,
    contact,
  });
  counting?.onFlushFailed((error, waiting) =>
    app.log.warn({ err: error, waiting }, 'search counts not flushed; kept for the next flush'),
  );
  if (await seedIfEmpty(store, { partnerCount })) {
    app.log.info({ database, partnerCount }, 'seeded an empty database');
  }
  const warmStart = performance.now();
  await store.warm();
  app.log.info(
    { ms: Math.round(performance.now() - warmStart) },
    'search index built; listening next',
  );
  const gazetteerStart = performance.now();
  gazetteer();
  app.log.info(
    { ms: Math.round(performance.now() - gazetteerStart) },
    'gazetteer read (places suggestions, imports)',
  );
  app.log.info(await warmUpServer(app, store), 'searches asked over loopback, then forgotten');
  store.startFollowing();
  counting?.start();
  app.log.info(
    { database, admin: adminTokens.length > 0, stats: settings.stats },
    'following the database',
  );
  contact.start();
  app.log.info(
    {
      mail: contactSettings.smtpUrl === undefined ? 'log only (SMTP_URL not set)' : 'SMTP',
      privacyNotice: contactSettings.privacyNoticeUrl ?? '(none: CONTACT_PRIVACY_URL not set)',
    },
    'delivering contact requests',
  );

  onShutdownSignals({
    app,
    drainMs: settings.drainMs,
    close: async () => {
      await app.close();
      // Counted up to the last answer, and added to the database before the process goes.
      await counting?.close();
      await stats.close();
      await contact.close();
      await store.close();
    },
    exit: (code) => process.exit(code),
  });

  const address = await app.listen({ port, host });
  // Plain line on stdout so a person or a script sees where to go.
  process.stdout.write(`Partners Network API listening on ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
