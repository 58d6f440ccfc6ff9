/**
 * The search criteria's near, radiusKm and sort (issue 25) over HTTP: partners imported with
 * locations come back nearest first with their distance, the criteria echoed as applied; a
 * client that sends none of them gets the answer it always got.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPath } from '@partners-network/contract';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import { openSqliteStore } from '../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-near-'));
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' };
const criteria = {
  globalFilter: 'tech',
  text: 'clou',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 5,
};
/** Everything the server logged, as written (pino's JSON lines). */
let logged = '';
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'near.db') });
  const fixture = storeFixture();
  const located: Record<
    string,
    { city: string; country: string; latitude: number; longitude: number }
  > = {
    'muller-cloud': { city: 'Zürich', country: 'CH', latitude: 47.36667, longitude: 8.55 },
    'societe-generale-conseil': {
      city: 'Lyon',
      country: 'FR',
      latitude: 45.74846,
      longitude: 4.84671,
    },
  };
  for (const site of fixture.sites) {
    site.partners = (site.partners ?? []).map((partner) => {
      const location = located[partner.slug];
      return location ? { ...partner, locations: [location] } : partner;
    });
  }
  await store.importDirectory(fixture);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildApp({ store, logger: { level: 'trace', stream } });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

async function post(body: unknown) {
  return app.inject({
    method: 'POST',
    url: `${searchPath(MAIN)}?locale=en-US`,
    headers: XSRF,
    payload: JSON.stringify(body),
  });
}

describe('search criteria near a point', () => {
  it('answer nearest first, each card with its distance, the criteria as applied', async () => {
    const lyon = { latitude: 45.75, longitude: 4.85, label: 'Lyon' };
    const old = await post(criteria);
    expect(old.json().partners.map((partner: { title: string }) => partner.title)).toEqual([
      'Müller Cloud GmbH',
      'Société Générale Conseil',
    ]);
    expect(old.payload).not.toContain('distance');
    const near = await post({ ...criteria, near: lyon, sort: 'distance' });
    expect(near.statusCode).toBe(200);
    const answer = near.json();
    expect(answer.partners.map((partner: { title: string }) => partner.title)).toEqual([
      'Société Générale Conseil',
      'Müller Cloud GmbH',
    ]);
    expect(answer.partners[0].distance).toEqual({ km: 0.3, city: 'Lyon', country: 'FR' });
    expect(answer.partners[1].distance).toMatchObject({ city: 'Zürich', country: 'CH' });
    expect(answer.searchPartnersCriteria).toMatchObject({ near: lyon, sort: 'distance' });
    const within = (await post({ ...criteria, near: lyon, radiusKm: 50 })).json();
    expect(within.totalFound).toBe(1);
    expect(within.searchPartnersCriteria).toMatchObject({ radiusKm: 50, sort: 'relevance' });
  });

  it.each([
    [{ near: { latitude: 91, longitude: 0 } }, 'near.latitude must be between -90 and 90'],
    [{ near: { latitude: 45 } }, 'near.longitude is required'],
    [{ radiusKm: 0 }, 'radiusKm must be between 1 and 20000'],
    [{ sort: 'cheapest' }, 'sort must be relevance or distance'],
  ])('refuse %j with a 400 that names the field', async (change, title) => {
    const response = await post({ ...criteria, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'BAD_REQUEST', title });
  });

  it('never write the point to the log, even with every log level on', async () => {
    const point = { latitude: 45.7612, longitude: 4.8399, label: 'Chez moi' };
    const response = await post({ ...criteria, near: point });
    expect(response.statusCode).toBe(200);
    expect(logged).toContain(searchPath(MAIN));
    expect(logged).not.toContain('45.76');
    expect(logged).not.toContain('4.8399');
    expect(logged).not.toContain('Chez moi');
  });
});
