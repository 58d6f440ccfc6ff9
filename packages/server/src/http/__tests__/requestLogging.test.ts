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
import { serverLoggerOptions } from '../requestLogging';

const folder = mkdtempSync(join(tmpdir(), 'partners-log-'));
let store: PartnerStore;
const apps: FastifyInstance[] = [];

/** Raw lines as the logger wrote them, by the app that wrote them. */
function lineSink(lines: string[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
}

const own: string[] = [];
const pinos: string[] = [];
let ownApp: FastifyInstance;
let pinoApp: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'log.db') });
  await store.importDirectory(storeFixture());
  // The server's own options write "request completed" lines without pino's generic path;
  // the same options given as a plain object go through pino: both must read alike.
  ownApp = await buildApp({ store, logger: serverLoggerOptions(lineSink(own)) });
  pinoApp = await buildApp({ store, logger: { level: 'info', stream: lineSink(pinos) } });
  apps.push(ownApp, pinoApp);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A line without what differs between two requests (time, pid's process stays the same). */
function comparable(line: string | undefined): [string[], Record<string, unknown>] {
  const parsed: unknown = JSON.parse(line ?? '{}');
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not a log line');
  const fields = { ...parsed } as Record<string, unknown>;
  const keys = Object.keys(fields);
  delete fields.time;
  delete fields.responseTime;
  return [keys, fields];
}

describe('request log lines with the server logger', () => {
  it.each([
    [
      'a search refused without its token',
      { method: 'POST' as const, url: `${searchPath(MAIN)}?locale=en-US`, payload: '{}' },
    ],
    ['filter groups', { method: 'GET' as const, url: filterGroupsPath(MAIN) }],
    ['a 404 with quotes and escapes', { method: 'GET' as const, url: '/nowhere/%22%5C"\\?q=é' }],
  ])('writes %s as pino writes it: same fields, same order', async (_name, request) => {
    const headers = { 'x-request-id': `same-${own.length}`, host: 'portal.example:8080' };
    await ownApp.inject({ ...request, headers });
    await pinoApp.inject({ ...request, headers });
    const ownLine = own.findLast((line) => line.includes('request completed'));
    const pinoLine = pinos.findLast((line) => line.includes('request completed'));
    expect(ownLine).toBeDefined();
    expect(comparable(ownLine)).toEqual(comparable(pinoLine));
    expect(JSON.parse(ownLine ?? '{}')).toMatchObject({
      level: 30,
      reqId: headers['x-request-id'],
      req: { method: request.method, host: 'portal.example:8080' },
      responseTime: expect.any(Number),
      time: expect.any(Number),
    });
  });
});
