import * as z from 'zod/mini';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@partners-network/contract';
import type { ApiOperation, Schema } from './apiOperations';

/** JSON Schema 2020-12 of a zod schema, as OpenAPI 3.1 takes it (the dialect tag dropped). */
function jsonSchema(schema: Schema, io: 'input' | 'output'): Record<string, unknown> {
  const json: Record<string, unknown> = { ...z.toJSONSchema(schema, { io }) };
  delete json.$schema;
  return json;
}

/** Media types whose content is a text the schema does not describe (CSV). */
function textContent(types: readonly string[] = []) {
  return Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }]));
}

function pathParameters(operation: ApiOperation) {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => {
    const name = match[1] ?? '';
    const schema = operation.params?.[name];
    return {
      name,
      in: 'path',
      required: true,
      schema: schema ? jsonSchema(schema, 'input') : { type: 'string' },
    };
  });
}

const SECURITY_SCHEMES = {
  xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE_NAME },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'One of the comma-separated tokens of ADMIN_TOKEN',
  },
} as const;

const SECURITY_OF = { xsrf: 'xsrfCookie', bearer: 'bearerAuth' } as const;
const AUTHS = ['xsrf', 'bearer'] as const;

/**
 * The OpenAPI 3.1 document of the given operations, generated from their zod schemas
 * (request bodies and parameters as zod reads them, answers as the server writes them).
 * Only the security schemes the operations use are listed.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters = [
      ...pathParameters(operation),
      ...(operation.query ?? []).map((query) => ({
        name: query.name,
        in: 'query',
        required: query.required ?? false,
        description: query.description,
        schema: query.schema ? jsonSchema(query.schema, 'input') : { type: 'string' },
      })),
      ...(operation.auth === 'xsrf'
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
        ...(operation.description ? { description: operation.description } : {}),
        tags: operation.tags,
        parameters,
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: jsonSchema(operation.body, 'input') },
                  ...textContent(operation.textBodies),
                },
              },
            }
          : {}),
        ...(operation.auth ? { security: [{ [SECURITY_OF[operation.auth]]: [] }] } : {}),
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              ...(response.schema
                ? {
                    content: {
                      'application/json': { schema: jsonSchema(response.schema, 'output') },
                      ...textContent(response.textTypes),
                    },
                  }
                : response.textTypes
                  ? { content: textContent(response.textTypes) }
                  : {}),
            },
          ]),
        ),
      },
    };
  }
  const used = new Set(operations.flatMap((operation) => operation.auth ?? []));
  const admin = used.has('bearer');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partners Network API',
      version,
      description: `The calls the Partners Network widget makes${
        admin ? ', and the admin calls (this server runs with ADMIN_TOKEN)' : ''
      }. Errors are problems in the portal style: {"status":"NOT_FOUND","title":"…"}.`,
    },
    paths,
    components: {
      securitySchemes: Object.fromEntries(
        AUTHS.filter((auth) => used.has(auth)).map((auth) => [
          SECURITY_OF[auth],
          SECURITY_SCHEMES[SECURITY_OF[auth]],
        ]),
      ),
    },
  };
}
