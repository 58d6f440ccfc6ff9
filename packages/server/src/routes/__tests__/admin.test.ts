/** The admin API over a real SQLite file, through Fastify's inject. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, problemSchema, searchPath } from '@partners-network/contract';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { GOLD, MAIN, storeFixture } from '../../store/__tests__/storeFixture';

const folder = mkdtempSync(join(tmpdir(), 'partners-admin-'));
const TOKENS = ['first-secret-token', 'rotated-secret-token'];
const base = `${API_BASE_PATH}/${MAIN.companyId}/${MAIN.scopeGroupId}/partners`;
const logLines: string[] = [];
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'admin.db') });
  await store.importDirectory(storeFixture());
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    store,
    service: store,
    adminTokens: TOKENS,
    logger: { level: 'info', stream },
  });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

const auth = (token = TOKENS[0]) => ({ authorization: `Bearer ${token ?? ''}` });

async function search(text: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${searchPath(MAIN)}?locale=en-US`,
    headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    payload: { globalFilter: 'tech', text, filterItemIds: [], offset: 0, resultsPerPage: 100 },
  });
  const body: unknown = response.json();
  const titles =
    typeof body === 'object' && body !== null && 'partners' in body && Array.isArray(body.partners)
      ? body.partners.map((partner: unknown) =>
          typeof partner === 'object' && partner !== null && 'title' in partner
            ? partner.title
            : undefined,
        )
      : [];
  return titles;
}

function problem(payload: string) {
  return problemSchema.parse(JSON.parse(payload));
}

const newPartner = {
  slug: 'zeta-analytics',
  title: { 'en-US': 'Zeta Analytics', 'fr-FR': 'Zêta Analytique' },
  summary: 'Dashboards for retailers',
  url: '/partners/zeta-analytics',
  globalFilters: ['tech'],
  filterItemIds: [GOLD],
};

describe('admin API authentication', () => {
  it('answers 401 with a problem body to a missing, wrong or malformed token', async () => {
    for (const headers of [
      {},
      auth('wrong-token'),
      { authorization: TOKENS[0] ?? '' },
      { authorization: `Basic ${TOKENS[0] ?? ''}` },
    ]) {
      const response = await app.inject({ url: `${base}/muller-cloud`, headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(problem(response.payload).status).toBe('UNAUTHORIZED');
    }
  });

  it('takes every token of the list, so one can be rotated', async () => {
    for (const token of TOKENS) {
      const response = await app.inject({ url: `${base}/muller-cloud`, headers: auth(token) });
      expect(response.statusCode).toBe(200);
    }
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const plain = await buildApp({ store, service: store });
    const response = await plain.inject({ url: `${base}/muller-cloud`, headers: auth() });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });
});

describe('admin API partners', () => {
  it('reads one partner as a row of the import format', async () => {
    const response = await app.inject({ url: `${base}/muller-cloud`, headers: auth() });
    expect(response.json()).toEqual({
      slug: 'muller-cloud',
      title: { 'en-US': 'Müller Cloud GmbH', 'de-DE': 'Müller Wolke GmbH' },
      summary: { 'en-US': 'Data platforms', 'de-DE': 'Datenplattformen' },
      url: '/partners/muller-cloud',
      imageUrl: '/logos/muller.svg',
      position: 10,
      globalFilters: ['tech'],
      filterItemIds: [102, 202, 302],
      locations: [],
    });
    const missing = await app.inject({ url: `${base}/nobody-here`, headers: auth() });
    expect(missing.statusCode).toBe(404);
    expect(problem(missing.payload).status).toBe('NOT_FOUND');
  });

  it('creates with PUT, visible in the next search, and logs which token without it', async () => {
    const created = await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: auth(TOKENS[1]),
      payload: newPartner,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'zeta-analytics', filterItemIds: [GOLD] });
    // Typo tolerance also finds other partners one letter away (Beta, Meta): the exact
    // word comes first.
    const found = await search('zeta');
    expect(found[0]).toBe('Zeta Analytics');
    expect(found.filter((title) => String(title).startsWith('Zeta'))).toEqual(['Zeta Analytics']);
    const updated = await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: auth(),
      payload: { ...newPartner, title: 'Zeta Insights' },
    });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = await search('zeta');
    expect(afterUpdate[0]).toBe('Zeta Insights');
    expect(afterUpdate.filter((title) => String(title).startsWith('Zeta'))).toEqual([
      'Zeta Insights',
    ]);
    const logs = logLines.join('');
    expect(logs).toContain('"slug":"zeta-analytics"');
    expect(logs).toContain('"tokenIndex":1');
    for (const token of TOKENS) expect(logs).not.toContain(token);
  });

  it('answers 400 naming the field and the rule, and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...newPartner, url: 'javascript:alert(1)' }, /url must be a path/],
      [
        { ...newPartner, globalFilters: ['no-such-filter'] },
        /globalFilters: unknown global filter "no-such-filter"/,
      ],
      [{ ...newPartner, filterItemIds: [424242] }, /filterItemIds: unknown filter item id 424242/],
      [{ ...newPartner, slug: 'other-slug' }, /slug must be zeta-analytics/],
      [{ ...newPartner, title: undefined }, /title is required/],
    ];
    const before = await search('zeta');
    for (const [payload, title] of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: `${base}/zeta-analytics`,
        headers: { ...auth(), 'content-type': 'application/json' },
        // JSON.stringify drops undefined fields: a missing title.
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(problem(response.payload).title).toMatch(title);
    }
    expect(await search('zeta')).toEqual(before);
    const notJson = await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: '{"slug": ',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps locations, taking the coordinates of a city given without them', async () => {
    const located = {
      ...newPartner,
      slug: 'lyon-located',
      url: '/partners/lyon-located',
      locations: [
        { city: 'Lyon', country: 'FR', label: 'Head office' },
        { city: 'Annecy', country: 'FR', latitude: 45.9, longitude: 6.12 },
      ],
    };
    const response = await app.inject({
      method: 'PUT',
      url: `${base}/lyon-located`,
      headers: auth(),
      payload: located,
    });
    expect(response.statusCode).toBe(201);
    const expected = [
      { city: 'Lyon', country: 'FR', latitude: 45.74846, longitude: 4.84671, label: 'Head office' },
      { city: 'Annecy', country: 'FR', latitude: 45.9, longitude: 6.12 },
    ];
    expect(response.json()).toMatchObject({ locations: expected });
    const read = await app.inject({ url: `${base}/lyon-located`, headers: auth() });
    expect(read.json()).toMatchObject({ locations: expected });
    const removed = await app.inject({
      method: 'DELETE',
      url: `${base}/lyon-located`,
      headers: auth(),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('answers 400 naming the field and the city the gazetteer does not know', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: auth(),
      payload: { ...newPartner, locations: [{ city: 'Lyonn', country: 'FR' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(problem(response.payload).title).toBe(
      'locations.0.city: the gazetteer knows no city "Lyonn" in FR: check its spelling, or give its latitude and longitude; nothing was changed',
    );
    const eleven = Array.from({ length: 11 }, () => ({ city: 'Lyon', country: 'FR' }));
    const tooMany = await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: auth(),
      payload: { ...newPartner, locations: eleven },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(problem(tooMany.payload).title).toBe('a partner has at most 10 locations');
  });

  it('answers 404 for an unknown site', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/acme/nowhere/partners/zeta-analytics`,
      headers: auth(),
      payload: newPartner,
    });
    expect(response.statusCode).toBe(404);
  });

  it('deletes with DELETE; a second DELETE is 404', async () => {
    await app.inject({
      method: 'PUT',
      url: `${base}/zeta-analytics`,
      headers: auth(),
      payload: newPartner,
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${base}/zeta-analytics`,
      headers: auth(),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await search('zeta')).filter((title) => String(title).startsWith('Zeta'))).toEqual([]);
    const again = await app.inject({
      method: 'DELETE',
      url: `${base}/zeta-analytics`,
      headers: auth(),
    });
    expect(again.statusCode).toBe(404);
    expect(logLines.join('')).toContain('"action":"deleted"');
  });
});

describe('admin API import', () => {
  const rows = [
    { slug: 'alpha-one', title: 'Alpha One', url: '/partners/alpha-one', globalFilters: ['tech'] },
    { slug: 'beta-two', title: 'Beta Two', url: '/partners/beta-two', globalFilters: ['tech'] },
  ];

  it('imports rows all or nothing, naming the bad row', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: auth(),
      payload: [...rows, { ...rows[0], slug: 'gamma', globalFilters: ['nope'] }],
    });
    expect(bad.statusCode).toBe(400);
    // Rows are counted from 1; a JSON body on one line has every row on line 1.
    expect(problem(bad.payload).title).toBe(
      'row 3 (line 1): globalFilters: unknown global filter "nope"; nothing was changed',
    );
    expect(await search('alpha')).toEqual([]);
    const good = await app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: auth(),
      payload: rows,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ sites: 1, partnersCreated: 2, partnersUpdated: 0 });
    expect(await search('alpha')).toEqual(['Alpha One']);
  });

  it('says which cities of a shared name it took, and how many it located', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: auth(),
      payload: [
        {
          ...rows[0],
          locations: [
            { city: 'Paris', country: 'FR' },
            { city: 'Springfield', country: 'US' },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      locationsLocated: 2,
      ambiguousCities: [
        {
          slug: 'alpha-one',
          location: 1,
          city: 'Springfield',
          country: 'US',
          latitude: 37.21533,
          longitude: -93.29824,
          sameName: expect.any(Number),
        },
      ],
    });
  });

  it('with ?mode=replace removes the partners the file does not name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${base}/import?mode=replace`,
      headers: auth(),
      payload: [rows[1]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ partnersUpdated: 1, partnersDeleted: 28 });
    expect(await search('')).toEqual(['Beta Two']);
    const badMode = await app.inject({
      method: 'POST',
      url: `${base}/import?mode=wipe`,
      headers: auth(),
      payload: rows,
    });
    expect(badMode.statusCode).toBe(400);
    expect(problem(badMode.payload).title).toBe('mode must be upsert or replace');
  });
});
