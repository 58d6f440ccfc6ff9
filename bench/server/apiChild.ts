/**
 * Child process under load, on 127.0.0.1 and a free port:
 * - BENCH_MODE=api: the reference API (`buildApp`) over the SQLite file BENCH_DATABASE_PATH,
 *   or the PostgreSQL database BENCH_DATABASE_URL; following other servers' commits, with
 *   the admin API when BENCH_ADMIN_TOKEN is set;
 * - BENCH_MODE=floor: a bare Fastify route answering every POST with the fixed page of
 *   BENCH_FLOOR_BODY (a JSON file: the first search's answer), the floor of the API: the
 *   object serialized on every request, or with BENCH_FLOOR_ENCODING=br the same bytes the
 *   API sends a browser (the page's JSON, brotli-compressed once at start).
 * BENCH_LOGGER=on logs as `server.ts` does (to this process's stdout).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp, compressAnswer, openStore, warmUpServer } from '@partners-network/server';
import { reportChildError, serveParent } from '../lib/child';

try {
  if (process.env.BENCH_MODE === 'floor') {
    const bodyPath = process.env.BENCH_FLOOR_BODY;
    if (!bodyPath) throw new Error('BENCH_FLOOR_BODY');
    const json = readFileSync(bodyPath, 'utf8');
    const page: unknown = JSON.parse(json);
    const app = Fastify({ logger: false });
    if (process.env.BENCH_FLOOR_ENCODING === 'br') {
      const bytes = await compressAnswer(json, 'br');
      app.post('/*', async (_request, reply) =>
        reply.header('content-encoding', 'br').type('application/json; charset=utf-8').send(bytes),
      );
    } else {
      app.post('/*', async () => page);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    serveParent(`http://127.0.0.1:${port}`, () => app.close());
  } else {
    const path = process.env.BENCH_DATABASE_PATH ?? '';
    const url = process.env.BENCH_DATABASE_URL;
    if (!path && !url) throw new Error('BENCH_DATABASE_PATH or BENCH_DATABASE_URL');
    const store = await openStore({ DATABASE_URL: url, databasePath: path });
    await store.warm();
    store.startFollowing();
    const token = process.env.BENCH_ADMIN_TOKEN;
    const app = await buildApp({
      store,
      service: store,
      adminTokens: token ? [token] : [],
      logger: process.env.BENCH_LOGGER === 'on',
      metricsSources: [store],
    });
    // As server.ts does before it listens.
    await warmUpServer(app, store);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    serveParent(`http://127.0.0.1:${port}`, async () => {
      await app.close();
      await store.close();
    });
  }
} catch (error) {
  reportChildError(error);
}
