/**
 * The search criteria's near, radiusKm and sort (issue 25) are accepted and, until the
 * search applies them, change nothing: an old client and a new one get the same answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'near.db') });
  await store.importDirectory(storeFixture());
  app = await buildApp({ store });
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
  it('are accepted, and answer what an old client gets, without echoing them', async () => {
    const old = await post(criteria);
    const near = await post({
      ...criteria,
      near: { latitude: 45.75, longitude: 4.85, label: 'Lyon' },
      radiusKm: 50,
      sort: 'distance',
    });
    expect(old.statusCode).toBe(200);
    expect(near.statusCode).toBe(200);
    expect(near.payload).toBe(old.payload);
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
});
