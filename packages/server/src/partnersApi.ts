import type { FastifyInstance } from 'fastify';
import { handleError } from './http/handleError';
import type { RateLimitSettings } from './http/rateLimit';
import { limitPerClient } from './http/rateLimit';
import type { AppMetrics } from './metrics/AppMetrics';
import { filterGroups } from './routes/filterGroups';
import { clicks } from './routes/clicks';
import { places } from './routes/places';
import { search } from './routes/search';
import type { SearchStats } from './stats/SearchStats';
import type { PartnerStore } from './store/PartnerStore';

export interface PartnersApiOptions {
  store: PartnerStore;
  /** A per-client limit on both calls; none when absent or `perMinute` is 0. */
  rateLimit?: RateLimitSettings;
  /** Times each search (`pn_search_duration_seconds`) when given. */
  metrics?: AppMetrics;
  /** Counts first pages and cards opened (STATS); none: nothing is counted. */
  counting?: SearchStats;
}

/**
 * The calls of the wire API (the places suggestions, the beacon of a card opened) as a
 * Fastify plugin, for hosts that build their own instance: `app.register(partnersApi, { store })`. Answers are never cached.
 */
export async function partnersApi(
  app: FastifyInstance,
  options: PartnersApiOptions,
): Promise<void> {
  app.setErrorHandler(handleError);
  // Registered inside this plugin, so it counts the API's calls only (not pages or assets).
  if (options.rateLimit && options.rateLimit.perMinute > 0) {
    await limitPerClient(app, options.rateLimit);
  }
  // Set as the request comes in (no call sets another; problems set the same), not in an
  // onSend hook, which Fastify runs with the payload on every answer at a higher cost.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('Cache-Control', 'no-store');
    done();
  });
  await app.register(filterGroups, { store: options.store });
  const counting = options.counting ? { counting: options.counting } : {};
  await app.register(search, {
    store: options.store,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...counting,
  });
  await app.register(clicks, { store: options.store, ...counting });
  await app.register(places, { store: options.store });
}
