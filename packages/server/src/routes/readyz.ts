import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/sendProblem';
import type { ServiceState } from '../service/SearchService';

/**
 * GET /readyz: whether this server should get traffic. 503 `{"status":"DOWN"}` from the
 * moment it starts draining for shutdown, so a load balancer stops sending new requests
 * while the ones already sent are still answered; 503 before its first index is loaded;
 * UP when it follows the database; DEGRADED (still 200: searches answer from memory) when
 * the database does not answer, with how long ago it last caught up.
 */
export async function readyz(
  app: FastifyInstance,
  options: { state?: () => ServiceState },
): Promise<void> {
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (app.shutdownState.draining) return reply.code(503).send({ status: 'DOWN' });
    const state = options.state?.();
    if (!state) return reply.send({ status: 'UP' });
    if (!state.ready) return sendProblem(reply, 503, 'the search index is not loaded yet');
    if (state.sourceUp) return reply.send({ status: 'UP' });
    const since = state.lastSyncAt === undefined ? undefined : Date.now() - state.lastSyncAt;
    return reply.send({
      status: 'DEGRADED',
      title:
        'the partner database does not answer: searches answer from memory, writes are refused',
      lastChangeSeenSecondsAgo: since === undefined ? null : Math.round(since / 1000),
    });
  });
}
