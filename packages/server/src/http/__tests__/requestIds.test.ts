import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterGroupsPath, searchPath } from '@partners-network/contract';
import { buildApp } from '../../app';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import type { PartnerStore } from '../../store/PartnerStore';
import { openSqliteStore } from '../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-ids-'));
const logLines: Record<string, unknown>[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let store: PartnerStore;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'ids.db') });
  await store.importDirectory(storeFixture());
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  app = await buildApp({ store, logger: { level: 'info', stream } });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

function linesOf(id: string) {
  return logLines.filter((line) => line.reqId === id);
}

describe('X-Request-Id', () => {
  it("answers with the caller's id when it is sane, and logs the request in one line with it", async () => {
    const id = 'lb-7f3a9c.42:1';
    const response = await app.inject({
      url: filterGroupsPath(MAIN),
      headers: { 'x-request-id': id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    const lines = linesOf(id);
    // One line says what Fastify's two said: the request and the answer, not the client.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: filterGroupsPath(MAIN) },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines[0])).not.toContain('127.0.0.1');
    expect(lines[0]?.req).not.toHaveProperty('remoteAddress');
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'hello world'],
    ['with a percent-escaped line break', 'a%0Ab'],
    ['with quotes', '"};alert(1)//'],
  ])('replaces an id %s with a new one', async (_name, given) => {
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(logLines.some((line) => line.reqId === given)).toBe(false);
  });

  it('gives every answer, errors and 404s included, a fresh id of its own', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/nowhere' }),
      app.inject({ url: '/o/preferred-partners/v1/%E0%A4%A/x/filter-groups' }),
      app.inject({ method: 'POST', url: searchPath(MAIN), payload: '{}' }),
      app.inject({ url: filterGroupsPath(MAIN) }),
    ]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // The 403 of the search is logged under the id its answer carries.
    expect(linesOf(ids[2] ?? '').some((line) => line.msg === 'request completed')).toBe(true);
  });
});
