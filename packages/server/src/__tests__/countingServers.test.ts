/**
 * The search counts across real server processes: two API servers on one PostgreSQL
 * database add their counts up (one by its timer, one in its drain on SIGTERM), and
 * after traffic that carried addresses, user agents, contact details and a visitor's own
 * position, no table of either database (SQLite, PostgreSQL) holds any of them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  API_BASE_PATH,
  clicksPath,
  insightsSchema,
  searchPath,
  searchResponseSchema,
} from '@partners-network/contract';
import type { Insights } from '@partners-network/contract';
import { COUNTING_OPERATIONS, INSIGHTS_OPERATIONS } from '../openapi/apiOperations';
import {
  documentedOperation,
  expectDocumentedAnswer,
  parseOpenApiDocument,
} from '../openapi/__tests__/documentedAnswers';
import { useTestDatabases } from '../store/__tests__/useTestDatabases';
import type { RunningServer } from './startServer';
import { startServer } from './startServer';

const SCOPE = { companyId: '20097', scopeGroupId: '20121' };
const TOKEN = 'counting-operator-token';
const SEEN_WITHIN = 15_000;
/** What a visitor's request carries that must never be stored. */
const VISITOR = {
  address: '203.0.113.77',
  userAgent: 'Mozilla/5.0 (PrivacyProbe 7.7) Gecko/20100101 TestBrowser/4.2.1',
  phone: '030 4815 1623 42',
  email: 'jane.doe@example.com',
  /** A search near the visitor's own position ("near me", issue 25). */
  near: { latitude: 48.871937, longitude: 2.331468, label: 'PrivacyHome' },
};

const databases = useTestDatabases('partners-counting-servers-');
const { folder } = databases;
const postgres = () => databases.postgres();

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A first page (or a Load More), as a visitor's browser behind a proxy sends it. */
async function search(server: RunningServer, text: string, offset = 0, near?: typeof VISITOR.near) {
  const response = await fetch(`${server.address}${searchPath(SCOPE)}?locale=en-US`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
      'user-agent': VISITOR.userAgent,
      'x-forwarded-for': VISITOR.address,
    },
    body: JSON.stringify({
      globalFilter: 'technology-partners',
      text,
      filterItemIds: [],
      offset,
      resultsPerPage: 10,
      ...(near ? { near, sort: 'distance' } : {}),
    }),
  });
  return { status: response.status, body: await response.text() };
}

async function answerOf(
  server: RunningServer,
  text: string,
  offset = 0,
  near?: typeof VISITOR.near,
) {
  const { status, body } = await search(server, text, offset, near);
  expect(status).toBe(200);
  return searchResponseSchema.parse(JSON.parse(body));
}

function beacon(server: RunningServer, answerId: unknown, position: number) {
  return fetch(`${server.address}${clicksPath(SCOPE)}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': VISITOR.userAgent,
      'x-forwarded-for': VISITOR.address,
    },
    body: JSON.stringify({ answerId, position }),
  });
}

async function insights(server: RunningServer): Promise<Insights> {
  const url = `${server.address}${API_BASE_PATH}/${SCOPE.companyId}/${SCOPE.scopeGroupId}/insights?from=${today()}&to=${today()}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return insightsSchema.parse(await response.json());
}

function searchesOf(read: Insights, text: string): number {
  return read.topSearches.find((entry) => entry.text === text)?.searches ?? 0;
}

describe('two API servers on one PostgreSQL database', () => {
  let databaseUrl: string;
  let timed: RunningServer;
  let draining: RunningServer | undefined;

  beforeAll(async () => {
    databaseUrl = await postgres().createDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      SEED_PARTNER_COUNT: '60',
      ADMIN_TOKEN: TOKEN,
      SHUTDOWN_DRAIN_MS: '100',
    };
    // One flushes by its timer; the other only in its drain (its timer is a minute).
    timed = await startServer({ ...env, STATS_FLUSH_MS: '300' });
    draining = await startServer({ ...env, STATS_FLUSH_MS: '60000' });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([timed?.stop(), draining?.stop()]);
  }, 30_000);

  it('add their counts up: one by its timer, the other in its drain on SIGTERM', async () => {
    const other = draining;
    if (!other) throw new Error('the second server did not start');
    for (let time = 0; time < 2; time += 1) await answerOf(timed, 'cloud');
    const page = await answerOf(other, 'cloud');
    await answerOf(other, 'cloud');
    await answerOf(other, 'cloud', 10);
    expect((await beacon(other, page.answerId, 1)).status).toBe(204);

    // Two searches: below the bar of 3, counted in the totals, not listed yet.
    await vi.waitFor(async () => expect((await insights(timed)).totals.searches).toBe(2), {
      timeout: SEEN_WITHIN,
      interval: 200,
    });
    // Its counts reach the database in its drain, not a minute later.
    expect(await other.stop()).toBe(0);
    draining = undefined;
    const read = await insights(timed);
    expect(read.topSearches).toEqual([{ text: 'cloud', searches: 4, zeroResults: 0, clicks: 1 }]);
    expect(read.partners).toEqual([
      expect.objectContaining({ title: page.partners[0]?.title, clicks: 1 }),
    ]);
  }, 60_000);

  it('keeps counting while the database is away, and adds it all once it is back', async () => {
    const document = parseOpenApiDocument(
      await (await fetch(`${timed.address}/openapi.json`)).json(),
    );
    const before = searchesOf(await insights(timed), 'cloud');
    await postgres().stop();
    try {
      // Searches answer from memory and are counted; flushes fail and keep their counts.
      for (let time = 0; time < 3; time += 1) await answerOf(timed, 'cloud');
      await vi.waitFor(
        async () => {
          const metrics = await (await fetch(`${timed.address}/metrics`)).text();
          expect(metrics).toMatch(/^pn_stats_failed_flushes_total [1-9]/m);
          expect(metrics).toMatch(/^pn_stats_counts_waiting 3$/m);
        },
        { timeout: SEEN_WITHIN, interval: 200 },
      );
      // The insights say the database is away, as /openapi.json documents.
      const [insightsCall] = INSIGHTS_OPERATIONS;
      const [clicksCall] = COUNTING_OPERATIONS;
      if (!insightsCall || !clicksCall) throw new Error('operations missing');
      const url = `${timed.address}${API_BASE_PATH}/${SCOPE.companyId}/${SCOPE.scopeGroupId}/insights?from=${today()}&to=${today()}`;
      const away = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(away.status).toBe(503);
      expectDocumentedAnswer(
        documentedOperation(document, insightsCall.path, 'get'),
        { statusCode: away.status, payload: await away.text() },
        'insights while the database is away',
      );
      // A beacon for a site not in memory needs the database too.
      const unknown = await fetch(
        `${timed.address}${clicksPath({ companyId: '20097', scopeGroupId: '999' })}`,
        {
          method: 'POST',
          body: JSON.stringify({ answerId: '1.WyJlbi1VUyIsIiIsIiIsW10sMCxbMV1d', position: 1 }),
        },
      );
      expect(unknown.status).toBe(503);
      expectDocumentedAnswer(
        documentedOperation(document, clicksCall.path, 'post'),
        { statusCode: unknown.status, payload: await unknown.text() },
        'beacon while the database is away',
      );
    } finally {
      await postgres().start();
    }
    await vi.waitFor(
      async () => expect(searchesOf(await insights(timed), 'cloud')).toBe(before + 3),
      { timeout: SEEN_WITHIN, interval: 300 },
    );
  }, 90_000);
});

/** Every row of every table of a database, as text. */
async function dumpPostgres(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = z.array(z.object({ table_name: z.string() })).parse(
      (
        await client.query(
          `SELECT table_name FROM information_schema.tables
             WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
        )
      ).rows,
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['search_count', 'click_count', 'partner', 'site']),
    );
    const dumps: string[] = [];
    for (const { table_name: table } of tables) {
      const rows = await client.query(`SELECT * FROM "${table}"`);
      dumps.push(`${table}: ${JSON.stringify(rows.rows)}`);
    }
    return dumps.join('\n');
  } finally {
    await client.end();
  }
}

/** Every row of every table of a SQLite file, and the bytes of its files (free pages too). */
function dumpSqlite(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .all();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['search_count', 'click_count', 'partner', 'site']),
    );
    const rows = tables.map(
      ({ name }) => `${name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())}`,
    );
    const files = readdirSync(folder)
      .filter((file) => file.startsWith('privacy.db'))
      .map((file) => readFileSync(join(folder, file)).toString('latin1'));
    return [...rows, ...files].join('\n');
  } finally {
    db.close();
  }
}

/** Traffic that carries an address, a user agent, a phone number and an email address. */
async function visitorTraffic(server: RunningServer): Promise<void> {
  for (let time = 0; time < 3; time += 1) {
    await answerOf(server, VISITOR.phone);
    await answerOf(server, 'cloud');
  }
  // Refused: SPEC's text pattern has no @.
  expect((await search(server, VISITOR.email)).status).toBe(400);
  const page = await answerOf(server, 'cloud');
  expect((await beacon(server, page.answerId, 1)).status).toBe(204);
  // Near the visitor's own position: counted as its text, never with the point.
  const nearby = await answerOf(server, 'cloud', 0, VISITOR.near);
  expect(nearby.searchPartnersCriteria.near).toEqual(VISITOR.near);
  expect((await beacon(server, nearby.answerId, 1)).status).toBe(204);
  // It found nothing: no card to open (position 1 is not on its page).
  const phonePage = await answerOf(server, VISITOR.phone);
  expect((await beacon(server, phonePage.answerId, 1)).status).toBe(400);
  // Forged ids carrying contact details: one refused, one counted without its text.
  const forge = (text: string) =>
    `1.${Buffer.from(JSON.stringify(['en-US', text, 'technology-partners', [], 0, [1]])).toString('base64url')}`;
  expect((await beacon(server, forge('jane doe@example com'), 1)).status).toBe(400);
  expect((await beacon(server, forge('030 4815 1623 42'), 1)).status).toBe(204);
}

function expectNothingOfTheVisitor(dump: string): void {
  const normalizedPhone = VISITOR.phone;
  for (const secret of [
    VISITOR.address,
    'PrivacyProbe',
    'TestBrowser',
    normalizedPhone,
    normalizedPhone.replace(/ /g, ''),
    '4815 1623',
    'jane',
    'example.com',
    '127.0.0.1',
    VISITOR.near.label,
    String(VISITOR.near.latitude),
    String(VISITOR.near.longitude),
  ]) {
    expect(dump.includes(secret), secret).toBe(false);
  }
}

/** A real server over the database, the visitor's traffic, and the server stopped (flushed). */
async function trafficThrough(database: Record<string, string>): Promise<void> {
  const server = await startServer({
    ...database,
    SEED_PARTNER_COUNT: '60',
    ADMIN_TOKEN: TOKEN,
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_MS: '100',
  });
  try {
    await visitorTraffic(server);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

describe('nothing that identifies a visitor is stored', () => {
  it('in PostgreSQL', async () => {
    const url = await postgres().createDatabase();
    await trafficThrough({ DATABASE_URL: url });
    const dump = await dumpPostgres(url);
    // The traffic was counted (3 cloud, 1 more, 1 near the visitor, 4 redacted searches),
    // without its details.
    expect(dump).toMatch(/"text":"cloud"[^}]*"searches":5/);
    expect(dump).toMatch(/"redacted":true[^}]*"searches":4/);
    expectNothingOfTheVisitor(dump);
  }, 60_000);

  it('in SQLite', async () => {
    await trafficThrough({ DATABASE_PATH: join(folder, 'privacy.db') });
    const dump = dumpSqlite(join(folder, 'privacy.db'));
    expect(dump).toMatch(/"text":"cloud"[^}]*"searches":5/);
    expect(dump).toMatch(/"redacted":1[^}]*"searches":4/);
    expectNothingOfTheVisitor(dump);
  }, 60_000);
});
