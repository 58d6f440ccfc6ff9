import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterGroupsPath, problemSchema, searchPath } from '@partners-network/contract';
import { buildApp } from '../../app';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import type { PartnerStore } from '../../store/PartnerStore';
import { openSqliteStore } from '../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-limit-'));
let store: PartnerStore;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'limit.db') });
  await store.importDirectory(storeFixture());
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

async function appWith(deps: Partial<Parameters<typeof buildApp>[0]>) {
  const app = await buildApp({ store, ...deps });
  apps.push(app);
  return app;
}

const definitions = (app: FastifyInstance, client: string) =>
  app.inject({ url: filterGroupsPath(MAIN), headers: { 'x-forwarded-for': client } });

describe('the per-client limit', () => {
  it('is off by default', async () => {
    const app = await appWith({});
    for (let i = 0; i < 30; i++) expect((await definitions(app, '10.0.0.1')).statusCode).toBe(200);
  });

  it('answers 429 with a problem and Retry-After past the limit, per client behind a trusted proxy', async () => {
    const app = await appWith({ rateLimit: { perMinute: 3 }, trustProxy: true });
    for (let i = 0; i < 3; i++) expect((await definitions(app, '10.0.0.1')).statusCode).toBe(200);
    const limited = await app.inject({
      method: 'POST',
      url: searchPath(MAIN),
      headers: {
        'x-forwarded-for': '10.0.0.1',
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
      },
      payload: '{}',
    });
    expect(limited.statusCode).toBe(429);
    const problem = problemSchema.parse(limited.json());
    expect(problem.status).toBe('TOO_MANY_REQUESTS');
    expect(problem.title).toMatch(/at most 3 a minute/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    // Another client is counted apart; health and logos are not limited.
    expect((await definitions(app, '10.0.0.2')).statusCode).toBe(200);
    const health = await app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(health.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted: a client cannot pick a fresh address', async () => {
    const app = await appWith({ rateLimit: { perMinute: 2 } });
    expect((await definitions(app, '10.0.0.1')).statusCode).toBe(200);
    expect((await definitions(app, '10.0.0.2')).statusCode).toBe(200);
    expect((await definitions(app, '10.0.0.3')).statusCode).toBe(429);
  });
});
