import * as z from 'zod/mini';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@partners-network/contract';
import type { ApiOperation } from './apiOperations';

/** JSON Schema 2020-12 of a zod schema, as OpenAPI 3.1 takes it (the dialect tag dropped). */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const json: Record<string, unknown> = { ...z.toJSONSchema(schema, { io }) };
  delete json.$schema;
  return json;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/**
 * The OpenAPI 3.1 document of the given operations, generated from the contract's zod
 * schemas (request bodies as zod reads them, answers as the server writes them).
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters = [
      ...pathParameters(operation.path),
      ...(operation.query ?? []).map((query) => ({
        name: query.name,
        in: 'query',
        required: false,
        description: query.description,
        schema: { type: 'string' },
      })),
      ...(operation.xsrf
        ? [
            {
              name: XSRF_HEADER_NAME,
              in: 'header',
              required: true,
              description: `The value of the ${XSRF_COOKIE_NAME} cookie`,
              schema: { type: 'string' },
            },
          ]
        : []),
    ];
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        operationId: operation.operationId,
        summary: operation.summary,
        tags: operation.tags,
        parameters,
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
              },
            }
          : {}),
        ...(operation.xsrf ? { security: [{ xsrfCookie: [] }] } : {}),
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } },
            },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partners Network API',
      version,
      description:
        'The calls the Partners Network widget makes. Errors are problems in the portal style: {"status":"NOT_FOUND","title":"…"}.',
    },
    paths,
    components: {
      securitySchemes: {
        xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE_NAME },
      },
    },
  };
}
