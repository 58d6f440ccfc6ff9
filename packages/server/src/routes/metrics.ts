import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics/AppMetrics';

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

/** Counts and times every answer; registered on the root so it sees every route. */
export function countRequests(app: FastifyInstance, appMetrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    appMetrics.observeRequest(
      request.method,
      request.routeOptions.url ?? '(no route)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
