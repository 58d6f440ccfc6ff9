/**
 * The `external-react` build takes react and react-dom from the page's import map, as
 * a portal that shares one React 19 between widgets provides it. This test plays that
 * portal: it builds React 19 as ES modules (Vite, into e2e/artifacts), serves them and
 * the build under `/vendor/` and `/widget-external/`, and a page whose inline import
 * map is allowed by its hash on top of the demo's strict Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@partners-network/demo';
import { SearchPage } from './support/searchPage';
import { usePortal } from './support/usePortal';

const here = dirname(fileURLToPath(import.meta.url));
const WIDGET_BUILD = resolve(here, '../packages/widget/dist/external-react');
const VENDOR = resolve(here, 'artifacts/react-vendor');
const SPECIFIERS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'] as const;

const portal = usePortal();

/** react/jsx-runtime -> react-jsx-runtime.js */
const vendorFile = (specifier: string) => `${specifier.replace(/\//g, '-')}.js`;

/** React ships CommonJS only: one ES module per name, re-exporting every export by name. */
async function buildReactModules(): Promise<void> {
  rmSync(VENDOR, { recursive: true, force: true });
  const sources = join(VENDOR, 'src');
  mkdirSync(sources, { recursive: true });
  const require = createRequire(import.meta.url);
  const entries: Record<string, string> = {};
  for (const specifier of SPECIFIERS) {
    const loaded: unknown = require(specifier);
    const names = Object.keys(loaded ?? {}).filter(
      (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default',
    );
    const file = join(sources, vendorFile(specifier));
    writeFileSync(
      file,
      `import * as module from '${specifier}';\n` +
        `const value = module.default ?? module;\n` +
        `export default value;\n` +
        `export const { ${names.join(', ')} } = value;\n`,
    );
    entries[vendorFile(specifier).replace(/\.js$/, '')] = file;
  }
  await build({
    configFile: false,
    logLevel: 'silent',
    root: here,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(VENDOR, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

function widgetEntry(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(join(WIDGET_BUILD, '.vite', 'manifest.json'), 'utf8'),
  );
  if (typeof manifest !== 'object' || manifest === null) throw new Error('bad manifest');
  for (const chunk of Object.values(manifest)) {
    const file: unknown = typeof chunk === 'object' && chunk && Reflect.get(chunk, 'file');
    if (typeof file === 'string' && Reflect.get(chunk, 'isEntry') === true) return file;
  }
  throw new Error('no entry in the external-react manifest');
}

beforeAll(buildReactModules, 120_000);

describe('the external-react build', () => {
  it('renders with React 19 from the page import map, under the strict CSP', async () => {
    const importMap = JSON.stringify({
      imports: Object.fromEntries(
        SPECIFIERS.map((specifier) => [specifier, `/vendor/${vendorFile(specifier)}`]),
      ),
    });
    const hash = createHash('sha256').update(importMap).digest('base64');
    const policy = CONTENT_SECURITY_POLICY.replace(
      "script-src 'self'",
      `script-src 'self' 'sha256-${hash}'`,
    );
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Import map portal</title>
<script type="importmap">${importMap}</script>
<script type="module" src="/widget-external/${widgetEntry()}"></script>
</head><body>
<partners-network-search company-id="20097" scope-group-id="20121" back-button-url="/" background-url=""></partners-network-search>
</body></html>`;

    const served: string[] = [];
    const page = await portal.open('/embedding/plain?script=0', {
      async beforeNavigate(page) {
        await page.route('**/embedding/import-map', (route) =>
          route.fulfill({
            contentType: 'text/html; charset=utf-8',
            headers: { 'Content-Security-Policy': policy },
            body: html,
          }),
        );
        for (const [prefix, folder] of [
          ['/vendor/', join(VENDOR, 'dist')],
          ['/widget-external/', WIDGET_BUILD],
        ] as const) {
          await page.route(`**${prefix}*`, (route) => {
            const name = new URL(route.request().url()).pathname.slice(prefix.length);
            served.push(prefix + name);
            return route.fulfill({
              contentType: 'text/javascript',
              body: readFileSync(join(folder, name)),
            });
          });
        }
      },
    });
    // The first page set the XSRF-TOKEN cookie the search POST needs.
    await page.goto(new URL('/embedding/import-map', portal.url).href);

    const element = new SearchPage(page, { root: page.locator('partners-network-search') });
    await element.cards().first().waitFor();
    expect(await element.cards().count()).toBe(10);
    expect(served).toEqual(
      expect.arrayContaining([`/widget-external/${widgetEntry()}`, '/vendor/react.js']),
    );
    // One React for the whole page: the widget brought none of its own.
    expect(readFileSync(join(WIDGET_BUILD, widgetEntry()), 'utf8')).not.toContain(
      'react.transitional.element',
    );
  });
});
