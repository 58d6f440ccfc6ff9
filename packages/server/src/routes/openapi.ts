import type { FastifyInstance } from 'fastify';
import { apiOperations } from '../openapi/apiOperations';
import { buildOpenApiDocument } from '../openapi/buildOpenApiDocument';

/** The version `/openapi.json` gives: the API's, as its base path says (`/v1`). */
const API_VERSION = '1.0.0';

export interface OpenApiOptions {
  /** Whether this server has the admin API (ADMIN_TOKEN set): only then does the document list it. */
  admin: boolean;
  /** Whether it reads the search counts too (GET …/insights with the admin calls). */
  insights?: boolean;
  /** Whether it has the contact calls (a ContactService): the public ones and, with admin, theirs. */
  contact?: boolean;
}

/**
 * GET /openapi.json: built once from the schemas at start. It lists the calls this server
 * answers, so the admin calls only when they exist: a client generated from the document
 * never meets a listed call that is a 404.
 */
export async function openapi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const document = JSON.stringify(
    buildOpenApiDocument(
      apiOperations({
        admin: options.admin,
        insights: options.insights ?? false,
        contact: options.contact ?? false,
      }),
      API_VERSION,
    ),
  );
  app.get('/openapi.json', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(document),
  );
}
