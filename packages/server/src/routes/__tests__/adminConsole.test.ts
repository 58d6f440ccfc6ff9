/** The console's files at /admin/: only with ADMIN_TOKEN, its own strict CSP, hashed files kept a year. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { storeFixture } from '../../store/__tests__/storeFixture';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../admin/adminConsole';

const folder = mkdtempSync(join(tmpdir(), 'partners-console-files-'));
const root = join(folder, 'dist');
let store: SearchService;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'export {};');
  store = openSqliteStore({ path: join(folder, 'console.db') });
  await store.importDirectory(storeFixture());
});

afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the console at /admin/', () => {
  it('is served with its own strict policy on a server with ADMIN_TOKEN', async () => {
    const app = await buildApp({
      store,
      service: store,
      adminTokens: ['t'],
      adminConsoleRoot: root,
    });
    const page = await app.inject({ url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    expect(CONSOLE_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const script = await app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/admin' })).headers.location).toBe('/admin/');
    // The page needs no token: what it shows needs one, for every call.
    expect((await app.inject({ url: '/o/preferred-partners/v1/sites' })).statusCode).toBe(401);
    await app.close();
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const app = await buildApp({ store, service: store, adminConsoleRoot: root });
    for (const url of ['/admin/', '/admin/assets/index-abc123.js']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    await app.close();
  });

  it('says how to build it when it is not built', async () => {
    const app = await buildApp({
      store,
      service: store,
      adminTokens: ['t'],
      adminConsoleRoot: join(folder, 'not-built'),
    });
    const page = await app.inject({ url: '/admin/' });
    expect(page.statusCode).toBe(503);
    expect(page.payload).toContain('npm run build');
    await app.close();
  });
});
