import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterGroupsPath, problemSchema, searchPath } from '@partners-network/contract';
import { partnersApi } from '../partnersApi';
import { MAIN, storeFixture } from '../store/__tests__/storeFixture';
import { openSqliteStore } from '../service/openStore';

const store = openSqliteStore({ path: ':memory:' });

beforeAll(async () => {
  await store.importDirectory(storeFixture());
});
afterAll(async () => {
  await store.close();
});

describe('partnersApi plugin in a host instance', () => {
  it('serves the API with its problem answers and no-store, beside host routes', async () => {
    const host = Fastify();
    host.get('/', async () => 'host page');
    await host.register(partnersApi, { store });
    const definitions = await host.inject({ url: filterGroupsPath(MAIN) });
    expect(definitions.statusCode).toBe(200);
    expect(definitions.headers['cache-control']).toBe('no-store');
    const bad = await host.inject({
      method: 'POST',
      url: searchPath(MAIN),
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: '{"broken',
    });
    expect(bad.statusCode).toBe(400);
    expect(problemSchema.parse(bad.json()).status).toBe('BAD_REQUEST');
    const page = await host.inject({ url: '/' });
    expect(page.payload).toBe('host page');
    expect(page.headers['cache-control']).toBeUndefined();
    await host.close();
  });
});
