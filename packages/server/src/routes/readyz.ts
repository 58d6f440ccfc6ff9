import type { FastifyInstance } from 'fastify';

/**
 * GET /readyz: 200 `{"status":"UP"}` while the server takes traffic, 503 `{"status":"DOWN"}`
 * from the moment it starts draining for shutdown, so a load balancer stops sending new
 * requests while the ones already sent are still answered.
 */
export async function readyz(app: FastifyInstance): Promise<void> {
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (app.shutdownState.draining) return reply.code(503).send({ status: 'DOWN' });
    return reply.send({ status: 'UP' });
  });
}
