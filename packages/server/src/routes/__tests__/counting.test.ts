/**
 * What is counted and how it reads back, through the routes (Fastify's inject) over a
 * real SQLite file: first pages count and Load More does not, the beacon of a card
 * opened counts that partner at that position, bad beacons are refused, and the admin
 * API's insights name what was counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  clicksPath,
  insightsSchema,
  problemSchema,
  searchPath,
  searchResponseSchema,
} from '@partners-network/contract';
import type { Insights, SearchCriteria } from '@partners-network/contract';
import { buildApp } from '../../app';
import { COUNTING_OPERATIONS, INSIGHTS_OPERATIONS } from '../../openapi/apiOperations';
import {
  documentedOperation,
  expectDocumentedAnswer,
  expectDocumentedBody,
  parseOpenApiDocument,
} from '../../openapi/__tests__/documentedAnswers';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { SearchStats } from '../../stats/SearchStats';
import { MAIN, ZURICH, storeFixture } from '../../store/__tests__/storeFixture';
import { openStats } from '../../store/sqlite/openStats';
import type { StatsStore } from '../../store/StatsStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-counting-'));
const TOKEN = 'insights-secret-token';
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
const insightsUrl = `${API_BASE_PATH}/${MAIN.companyId}/${MAIN.scopeGroupId}/insights`;
let store: SearchService;
let stats: StatsStore;
let counting: SearchStats;
let app: FastifyInstance;
let limited: FastifyInstance;

beforeAll(async () => {
  const path = join(folder, 'counting.db');
  store = openSqliteStore({ path });
  await store.importDirectory(storeFixture());
  stats = openStats({ path });
  counting = new SearchStats(stats);
  app = await buildApp({
    store,
    service: store,
    adminTokens: [TOKEN],
    counting,
    stats,
    metricsSources: [store, counting],
  });
  limited = await buildApp({ store, counting, rateLimit: { perMinute: 3 } });
});

afterAll(async () => {
  await app.close();
  await limited.close();
  await stats.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Each test reads only its own counts: the day's rows are emptied between tests. */
afterEach(async () => {
  await counting.flush();
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(folder, 'counting.db'));
  db.exec('DELETE FROM search_count; DELETE FROM click_count;');
  db.close();
});

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function search(criteria: Partial<SearchCriteria>, locale = 'en-US') {
  const response = await app.inject({
    method: 'POST',
    url: `${searchPath(MAIN)}?locale=${locale}`,
    headers: { ...XSRF, 'content-type': 'application/json' },
    payload: {
      globalFilter: 'tech',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
      ...criteria,
    },
  });
  expect(response.statusCode).toBe(200);
  return searchResponseSchema.parse(response.json());
}

function beacon(payload: string, contentType = 'text/plain;charset=UTF-8', server = app) {
  return server.inject({
    method: 'POST',
    url: clicksPath(MAIN),
    headers: { 'content-type': contentType },
    payload,
  });
}

async function insights(query = ''): Promise<Insights> {
  await counting.flush();
  const response = await app.inject({
    url: `${insightsUrl}?from=${today()}&to=${today()}${query}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return insightsSchema.parse(response.json());
}

describe('counting searches', () => {
  it('counts each first page, answered afresh or from the cache; a Load More and a refused search do not count', async () => {
    for (let time = 0; time < 3; time += 1) await search({ text: 'Cloud ' });
    await search({ text: 'cloud', offset: 10 });
    const refused = await app.inject({
      method: 'POST',
      url: searchPath(MAIN),
      headers: { ...XSRF, 'content-type': 'application/json' },
      payload: {
        globalFilter: 'tech',
        text: 'a@b',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      },
    });
    expect(refused.statusCode).toBe(400);

    const read = await insights();
    expect(read.topSearches).toEqual([{ text: 'cloud', searches: 3, zeroResults: 0, clicks: 0 }]);
    expect(read.totals).toMatchObject({ searches: 3, zeroResults: 0, zeroResultRate: 0 });
    expect(read.days).toEqual([{ day: today(), searches: 3, zeroResults: 0 }]);
  });

  it('names the searches that found nothing with the filter and the items ticked, in the locale asked', async () => {
    for (let time = 0; time < 3; time += 1) {
      const answer = await search({ text: 'quantum', filterItemIds: [ZURICH] }, 'fr_FR');
      expect(answer.totalFound).toBe(0);
    }
    await search({ text: 'banking' });

    const read = await insights('&locale=fr-FR');
    expect(read.locale).toBe('fr-FR');
    expect(read.zeroResultSearches).toEqual([
      {
        text: 'quantum',
        globalFilter: { name: 'tech', label: 'Partenaires technologiques' },
        filterItems: [{ id: ZURICH, name: 'Zurich', group: 'Région' }],
        searches: 3,
      },
    ]);
    expect(read.filterItems).toEqual([
      {
        globalFilter: { name: 'tech', label: 'Partenaires technologiques' },
        id: ZURICH,
        name: 'Zurich',
        group: 'Région',
        searches: 3,
        zeroResults: 3,
      },
    ]);
    // Only the French searches; "banking" (once, in English) is not of this locale.
    expect(read.totals).toMatchObject({ searches: 3, zeroResults: 3, zeroResultRate: 1 });
    const everyLocale = await insights();
    expect(everyLocale.totals).toMatchObject({ searches: 4, otherSearches: 1 });
    expect(everyLocale.topSearches.map((text) => text.text)).toEqual(['quantum']);
  });
});

describe('the beacon of a card opened', () => {
  it('counts the partner at that position of the page the answer id names, without cookie or anti-forgery header', async () => {
    const first = await search({ text: 'filler' });
    const more = await search({ text: 'filler', offset: 10 });
    expect(first.answerId).toMatch(/^1\./);
    expect(more.answerId).not.toBe(first.answerId);
    // Every visitor asking the same page gets the same id: it names the answer, not them.
    expect((await search({ text: 'filler' })).answerId).toBe(first.answerId);

    const opened = await beacon(JSON.stringify({ answerId: more.answerId, position: 12 }));
    expect(opened.statusCode).toBe(204);
    expect(opened.body).toBe('');
    const json = await beacon(
      JSON.stringify({ answerId: first.answerId, position: 1 }),
      'application/json',
    );
    expect(json.statusCode).toBe(204);
    await beacon(JSON.stringify({ answerId: first.answerId, position: 1 }));

    const read = await insights();
    expect(read.partners).toEqual([
      expect.objectContaining({ title: first.partners[0]?.title, clicks: 2 }),
      expect.objectContaining({ title: more.partners[1]?.title, clicks: 1 }),
    ]);
    expect(read.partners[0]?.slug).toMatch(/^filler-partner-\d+$/);
    // Two first pages found partners (the Load More is not a search of its own).
    expect(read.positions).toEqual([
      { position: 1, clicks: 2, rate: 1 },
      { position: 12, clicks: 1, rate: 0.5 },
    ]);
    expect(read.totals).toMatchObject({ searches: 2, clicks: 3, clickThroughRate: 1.5 });
  });

  it('refuses what does not decode with a 400, and counts nothing', async () => {
    const { answerId } = await search({ text: 'filler' });
    const before = counting.figures().counting?.clicksCounted;
    const refused = [
      'not json',
      JSON.stringify({ position: 1 }),
      JSON.stringify({ answerId, position: 0 }),
      JSON.stringify({ answerId, position: 1.5 }),
      JSON.stringify({ answerId, position: 11 }),
      JSON.stringify({ answerId: 'made-up', position: 1 }),
      JSON.stringify({ answerId: `1.${Buffer.from('[]').toString('base64url')}`, position: 1 }),
    ];
    for (const payload of refused) {
      const response = await beacon(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(problemSchema.parse(response.json()).status).toBe('BAD_REQUEST');
    }
    expect((await beacon('', 'application/json')).statusCode).toBe(400);
    const unknownSite = await app.inject({
      method: 'POST',
      url: clicksPath({ companyId: 'acme', scopeGroupId: 'nowhere' }),
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ answerId, position: 1 }),
    });
    expect(unknownSite.statusCode).toBe(404);
    expect(counting.figures().counting?.clicksCounted).toBe(before);
  });

  it('is held to the per-client limit like every API call', async () => {
    const { answerId } = await search({ text: 'filler' });
    const statuses: number[] = [];
    for (let time = 0; time < 4; time += 1) {
      const response = await beacon(
        JSON.stringify({ answerId, position: 1 }),
        'text/plain',
        limited,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});

describe('the insights call', () => {
  it('wants the admin token, real days in order and a known site', async () => {
    const anonymous = await app.inject({ url: `${insightsUrl}?from=${today()}&to=${today()}` });
    expect(anonymous.statusCode).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const query of [
      '',
      '?from=2026-01-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-03-02&to=2026-03-01',
      '?from=2024-01-01&to=2026-01-01',
      '?from=yesterday&to=today',
    ]) {
      const response = await app.inject({ url: `${insightsUrl}${query}`, headers: auth });
      expect(response.statusCode, query).toBe(400);
    }
    const unknown = await app.inject({
      url: `${API_BASE_PATH}/acme/nowhere/insights?from=${today()}&to=${today()}`,
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('fills every day of the period and shows the counts on /metrics', async () => {
    await search({ text: 'cloud' });
    await counting.flush();
    const response = await app.inject({
      url: `${insightsUrl}?from=2026-01-30&to=2026-02-02`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(insightsSchema.parse(response.json()).days.map((day) => day.day)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^pn_stats_searches_counted_total \d+$/m);
    expect(metrics).toMatch(/^pn_stats_flushes_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^pn_stats_failed_flushes_total 0$/m);
    expect(metrics).toMatch(/^pn_stats_counts_waiting 0$/m);
    expect(metrics).toMatch(/^pn_stats_clicks_counted_total \d+$/m);
  });
});

describe('erasing the counts', () => {
  it("wants the admin token and a known site, then erases the site's counts, stored and waiting", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    await search({ text: 'cloud' });
    await counting.flush();
    await search({ text: 'kubernetes' });
    expect(counting.waiting).toBe(1);

    expect((await app.inject({ method: 'DELETE', url: insightsUrl })).statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'DELETE',
      url: `${API_BASE_PATH}/acme/nowhere/insights`,
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await insights()).totals.searches).toBe(2);

    await search({ text: 'later' });
    const erased = await app.inject({ method: 'DELETE', url: insightsUrl, headers: auth });
    expect(erased.statusCode).toBe(204);
    expect(counting.waiting).toBe(0);
    const after = await insights();
    expect(after.totals).toMatchObject({ searches: 0, clicks: 0 });
    expect(after.days.every((day) => day.searches === 0)).toBe(true);
    // Counting goes on after an erasure.
    await search({ text: 'cloud' });
    expect((await insights()).totals.searches).toBe(1);
  });
});

describe('/openapi.json', () => {
  it('documents the beacon and the insights, and every answer they give matches it', async () => {
    const document = parseOpenApiDocument((await app.inject({ url: '/openapi.json' })).json());
    const [clicks] = COUNTING_OPERATIONS;
    const [insightsCall] = INSIGHTS_OPERATIONS;
    if (!clicks || !insightsCall) throw new Error('the operations are missing');
    const beaconOperation = documentedOperation(document, clicks.path, 'post');
    const { answerId } = await search({ text: 'filler' });
    const body = { answerId, position: 2 };
    expectDocumentedBody(beaconOperation, body, 'beacon');
    const answers = [
      await beacon(JSON.stringify(body)),
      await beacon('{}'),
      await app.inject({
        method: 'POST',
        url: clicksPath({ companyId: 'acme', scopeGroupId: 'nowhere' }),
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
    ];
    for (const [index, answer] of [
      ...answers,
      await beacon('{}', 'text/plain', limited),
    ].entries()) {
      expectDocumentedAnswer(beaconOperation, answer, `beacon ${index}`);
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 400, 404]);

    const insightsOperation = documentedOperation(document, insightsCall.path, 'get');
    const auth = { authorization: `Bearer ${TOKEN}` };
    const period = `?from=${today()}&to=${today()}`;
    for (const [status, request] of [
      [200, { url: `${insightsUrl}${period}&locale=de_DE`, headers: auth }],
      [400, { url: `${insightsUrl}?from=${today()}`, headers: auth }],
      [401, { url: `${insightsUrl}${period}` }],
      [404, { url: `${API_BASE_PATH}/acme/nowhere/insights${period}`, headers: auth }],
    ] as const) {
      const answer = await app.inject(request);
      expect(answer.statusCode).toBe(status);
      expectDocumentedAnswer(insightsOperation, answer, `insights ${status}`);
    }
    const eraseOperation = documentedOperation(document, insightsCall.path, 'delete');
    for (const [status, request] of [
      [204, { method: 'DELETE', url: insightsUrl, headers: auth }],
      [401, { method: 'DELETE', url: insightsUrl }],
      [404, { method: 'DELETE', url: `${API_BASE_PATH}/acme/nowhere/insights`, headers: auth }],
    ] as const) {
      const answer = await app.inject(request);
      expect(answer.statusCode).toBe(status);
      expectDocumentedAnswer(eraseOperation, answer, `erase ${status}`);
    }
    // Without the admin API the insights are neither listed nor there.
    const plain = parseOpenApiDocument((await limited.inject({ url: '/openapi.json' })).json());
    expect(plain.paths[insightsCall.path]).toBeUndefined();
    expect(plain.paths[clicks.path]).toBeDefined();
  });
});
