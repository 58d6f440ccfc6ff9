/**
 * Child process: the real demo server (page + widget + API) on 127.0.0.1, a free port.
 * With BENCH_FLOOR_DIST (the floor page's build, bench/floor/page.tsx) it also serves the
 * floor page at FLOOR_PAGE_PATH: the demo's portal layout with React alone in place of
 * the widget, on the same origin, asking the same API.
 */
import fastifyStatic from '@fastify/static';
import { renderLayout, startDemoServer } from '@partners-network/demo';
import { SEED_COMPANY_ID, SEED_SCOPE_GROUP_ID, createXsrfToken } from '@partners-network/server';
import type { FastifyInstance } from 'fastify';
import { readBuildManifest } from '../../packages/widget/scripts/readBuildManifest';
import { FLOOR_PAGE_PATH } from '../floor/buildFloorPage';
import { reportChildError, serveParent } from '../lib/child';

const FLOOR_ASSETS = '/bench/floor-assets/';

function addFloorPage(app: FastifyInstance, floorDist: string): void {
  const entry = Object.values(readBuildManifest(floorDist, 'floor page')).find(
    (chunk) => chunk.isEntry,
  );
  if (!entry) throw new Error(`no entry in the floor page's build (${floorDist})`);
  void app.register(fastifyStatic, {
    root: floorDist,
    prefix: FLOOR_ASSETS,
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  const html = renderLayout({
    languageId: 'en_US',
    companyId: SEED_COMPANY_ID,
    scopeGroupId: SEED_SCOPE_GROUP_ID,
    title: 'Partners',
    head: `<script type="module" src="${FLOOR_ASSETS}${entry.file}"></script>`,
    body: '<pn-floor-page></pn-floor-page>',
  });
  app.get(FLOOR_PAGE_PATH, async (_request, reply) =>
    reply
      .header('Set-Cookie', createXsrfToken().cookieHeader)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html),
  );
}

const databasePath = process.env.BENCH_DATABASE_PATH;
const widgetDist = process.env.BENCH_WIDGET_DIST;
const floorDist = process.env.BENCH_FLOOR_DIST;
try {
  if (!databasePath || !widgetDist) throw new Error('BENCH_DATABASE_PATH and BENCH_WIDGET_DIST');
  const demo = await startDemoServer({
    port: 0,
    host: '127.0.0.1',
    databasePath,
    widgetDist,
    ...(floorDist ? { addRoutes: (app: FastifyInstance) => addFloorPage(app, floorDist) } : {}),
  });
  serveParent(demo.url, () => demo.close());
} catch (error) {
  reportChildError(error);
}
