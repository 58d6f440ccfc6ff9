import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, searchPath } from '@partners-network/contract';
import { collectGarbage } from './collectGarbage';
import { createXsrfToken } from './http/createXsrfToken';
import type { LoopbackWarmUp } from './http/warmUpOverLoopback';
import { warmUpOverLoopback } from './http/warmUpOverLoopback';
import type { SearchService } from './service/SearchService';

/**
 * Fresh searches a server asks itself over HTTP before it listens: as many as a fresh
 * process took to compile the route's path in the bench's first-ask pass (bench/README.md,
 * warm23).
 */
export const LOOPBACK_WARM_UP_SEARCHES = 2000;
/** The warm-up stops here, asked or not: a slow machine starts a little colder, not later. */
export const LOOPBACK_WARM_UP_DEADLINE_MS = 10_000;
/** What Chromium sends: the warm-up's answers are compressed as a browser's are. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Has `app` (built over `service`, ready, not listening) collect its garbage, answer its
 * largest site's own searches over a loopback socket of its own, then forget every answer they left
 * (`SearchService.forgetting`): no log line, no `/metrics` figure, no visitor's count, no
 * cache entry. Nothing for a site under WARM_UP_ANSWERS_FROM partners (the demo's).
 */
export async function warmUpServer(
  app: FastifyInstance,
  service: SearchService,
  options: { searches?: number; deadlineMs?: number } = {},
): Promise<LoopbackWarmUp> {
  const searches = service.warmUpSearches(options.searches ?? LOOPBACK_WARM_UP_SEARCHES);
  const { token } = createXsrfToken();
  const headers = {
    'content-type': 'application/json',
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    cookie: `${XSRF_COOKIE_NAME}=${token}`,
    [XSRF_HEADER_NAME.toLowerCase()]: token,
  };
  const requests = searches.map(({ scope, criteria, locale }) => ({
    path: `${searchPath(scope)}?locale=${encodeURIComponent(locale)}`,
    headers,
    body: JSON.stringify(criteria),
  }));
  await app.ready();
  // The start-up's garbage (the index's build, the in-process warm-up) collected now, while
  // nobody waits: left in the old generation, it brought the next full collection, and its
  // pause, into the first few thousand visitors' requests (bench/README.md, gc24). Before
  // the loopback searches, not after: what a full collection throws away of the compiled
  // code, they compile again.
  if (requests.length > 0) collectGarbage();
  return service.forgetting(() =>
    warmUpOverLoopback(app, requests, {
      deadlineMs: options.deadlineMs ?? LOOPBACK_WARM_UP_DEADLINE_MS,
    }),
  );
}
