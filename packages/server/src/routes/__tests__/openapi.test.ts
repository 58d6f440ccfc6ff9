/** Real answers of every documented call, checked against `/openapi.json` with a JSON Schema validator. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ADMIN_OPERATIONS, PUBLIC_OPERATIONS } from '../../openapi/apiOperations';
import type { ApiOperation } from '../../openapi/apiOperations';
import type { OpenApiDocument } from '../../openapi/__tests__/documentedAnswers';
import {
  documentedOperation,
  expectDocumentedAnswer,
  expectDocumentedBody,
  parseOpenApiDocument,
} from '../../openapi/__tests__/documentedAnswers';
import type { SearchService } from '../../service/SearchService';
import { GOLD, MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import { openSqliteStore } from '../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-openapi-'));
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
const TOKEN = 'openapi-admin-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const CRITERIA = {
  globalFilter: '',
  text: 'data',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 3,
};
const UNKNOWN = { ...MAIN, scopeGroupId: '424242' };
/** A percent sign that starts no escape: Fastify cannot decode the address. */
const MALFORMED = { ...MAIN, companyId: '%E0%A4%A' };

/**
 * Statuses no SQLite server gives: a 503 needs a database that went away, so
 * postgresServers.test.ts checks those answers against the document with PostgreSQL stopped.
 */
const PRODUCED_ELSEWHERE = ['503'];

let store: SearchService;
let adminStore: SearchService;
let app: FastifyInstance;
let limited: FastifyInstance;
let adminApp: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'openapi.db') });
  await store.importDirectory(storeFixture());
  app = await buildApp({ store });
  limited = await buildApp({ store, rateLimit: { perMinute: 1 } });
  // The admin calls write: their own database, so the public answers above stay the fixture's.
  adminStore = openSqliteStore({ path: join(folder, 'admin.db') });
  await adminStore.importDirectory(storeFixture());
  adminApp = await buildApp({ store: adminStore, service: adminStore, adminTokens: [TOKEN] });
});

afterAll(async () => {
  await app.close();
  await limited.close();
  await adminApp.close();
  await store.close();
  await adminStore.close();
  rmSync(folder, { recursive: true, force: true });
});

function url(path: string, scope = MAIN, query = '?locale=en-US', slug = ''): string {
  return (
    path
      .replace('{companyId}', scope.companyId)
      .replace('{scopeGroupId}', scope.scopeGroupId)
      .replace('{slug}', slug) + query
  );
}

interface Call {
  status: number;
  app?: 'limited';
  request: InjectOptions;
  /** The JSON body sent, which the documented request body must describe when it is taken. */
  body?: unknown;
}

function send(method: 'POST' | 'PUT', target: string, body: unknown, headers: object): Call {
  return {
    status: 0,
    request: {
      method,
      url: target,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    },
    body,
  };
}

/** For each documented public call, requests that really get each documented answer. */
function publicCalls(operation: ApiOperation): Call[] {
  const { path } = operation;
  if (operation.operationId === 'getFilterGroups') {
    return [
      { status: 200, request: { url: url(path) } },
      { status: 400, request: { url: url(path, MAIN, `?locale=${'x'.repeat(65)}`) } },
      { status: 404, request: { url: url(path, UNKNOWN) } },
      { status: 429, app: 'limited', request: { url: url(path) } },
    ];
  }
  if (operation.operationId === 'suggestPlaces') {
    return [
      { status: 200, request: { url: url(path, MAIN, '?q=Zur&locale=de-DE') } },
      { status: 400, request: { url: url(path, MAIN, '?q=Z%C3%BCrich%203') } },
      { status: 400, request: { url: url(path) } },
      { status: 404, request: { url: url(path, UNKNOWN, '?q=Zur') } },
      { status: 429, app: 'limited', request: { url: url(path, MAIN, '?q=Zur') } },
    ];
  }
  const post = (status: number, body: unknown, headers: object = XSRF, scope = MAIN): Call => ({
    ...send('POST', url(path, scope), body, headers),
    status,
  });
  return [
    post(200, CRITERIA),
    post(400, { ...CRITERIA, resultsPerPage: 0 }),
    post(403, CRITERIA, {}),
    post(404, CRITERIA, XSRF, UNKNOWN),
    { ...post(429, CRITERIA), app: 'limited' },
  ];
}

const row = (slug: string, title: unknown = 'Zeta Analytics') => ({
  slug,
  title,
  summary: 'Dashboards for retailers',
  url: `/partners/${slug}`,
  globalFilters: ['tech'],
  filterItemIds: [GOLD],
});

/** For each admin call, requests that really get each documented answer (but a 503). */
function adminCalls(operation: ApiOperation): Call[] {
  const { path } = operation;
  const at = (slug: string, scope = MAIN, query = '') => url(path, scope, query, slug);
  const call = (status: number, request: InjectOptions): Call => ({ status, request });
  const method = operation.method === 'get' ? 'GET' : 'DELETE';
  switch (operation.operationId) {
    case 'getPartner':
    case 'deletePartner':
      return [
        call(operation.method === 'get' ? 200 : 204, {
          method,
          url: at(operation.method === 'get' ? 'muller-cloud' : 'besancon-horlogerie'),
          headers: AUTH,
        }),
        call(400, { method, url: at('muller-cloud', MALFORMED), headers: AUTH }),
        call(401, { method, url: at('muller-cloud') }),
        call(401, { method, url: at('muller-cloud'), headers: { authorization: 'Bearer wrong' } }),
        call(404, { method, url: at('no-such-partner'), headers: AUTH }),
        call(404, { method, url: at('muller-cloud', UNKNOWN), headers: AUTH }),
      ];
    case 'putPartner':
      return [
        { ...send('PUT', at('sao-paulo-digital'), row('sao-paulo-digital', 'SP Digital'), AUTH) },
        { ...send('PUT', at('zeta-analytics'), row('zeta-analytics', { 'en-US': 'Zeta' }), AUTH) },
        send('PUT', at('zeta-analytics'), { ...row('zeta-analytics'), url: 'javascript:x' }, AUTH),
        send('PUT', at('zeta-analytics'), row('zeta-analytics'), {}),
        send('PUT', at('zeta-analytics', UNKNOWN), row('zeta-analytics'), AUTH),
      ].map((sent, index) => ({ ...sent, status: [200, 201, 400, 401, 404][index] ?? 0 }));
    case 'importPartners': {
      const directory = {
        sites: [
          {
            ...MAIN,
            partners: [
              {
                ...row('import-two'),
                title: { 'en-US': 'Import Two' },
                summary: {},
                imageUrl: '/logo.svg',
              },
            ],
          },
        ],
      };
      const csv = `slug,title,url,globalFilters\nimport-three,Import Three,/partners/three,tech\n`;
      return [
        { ...send('POST', at('', MAIN, '?mode=upsert'), [row('import-one')], AUTH), status: 200 },
        {
          ...send(
            'POST',
            at(''),
            [{ ...row('import-located'), locations: [{ city: 'Springfield', country: 'US' }] }],
            AUTH,
          ),
          status: 200,
        },
        { ...send('POST', at(''), directory, AUTH), status: 200 },
        { ...send('POST', at('', MAIN, '?dryRun=true'), [row('import-four')], AUTH), status: 200 },
        call(200, {
          method: 'POST',
          url: at('', MAIN, '?dryRun=true&mode=replace'),
          headers: { ...AUTH, 'content-type': 'text/csv' },
          payload: csv,
        }),
        { ...send('POST', at('', MAIN, '?mode=merge'), [row('import-one')], AUTH), status: 400 },
        { ...send('POST', at(''), [{ slug: 'No Slug' }], AUTH), status: 400 },
        { ...send('POST', at(''), [row('import-one')], {}), status: 401 },
      ];
    }
    case 'listSites':
      return [
        call(200, { url: path, headers: AUTH }),
        call(401, { url: path, headers: { authorization: 'Bearer wrong' } }),
      ];
    case 'getSiteDefinitions':
    case 'listPartners':
    case 'exportPartners': {
      const query = operation.operationId === 'listPartners' ? '?q=cloud&sort=title' : '';
      return [
        call(200, { url: at('', MAIN, query), headers: AUTH }),
        ...(operation.operationId === 'exportPartners'
          ? [call(200, { url: at('', MAIN, '?format=csv'), headers: AUTH })]
          : []),
        call(400, {
          url: at(
            '',
            operation.operationId === 'getSiteDefinitions' ? MALFORMED : MAIN,
            {
              getSiteDefinitions: '',
              listPartners: '?limit=1000',
              exportPartners: '?format=xml',
            }[operation.operationId],
          ),
          headers: AUTH,
        }),
        call(401, { url: at(''), headers: {} }),
        call(404, { url: at('', UNKNOWN), headers: AUTH }),
      ];
    }
    case 'getTuning':
      return [
        call(200, { url: at(''), headers: AUTH }),
        call(400, { url: at('', MALFORMED), headers: AUTH }),
        call(401, { url: at('') }),
        call(404, { url: at('', UNKNOWN), headers: AUTH }),
      ];
    case 'putTuning': {
      const tuning = {
        synonymSets: [{ kind: 'oneWay', from: 'kubernetes', to: ['cloud'] }],
        queryRules: [{ query: 'cloud', pinned: ['muller-cloud'], hidden: [] }],
      };
      const unknownSlug = {
        synonymSets: [],
        queryRules: [{ query: 'x', pinned: ['nobody'], hidden: [] }],
      };
      return [
        { ...send('PUT', at(''), tuning, AUTH), status: 200 },
        { ...send('PUT', at(''), unknownSlug, AUTH), status: 400 },
        { ...send('PUT', at(''), tuning, {}), status: 401 },
        { ...send('PUT', at('', UNKNOWN), tuning, AUTH), status: 404 },
      ];
    }
    case 'previewTuning': {
      const criteria = {
        globalFilter: 'tech',
        text: 'kubernetes',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      };
      const tuning = {
        synonymSets: [{ kind: 'oneWay', from: 'kubernetes', to: ['cloud'] }],
        queryRules: [],
      };
      return [
        { ...send('POST', at('', MAIN, '?locale=fr-FR'), { tuning, criteria }, AUTH), status: 200 },
        {
          ...send('POST', at(''), { tuning, criteria: { ...criteria, offset: -1 } }, AUTH),
          status: 400,
        },
        { ...send('POST', at(''), { tuning, criteria }, {}), status: 401 },
        { ...send('POST', at('', UNKNOWN), { tuning, criteria }, AUTH), status: 404 },
      ];
    }
    default:
      throw new Error(`no requests for ${operation.operationId}`);
  }
}

async function documentOf(target: FastifyInstance): Promise<OpenApiDocument> {
  const response = await target.inject({ url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  return parseOpenApiDocument(response.json());
}

async function expectCallsMatch(
  target: FastifyInstance,
  operations: readonly ApiOperation[],
  callsOf: (operation: ApiOperation) => Call[],
  elsewhere: readonly string[] = [],
): Promise<void> {
  const document = await documentOf(target);
  for (const operation of operations) {
    const documented = documentedOperation(document, operation.path, operation.method);
    const calls = callsOf(operation);
    // Every documented status is produced (here or, named above, elsewhere), and nothing else is.
    const produced = [...new Set([...calls.map((call) => String(call.status)), ...elsewhere])];
    expect(produced.sort(), operation.operationId).toEqual(
      Object.keys(documented.responses).sort(),
    );
    for (const call of calls) {
      const what = `${operation.operationId} ${call.status} (${call.request.url ?? ''})`;
      const server = call.app === 'limited' ? limited : target;
      let answer = await server.inject(call.request);
      // The limited app lets the first request of a minute through.
      if (call.app === 'limited' && answer.statusCode === 200) {
        answer = await server.inject(call.request);
      }
      expect(answer.statusCode, `${what}: ${answer.payload}`).toBe(call.status);
      expectDocumentedAnswer(
        documented,
        { ...answer, contentType: String(answer.headers['content-type'] ?? '') },
        what,
      );
      if (call.status < 300 && call.body !== undefined) {
        expectDocumentedBody(documented, call.body, what);
      }
    }
  }
}

describe('GET /openapi.json', () => {
  it('describes every public call, and every real answer matches it', async () => {
    expect(PUBLIC_OPERATIONS.length).toBeGreaterThanOrEqual(2);
    await expectCallsMatch(app, PUBLIC_OPERATIONS, publicCalls, PRODUCED_ELSEWHERE);
  });

  it('describes every admin call, and every real answer matches it', async () => {
    expect(ADMIN_OPERATIONS.map((operation) => operation.operationId)).toEqual([
      'getPartner',
      'putPartner',
      'deletePartner',
      'importPartners',
      'listSites',
      'getSiteDefinitions',
      'listPartners',
      'exportPartners',
      'getTuning',
      'putTuning',
      'previewTuning',
    ]);
    await expectCallsMatch(adminApp, ADMIN_OPERATIONS, adminCalls, PRODUCED_ELSEWHERE);
  });

  it('documents the search body with the rules the server applies', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json<Record<string, unknown>>();
    const text = JSON.stringify(document);
    expect(text).toContain('"maximum":100');
    expect(text).toContain('"maxItems":500');
    expect(text).toContain('X-XSRF-TOKEN');
  });

  it('lists the admin calls and their bearer scheme only on a server with ADMIN_TOKEN', async () => {
    const plain = await documentOf(app);
    const withAdmin = await documentOf(adminApp);
    const adminPaths = new Set(ADMIN_OPERATIONS.map((operation) => operation.path));
    expect(Object.keys(plain.paths).filter((path) => adminPaths.has(path))).toEqual([]);
    expect(plain.components.securitySchemes).not.toHaveProperty('bearerAuth');
    // Without ADMIN_TOKEN the calls the document leaves out really do not exist.
    const missing = await app.inject({ url: url(`${[...adminPaths][0] ?? ''}`, MAIN, '', 'x') });
    expect(missing.statusCode).toBe(404);

    expect(withAdmin.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      xsrfCookie: { type: 'apiKey', in: 'cookie' },
    });
    for (const operation of [...PUBLIC_OPERATIONS, ...ADMIN_OPERATIONS]) {
      const documented = withAdmin.paths[operation.path]?.[operation.method];
      const admin = ADMIN_OPERATIONS.includes(operation);
      expect(documented, operation.operationId).toMatchObject({
        operationId: operation.operationId,
        tags: [admin ? 'admin' : 'public'],
        ...(admin ? { security: [{ bearerAuth: [] }] } : {}),
      });
      expect(JSON.stringify(documented).includes('bearerAuth'), operation.operationId).toBe(admin);
    }
  });

  it('documents the import body as rows or a directory document, and mode as upsert or replace', async () => {
    const document = await documentOf(adminApp);
    const importPath = ADMIN_OPERATIONS.find((op) => op.operationId === 'importPartners')?.path;
    const operation = documentedOperation(document, importPath ?? '', 'post');
    const body = operation.requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({
      anyOf: [
        { type: 'array', items: { required: expect.arrayContaining(['slug', 'title']) } },
        {
          type: 'object',
          required: ['sites'],
        },
      ],
    });
    expect(JSON.stringify(document.paths[importPath ?? ''])).toContain(
      '"schema":{"default":"upsert","type":"string","enum":["upsert","replace"]}',
    );
  });
});
