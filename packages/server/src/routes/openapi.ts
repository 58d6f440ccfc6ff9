import type { FastifyInstance } from 'fastify';
import { API_OPERATIONS } from '../openapi/apiOperations';
import { buildOpenApiDocument } from '../openapi/buildOpenApiDocument';

/** The version `/openapi.json` gives: the API's, as its base path says (`/v1`). */
const API_VERSION = '1.0.0';

/** GET /openapi.json: built once from the contract's schemas at start. */
export async function openapi(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(buildOpenApiDocument(API_OPERATIONS, API_VERSION));
  app.get('/openapi.json', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(document),
  );
}
