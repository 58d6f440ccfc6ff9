/**
 * The contact calls in `/openapi.json` (issue 26): listed on a server with the contact
 * feature, and every real answer, each documented status produced over real HTTP, matches
 * the document (a JSON Schema validator). A server without it does not list them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@partners-network/contract';
import { buildApp } from '../../app';
import {
  ADMIN_CONTACT_OPERATIONS,
  CONTACT_OPERATIONS,
  PUBLIC_OPERATIONS,
} from '../../openapi/apiOperations';
import type { ApiOperation } from '../../openapi/apiOperations';
import type { OpenApiDocument } from '../../openapi/__tests__/documentedAnswers';
import {
  documentedOperation,
  expectDocumentedAnswer,
  expectDocumentedBody,
  parseOpenApiDocument,
} from '../../openapi/__tests__/documentedAnswers';
import type { ContactApp } from './contactApp';
import { ADMIN_TOKEN, MAIL_PARTNER, QUIET_PARTNER, SCOPE, startContactApp } from './contactApp';
import { XSRF_HEADERS, contactBody } from './contactClient';

const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}` };
const UNKNOWN = { ...SCOPE, scopeGroupId: '424242' };

let server: ContactApp;
/** Its per-client limit is one request an hour (ten challenges): the 429s. */
let limited: ContactApp;

beforeAll(async () => {
  server = await startContactApp({ settings: {} });
  limited = await startContactApp({ settings: { limitPerHour: 1 } });
}, 30_000);

afterAll(async () => {
  await server?.close();
  await limited?.close();
});

interface Call {
  status: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  on?: ContactApp;
}

function pathOf(operation: ApiOperation, scope = SCOPE, values: Record<string, string> = {}) {
  let path = operation.path
    .replace('{companyId}', scope.companyId)
    .replace('{scopeGroupId}', scope.scopeGroupId);
  for (const [name, value] of Object.entries(values)) path = path.replace(`{${name}}`, value);
  return path;
}

async function callsOf(operation: ApiOperation): Promise<Call[]> {
  const at = (scope = SCOPE, values: Record<string, string> = {}, query = '') =>
    pathOf(operation, scope, values) + query;
  switch (operation.operationId) {
    case 'getContactChallenge':
      return [
        { status: 200, path: at() },
        { status: 404, path: at(UNKNOWN) },
        // Past ten challenges an hour on the limited server.
        ...Array.from({ length: 11 }, () => ({ status: 0, path: at(), on: limited })),
        { status: 429, path: at(), on: limited },
      ];
    case 'contactPartner': {
      const post = (status: number, slug: string, body: unknown, extra: Partial<Call> = {}) => ({
        status,
        path: at(SCOPE, { slug }, '?locale=en-US'),
        method: 'POST',
        headers: XSRF_HEADERS,
        body,
        ...extra,
      });
      const good = await contactBody(server.base, SCOPE);
      return [
        post(202, MAIL_PARTNER, good),
        post(400, MAIL_PARTNER, { ...good, email: 'not an address' }),
        post(403, MAIL_PARTNER, good, { headers: { 'content-type': 'application/json' } }),
        post(404, QUIET_PARTNER, await contactBody(server.base, SCOPE)),
        // The limit is counted before the body is read: any request uses it up.
        post(0, MAIL_PARTNER, good, { on: limited }),
        post(429, MAIL_PARTNER, good, { on: limited }),
      ];
    }
    case 'listContactRequests':
    case 'exportContactRequests':
      return [
        { status: 200, path: at(SCOPE, {}, `?partner=${MAIL_PARTNER}`), headers: AUTH },
        { status: 400, path: at(SCOPE, {}, '?status=lost'), headers: AUTH },
        { status: 401, path: at() },
        { status: 404, path: at(UNKNOWN), headers: AUTH },
      ];
    case 'getContactRequest':
    case 'deleteContactRequest': {
      const method = operation.method.toUpperCase();
      const listed = await fetch(
        `${server.base}${API_BASE_PATH}/${SCOPE.companyId}/${SCOPE.scopeGroupId}/contact-requests`,
        {
          headers: AUTH,
        },
      );
      const { requests } = (await listed.json()) as { requests: { id: number }[] };
      const id = String(requests[0]?.id ?? 0);
      return [
        { status: method === 'GET' ? 200 : 204, path: at(SCOPE, { id }), method, headers: AUTH },
        { status: 401, path: at(SCOPE, { id }), method },
        { status: 404, path: at(SCOPE, { id: '999999' }), method, headers: AUTH },
      ];
    }
    default:
      throw new Error(`no requests for ${operation.operationId}`);
  }
}

async function documentOf(base: string): Promise<OpenApiDocument> {
  const response = await fetch(`${base}/openapi.json`);
  expect(response.status).toBe(200);
  return parseOpenApiDocument(await response.json());
}

describe('the contact calls in /openapi.json', () => {
  it('are described, and every real answer matches the document', async () => {
    const document = await documentOf(server.base);
    // The admin calls that read requests come after one was sent.
    for (const operation of [...CONTACT_OPERATIONS, ...ADMIN_CONTACT_OPERATIONS]) {
      const documented = documentedOperation(document, operation.path, operation.method);
      const calls = await callsOf(operation);
      const produced = [...new Set(calls.map((call) => String(call.status)))].filter(
        (status) => status !== '0',
      );
      expect(produced.sort(), operation.operationId).toEqual(
        Object.keys(documented.responses).sort(),
      );
      for (const call of calls) {
        const target = call.on ?? server;
        const response = await fetch(`${target.base}${call.path}`, {
          method: call.method ?? 'GET',
          headers: call.headers ?? {},
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        });
        const payload = await response.text();
        // Status 0: a request that only uses up the limit.
        if (call.status === 0) continue;
        const what = `${operation.operationId} ${call.status} (${call.path})`;
        expect(response.status, `${what}: ${payload}`).toBe(call.status);
        expectDocumentedAnswer(
          documented,
          {
            statusCode: response.status,
            payload,
            contentType: response.headers.get('content-type') ?? '',
          },
          what,
        );
        if (call.status < 300 && call.body !== undefined) {
          expectDocumentedBody(documented, call.body, what);
        }
      }
    }
  });

  it('are listed only on a server that has them', async () => {
    const document = await documentOf(server.base);
    const contactPaths = [...CONTACT_OPERATIONS, ...ADMIN_CONTACT_OPERATIONS].map((op) => op.path);
    for (const path of contactPaths) expect(document.paths).toHaveProperty([path]);
    const bare = await buildApp({ store: server.store });
    try {
      const plain = parseOpenApiDocument((await bare.inject({ url: '/openapi.json' })).json());
      expect(Object.keys(plain.paths).filter((path) => contactPaths.includes(path))).toEqual([]);
      expect(Object.keys(plain.paths)).toContain(PUBLIC_OPERATIONS[0]?.path);
    } finally {
      await bare.close();
    }
  });
});
