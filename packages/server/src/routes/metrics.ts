import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppMetrics } from '../metrics/AppMetrics';
import { isWarmUpRequest } from '../http/warmUpOverLoopback';

/**
 * GET /metrics in the Prometheus text format. Every answer of the app is counted with
 * its route pattern (`/o/preferred-partners/v1/:companyId/:scopeGroupId/search`, never
 * the ids: a label per id would grow without bound), or `(no route)` for 404s.
 */
export async function metrics(
  app: FastifyInstance,
  options: { metrics: AppMetrics },
): Promise<void> {
  app.get('/metrics', async (_request, reply) => {
    const text = await options.metrics.registry.metrics();
    return reply
      .header('Cache-Control', 'no-store')
      .type(options.metrics.registry.contentType)
      .send(text);
  });
}

/**
 * Counts and times every answer of every route, 404s included. With a logger, the app's
 * log controller (`RequestLogLines`) calls `answerCounter`'s function and nothing is added
 * here: Fastify calls the controller once for every answer anyway, so there it costs a call,
 * where an onResponse hook is one more step Fastify takes on every request. Without one,
 * Fastify sets up nothing when an answer ends, and an onResponse hook counts.
 */
export function countRequests(
  app: FastifyInstance,
  appMetrics: AppMetrics,
  options: { inLogController: boolean },
): void {
  if (options.inLogController) return;
  const count = answerCounter(appMetrics);
  app.addHook('onResponse', (request, reply, done) => {
    if (!isWarmUpRequest(request)) count(request, reply);
    done();
  });
}

/** What counts and times one answer. */
export function answerCounter(
  appMetrics: AppMetrics,
): (request: FastifyRequest, reply: FastifyReply) => void {
  return (request, reply) =>
    appMetrics.observeRequest(
      request.method,
      request.routeOptions.url ?? '(no route)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
}
