/** Real answers of every documented call, checked against `/openapi.json` with a JSON Schema validator. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance, InjectOptions } from 'fastify';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { API_OPERATIONS } from '../../openapi/apiOperations';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import type { PartnerStore } from '../../store/PartnerStore';
import { openSqliteStore } from '../../store/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-openapi-'));
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
const CRITERIA = {
  globalFilter: '',
  text: 'data',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 3,
};

let store: PartnerStore;
let app: FastifyInstance;
let limited: FastifyInstance;

const responseSchema = z.object({
  content: z.object({
    'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }),
  }),
});
const documentSchema = z.object({
  openapi: z.literal('3.1.0'),
  paths: z.record(
    z.string(),
    z.record(z.string(), z.object({ responses: z.record(z.string(), responseSchema) })),
  ),
});

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'openapi.db') });
  await store.importDirectory(storeFixture());
  app = await buildApp({ store });
  limited = await buildApp({ store, rateLimit: { perMinute: 1 } });
});

afterAll(async () => {
  await app.close();
  await limited.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

function url(path: string, scope = MAIN, query = '?locale=en-US'): string {
  return (
    path.replace('{companyId}', scope.companyId).replace('{scopeGroupId}', scope.scopeGroupId) +
    query
  );
}

/** For each documented call and status, a request that really gets that answer. */
function requestsFor(
  operationId: string,
  path: string,
): Record<number, { app?: 'limited'; request: InjectOptions }> {
  const unknown = { ...MAIN, scopeGroupId: '424242' };
  if (operationId === 'getFilterGroups') {
    return {
      200: { request: { url: url(path) } },
      400: { request: { url: url(path, MAIN, `?locale=${'x'.repeat(65)}`) } },
      404: { request: { url: url(path, unknown) } },
      429: { app: 'limited', request: { url: url(path) } },
    };
  }
  const post = (
    body: unknown,
    headers: Record<string, string> = XSRF,
    scope = MAIN,
  ): InjectOptions => ({
    method: 'POST',
    url: url(path, scope),
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return {
    200: { request: post(CRITERIA) },
    400: { request: post({ ...CRITERIA, resultsPerPage: 0 }) },
    403: { request: post(CRITERIA, {}) },
    404: { request: post(CRITERIA, XSRF, unknown) },
    429: { app: 'limited', request: post(CRITERIA) },
  };
}

describe('GET /openapi.json', () => {
  it('describes every public call, and every real answer matches it', async () => {
    const response = await app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = documentSchema.parse(response.json());
    const ajv = new Ajv2020({ strict: false });
    expect(API_OPERATIONS.length).toBeGreaterThanOrEqual(2);
    for (const operation of API_OPERATIONS) {
      const documented = document.paths[operation.path]?.[operation.method];
      expect(documented, `${operation.method} ${operation.path}`).toBeDefined();
      const requests = requestsFor(operation.operationId, operation.path);
      // Every documented status is produced below, and nothing else is.
      expect(Object.keys(documented?.responses ?? {}).sort()).toEqual(Object.keys(requests).sort());
      for (const [status, { app: which, request }] of Object.entries(requests)) {
        const target = which === 'limited' ? limited : app;
        let answer = await target.inject(request);
        // The limited app lets the first request of a minute through.
        if (which === 'limited' && answer.statusCode === 200) answer = await target.inject(request);
        expect(answer.statusCode, `${operation.operationId} ${status}`).toBe(Number(status));
        const schema = documented?.responses[status]?.content['application/json'].schema ?? {};
        const validate = ajv.compile(schema);
        expect(validate(answer.json()), JSON.stringify(validate.errors)).toBe(true);
      }
    }
  });

  it('documents the search body with the rules the server applies', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json<Record<string, unknown>>();
    const text = JSON.stringify(document);
    expect(text).toContain('"maximum":100');
    expect(text).toContain('"maxItems":500');
    expect(text).toContain('X-XSRF-TOKEN');
  });
});
