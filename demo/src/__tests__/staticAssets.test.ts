/** The widget's files and the demo's assets: build-time brotli/gzip by Accept-Encoding, long caching for hashed names. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchService } from '@partners-network/server';
import { openSqliteStore, seedIfEmpty } from '@partners-network/server';
import { precompressFolder } from '../../../packages/widget/scripts/precompressFolder';
import { createDemoApp } from '../createDemoApp';

const folder = mkdtempSync(join(tmpdir(), 'partners-demo-static-'));
const widgetDist = join(folder, 'widget');
const WIDGET_FILE = 'assets/partners-network-Ab12Cd34.js';
const SCRIPT = `customElements.define("pn-x", class extends HTMLElement { connectedCallback() { this.textContent = ${JSON.stringify('Partners '.repeat(300))}; } });\n`;

let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(widgetDist, '.vite'), { recursive: true });
  mkdirSync(join(widgetDist, 'assets'));
  writeFileSync(join(widgetDist, WIDGET_FILE), SCRIPT);
  writeFileSync(
    join(widgetDist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/register.ts': { file: WIDGET_FILE, isEntry: true } }),
  );
  precompressFolder(widgetDist);
  store = openSqliteStore({ path: join(folder, 'demo.db') });
  await seedIfEmpty(store, { partnerCount: 20 });
  ({ app } = await createDemoApp({ store, widgetDist }));
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the widget's built script", () => {
  it.each([
    ['br, gzip', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
  ])('is sent precompressed to a client that accepts %s', async (accept, encoding, suffix) => {
    const response = await app.inject({
      url: `/widget/${WIDGET_FILE}`,
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload).toEqual(readFileSync(join(widgetDist, `${WIDGET_FILE}${suffix}`)));
  });

  it('is sent as it is to a client that accepts no compression', async () => {
    const response = await app.inject({ url: `/widget/${WIDGET_FILE}` });
    expect(response.headers).not.toHaveProperty('content-encoding');
    expect(response.payload).toBe(SCRIPT);
  });

  it('may be kept a year: its name changes with its content', async () => {
    const response = await app.inject({ url: `/widget/${WIDGET_FILE}` });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe("the demo's assets", () => {
  it('are compressed for a client that takes it, and revalidated (their names carry no hash)', async () => {
    const response = await app.inject({
      url: '/demo/portal.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });
});
