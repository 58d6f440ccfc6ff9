import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/sendProblem';
import type { PartnerStore } from '../store/PartnerStore';

/** GET /healthz: 200 when the store answers a query, 503 otherwise. */
export async function health(
  app: FastifyInstance,
  options: { store: PartnerStore },
): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    try {
      await options.store.isEmpty();
    } catch (error) {
      request.log.error({ err: error }, 'health check: store does not answer');
      return sendProblem(reply, 503, 'the partner store does not answer');
    }
    return reply.header('Cache-Control', 'no-store').send({ status: 'UP' });
  });
}
