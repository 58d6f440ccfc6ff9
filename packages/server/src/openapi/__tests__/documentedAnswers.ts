/** Checks real requests and answers against `/openapi.json`, with a JSON Schema 2020-12 validator. */
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';
import * as z from 'zod';

const mediaType = z.object({ schema: z.record(z.string(), z.unknown()) });
/** JSON, and other media types (CSV) documented as texts; an answer may be text only. */
const jsonContent = z.looseObject({ 'application/json': mediaType.optional() });
/** Loose: the rest of an operation (operationId, tags, security…) stays for the tests to read. */
const operationSchema = z.looseObject({
  requestBody: z.object({ content: jsonContent }).optional(),
  responses: z.record(z.string(), z.object({ content: jsonContent.optional() })),
});
const documentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()) }),
});

export type OpenApiDocument = z.infer<typeof documentSchema>;
export type DocumentedOperation = z.infer<typeof operationSchema>;

export function parseOpenApiDocument(json: unknown): OpenApiDocument {
  return documentSchema.parse(json);
}

const ajv = new Ajv2020({ strict: false });

function expectValid(schema: Record<string, unknown>, value: unknown, what: string): void {
  const validate = ajv.compile(schema);
  expect(validate(value), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

/** The documented operation at this path and method; fails the test when there is none. */
export function documentedOperation(
  document: OpenApiDocument,
  path: string,
  method: string,
): DocumentedOperation {
  const operation = document.paths[path]?.[method];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  return operationSchema.parse(operation);
}

/** A request body the server takes must fit the documented request body. */
export function expectDocumentedBody(
  operation: DocumentedOperation,
  body: unknown,
  what: string,
): void {
  const schema = operation.requestBody?.content['application/json']?.schema;
  expect(schema, `${what}: a documented request body`).toBeDefined();
  expectValid(schema ?? {}, body, `${what} request body`);
}

/**
 * A real answer must have a documented status, and its body the documented schema (or no
 * body where the document gives none, as a 204).
 */
export function expectDocumentedAnswer(
  operation: DocumentedOperation,
  answer: { statusCode: number; payload: string; contentType?: string },
  what: string,
): void {
  const documented = operation.responses[String(answer.statusCode)];
  expect(documented, `${what}: status ${answer.statusCode} is documented`).toBeDefined();
  const type = (answer.contentType ?? '').split(';')[0] ?? '';
  if (type !== '' && type !== 'application/json' && answer.statusCode < 300) {
    // A text answer (an export as CSV): its media type must be documented.
    expect(Object.keys(documented?.content ?? {}), `${what}: ${type} is documented`).toContain(
      type,
    );
    return;
  }
  const schema = documented?.content?.['application/json']?.schema;
  if (schema === undefined) {
    expect(answer.payload, `${what}: no body`).toBe('');
    return;
  }
  const body: unknown = JSON.parse(answer.payload);
  expectValid(schema, body, `${what} answer`);
}
