/**
 * Bad admin requests over a real SQLite file and a real PostgreSQL server: ids no site can
 * have, unknown fields, bodies of the wrong kind and bad contact request ids each get a 400
 * that names what is wrong, and change nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, problemSchema } from '@partners-network/contract';
import { buildApp } from '../../app';
import { ContactService } from '../../contact/ContactService';
import { openContactOutbox } from '../../contact/openContactOutbox';
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import type { SearchService } from '../../service/SearchService';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import type { TestPostgres } from '../../store/postgres/__tests__/startPostgres';
import { startPostgres } from '../../store/postgres/__tests__/startPostgres';

const TOKEN = 'bad-requests-admin-token';
const auth = { authorization: `Bearer ${TOKEN}` };
const site = `${API_BASE_PATH}/${MAIN.companyId}/${MAIN.scopeGroupId}`;
const folder = mkdtempSync(join(tmpdir(), 'pn-admin-bad-'));
let postgres: TestPostgres | undefined;

afterAll(async () => {
  await postgres?.destroy();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

interface Opened {
  store: SearchService;
  outbox: { DATABASE_URL?: string; databasePath: string };
}

const databases: [string, () => Promise<Opened>][] = [
  [
    'SQLite',
    async () => {
      const databasePath = join(folder, 'admin-bad.db');
      return { store: openSqliteStore({ path: databasePath }), outbox: { databasePath } };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      postgres = await startPostgres();
      const url = await postgres.createDatabase();
      return {
        store: await openPostgresStore({ connectionString: url, poolSize: 3 }),
        outbox: { DATABASE_URL: url, databasePath: '' },
      };
    },
  ],
];

function problemTitle(payload: string): string {
  return problemSchema.parse(JSON.parse(payload)).title;
}

describe.each(databases)('bad admin requests over %s', (_name, open) => {
  let app: FastifyInstance;
  let store: SearchService;
  let contact: ContactService;

  beforeAll(async () => {
    const opened = await open();
    store = opened.store;
    await store.importDirectory(storeFixture());
    await store.warm();
    contact = new ContactService({
      outbox: await openContactOutbox(opened.outbox),
      settings: {
        smtpUrl: undefined,
        from: 'Directory <directory@example.com>',
        webhookSecret: undefined,
        privacyNoticeUrl: undefined,
        retentionDays: 90,
        limitPerHour: 0,
        waitSeconds: 0,
        retrySeconds: 1,
        maxAttempts: 2,
      },
      partners: store,
    });
    app = await buildApp({ store, service: store, adminTokens: [TOKEN], contact });
  }, 90_000);

  afterAll(async () => {
    await app.close();
    await contact.close();
    await store.close();
  });

  const partnerSnapshot = async () =>
    (await app.inject({ url: `${site}/export?format=json`, headers: auth })).payload;

  it('answers an id no site can have with a 400 naming companyId or scopeGroupId', async () => {
    const before = await partnerSnapshot();
    const tooLong = '9'.repeat(65);
    const cases: [string, string, string][] = [
      [`/${tooLong}/${MAIN.scopeGroupId}`, 'companyId', 'GET /partners'],
      [`/%20${MAIN.companyId}/${MAIN.scopeGroupId}`, 'companyId', 'GET /partners'],
      [`/${MAIN.companyId}/${tooLong}`, 'scopeGroupId', 'GET /partners'],
      [`/${MAIN.companyId}/%00`, 'scopeGroupId', 'GET /partners'],
    ];
    const routes: [string, string, unknown?][] = [
      ['GET', '/partners'],
      ['GET', '/partners/muller-cloud'],
      ['PUT', '/partners/muller-cloud', { slug: 'muller-cloud' }],
      ['DELETE', '/partners/muller-cloud'],
      ['GET', '/definitions'],
      ['POST', '/partners/import?dryRun=true', []],
      ['POST', '/partners/import', []],
      ['GET', '/export?format=csv'],
      ['GET', '/tuning'],
      ['PUT', '/tuning', { synonymSets: [], queryRules: [] }],
      ['GET', '/contact-requests'],
      ['DELETE', '/contact-requests/1'],
      ['GET', '/filter-groups?locale=en-US'],
      ['GET', '/places?q=Lyo&locale=en-US'],
    ];
    for (const [ids, parameter] of cases) {
      for (const [method, path, body] of routes) {
        const response = await app.inject({
          method:
            method === 'PUT'
              ? 'PUT'
              : method === 'POST'
                ? 'POST'
                : method === 'DELETE'
                  ? 'DELETE'
                  : 'GET',
          url: `${API_BASE_PATH}${ids}${path}`,
          headers: auth,
          ...(body === undefined
            ? {}
            : {
                payload: JSON.stringify(body),
                headers: { ...auth, 'content-type': 'application/json' },
              }),
        });
        expect([method, path, response.statusCode]).toEqual([method, path, 400]);
        expect(problemTitle(response.payload)).toMatch(new RegExp(`^${parameter} in the address`));
      }
    }
    expect(await partnerSnapshot()).toBe(before);
  });

  it('keeps a 404 for an id that could be a site but is not, numeric or not', async () => {
    for (const ids of ['/acme/elsewhere', '/20097/20121']) {
      const response = await app.inject({ url: `${API_BASE_PATH}${ids}/partners`, headers: auth });
      expect(response.statusCode).toBe(404);
      expect(problemTitle(response.payload)).toMatch(/^no partner directory for company/);
    }
  });

  it('refuses unknown fields in a partner or a tuning, naming them, and keeps the data', async () => {
    const before = await partnerSnapshot();
    const current = (
      await app.inject({ url: `${site}/partners/muller-cloud`, headers: auth })
    ).json<Record<string, unknown>>();
    const { summary, ...withoutSummary } = current;
    const misspelt = await app.inject({
      method: 'PUT',
      url: `${site}/partners/muller-cloud`,
      headers: auth,
      payload: { ...withoutSummary, sumary: summary },
    });
    expect(misspelt.statusCode).toBe(400);
    expect(problemTitle(misspelt.payload)).toBe('partner has no field sumary');
    expect(await partnerSnapshot()).toBe(before);
    // The partner as the API reads it goes back unchanged: nothing it sends is unknown.
    const roundTrip = await app.inject({
      method: 'PUT',
      url: `${site}/partners/muller-cloud`,
      headers: auth,
      payload: current,
    });
    expect(roundTrip.statusCode).toBe(200);

    const tuningBefore = (await app.inject({ url: `${site}/tuning`, headers: auth })).payload;
    for (const [path, payload, title] of [
      [
        '/tuning',
        { synonymSets: [], queryRules: [], synonyms: [] },
        'tuning has no field synonyms',
      ],
      [
        '/tuning/preview?locale=en-US',
        {
          tuning: { synonymSets: [], queryRules: [] },
          criteria: {
            globalFilter: 'tech',
            text: '',
            filterItemIds: [],
            offset: 0,
            resultsPerPage: 5,
          },
          dryRun: true,
        },
        'preview has no field dryRun',
      ],
    ] as const) {
      const response = await app.inject({
        method: path === '/tuning' ? 'PUT' : 'POST',
        url: `${site}${path}`,
        headers: auth,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(problemTitle(response.payload)).toContain(title);
    }
    expect((await app.inject({ url: `${site}/tuning`, headers: auth })).payload).toBe(tuningBefore);
  });

  it('answers a DELETE sent with a JSON Content-Type and no body without blaming search criteria', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: `${site}/partners/muller-cloud`,
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(problemTitle(response.payload)).toBe(
      'request body is empty: send a JSON object, or no Content-Type when there is no body',
    );
    const still = await app.inject({ url: `${site}/partners/muller-cloud`, headers: auth });
    expect(still.statusCode).toBe(200);
  });

  it('answers a contact request id that is not a whole number with a 400 naming id', async () => {
    for (const id of ['abc', '1e3', '-1', '0', '1.5', '%20']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await app.inject({
          method,
          url: `${site}/contact-requests/${id}`,
          headers: auth,
        });
        expect([id, method, response.statusCode]).toEqual([id, method, 400]);
        expect(problemTitle(response.payload)).toMatch(/^id in the address must be/);
      }
    }
    const unknown = await app.inject({ url: `${site}/contact-requests/424242`, headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(problemTitle(unknown.payload)).toBe('no contact request 424242');
  });
});
