/** The demo origin: pages, the widget's files, the demo's assets and the API share one set of headers. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchService } from '@partners-network/server';
import { openSqliteStore, seedIfEmpty } from '@partners-network/server';
import { CONTENT_SECURITY_POLICY, createDemoApp } from '../createDemoApp';
import { PORTAL_CSS_HASH } from '../renderPortalPage';

const folder = mkdtempSync(join(tmpdir(), 'partners-demo-headers-'));
const widgetDist = join(folder, 'widget');
const WIDGET_FILE = 'assets/partners-network-Ab12Cd34.js';

let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  // A built widget as Vite leaves it: a hashed entry named in the manifest.
  mkdirSync(join(widgetDist, '.vite'), { recursive: true });
  mkdirSync(join(widgetDist, 'assets'));
  writeFileSync(
    join(widgetDist, WIDGET_FILE),
    'customElements.define("x-y", class extends HTMLElement {});\n',
  );
  writeFileSync(
    join(widgetDist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/register.ts': { file: WIDGET_FILE, isEntry: true } }),
  );
  store = openSqliteStore({ path: join(folder, 'demo.db') });
  await seedIfEmpty(store, { partnerCount: 20 });
  ({ app } = await createDemoApp({ store, widgetDist }));
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A policy's directives, however they are spaced. */
function directives(policy: unknown): string[] {
  return String(policy).split(/;\s*/);
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers).not.toHaveProperty('x-powered-by');
  expect(response.headers['x-request-id']).toBeTruthy();
}

describe('the demo origin', () => {
  it.each([
    ['the portal page', '/', 200],
    ['a partner page', '/partners/acme-gmbh?q=1', 200],
    ['an embedding page', '/embedding/plain', 200],
    ['the widget script', `/widget/${WIDGET_FILE}`, 200],
    ['a demo asset', '/demo/portal.css', 200],
    ['the API', '/o/preferred-partners/v1/20097/20121/filter-groups', 200],
    ['an unknown page', '/no-such-page', 404],
  ])('%s carries the security headers and the page policy', async (_name, url, status) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response);
    expect(directives(response.headers['content-security-policy'])).toEqual(
      directives(CONTENT_SECURITY_POLICY),
    );
  });

  it('serves the logo with its own stricter policy and the same other headers', async () => {
    const response = await app.inject({ url: '/partner-assets/logos/acme-gmbh.svg' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('states the policy the browser tests run under', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      `default-src 'self'; script-src 'self'; style-src 'self' ${PORTAL_CSS_HASH}; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; report-uri /csp-report`,
    );
  });
});
