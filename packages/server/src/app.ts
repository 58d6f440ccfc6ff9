import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { handleError } from './http/handleError';
import { sendProblem } from './http/sendProblem';
import { partnersApi } from './partnersApi';
import { admin } from './routes/admin';
import { health } from './routes/health';
import { logos } from './routes/logos';
import { readyz } from './routes/readyz';
import type { SearchService } from './service/SearchService';
import type { PartnerStore } from './store/PartnerStore';

export interface AppDeps {
  store: PartnerStore;
  /** The service behind `store`: serves /readyz, and the admin API when tokens are given. */
  service?: SearchService;
  /** ADMIN_TOKEN's tokens; none: the admin routes do not exist (404). */
  adminTokens?: readonly string[];
  /** Fastify's pino logger: true, false (default) or its options. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The API server without listening: health, logos and the partners API, with error
 * and not-found answers in the problem format. Hosts may register more routes on it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Ids in paths are short; a longer one is no route (404), not a slow match.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (_error, _request, reply) => {
      void sendProblem(reply, 400, 'the request address is malformed');
    },
  });
  app.setErrorHandler(handleError);
  // On close, answers still in flight end their keep-alive connection, so close() (and a
  // graceful shutdown) does not wait for idle clients to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      404,
      `no resource at ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
    ),
  );
  await app.register(health, { store: deps.store });
  await app.register(logos);
  await app.register(partnersApi, { store: deps.store });
  const { service } = deps;
  if (service) {
    await app.register(readyz, { state: () => service.state() });
    if (deps.adminTokens && deps.adminTokens.length > 0) {
      await app.register(admin, { service, tokens: deps.adminTokens });
    }
  }
  return app;
}
