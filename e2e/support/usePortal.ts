/**
 * Test fixture: a fresh demo server (temporary SQLite file, free port) and Chromium,
 * shared by the tests of one file, with a new browser context per test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DirectoryData, RunningDemo, StartDemoOptions } from '@partners-network/demo';
import { startDemoServer } from '@partners-network/demo';
import { launchChromium } from './launchChromium';

export interface OpenOptions {
  width?: number;
  height?: number;
  /** Runs before the page loads: listeners (requests, console) and routes go here. */
  beforeNavigate?: (page: Page) => void | Promise<void>;
}

export interface Portal {
  readonly url: string;
  readonly demo: RunningDemo;
  /** Opens a new page (new context: fresh cookies) at `path` of the demo. */
  open(path?: string, options?: OpenOptions): Promise<Page>;
}

export interface PortalOptions {
  /** Imported into the database after the seed, through the server's own import (upsert by slug). */
  importDirectory?: DirectoryData;
  /** ADMIN_TOKEN's tokens: the admin API and the operator's console at /admin/. */
  adminTokens?: string[];
  /** The contact feature's settings (issue 26), read when the server starts (after other hooks). */
  contact?: () => StartDemoOptions['contact'];
}

export function usePortal(portalOptions: PortalOptions = {}): Portal {
  let demo: RunningDemo | undefined;
  let browser: Browser | undefined;
  let folder = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pn-e2e-'));
    demo = await startDemoServer({
      port: 0,
      host: '127.0.0.1',
      databasePath: join(folder, 'partners.db'),
      ...(portalOptions.importDirectory ? { importDirectory: portalOptions.importDirectory } : {}),
      ...(portalOptions.adminTokens ? { adminTokens: portalOptions.adminTokens } : {}),
      ...(portalOptions.contact ? { contact: portalOptions.contact() } : {}),
    });
    browser = await launchChromium();
  });

  afterEach(async () => {
    // Routes a test set may still be answering (route.fetch) when its page closes.
    await Promise.all(
      contexts.flatMap((context) =>
        context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })),
      ),
    );
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    // An uncaught exception in the page is a bug whatever the test checked.
    expect(pageErrors.splice(0)).toEqual([]);
    expect(demo?.cspReports ?? []).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  return {
    get url() {
      if (!demo) throw new Error('the demo server is not started');
      return demo.url;
    },
    get demo() {
      if (!demo) throw new Error('the demo server is not started');
      return demo;
    },
    async open(path = '/', options = {}) {
      if (!browser || !demo) throw new Error('the browser is not started');
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      });
      contexts.push(context);
      // A step that cannot happen fails with its locator, well before the test's own timeout.
      context.setDefaultTimeout(10_000);
      // Content-Security-Policy violations are seen in the page at once; reports reach
      // the server later, so both are checked.
      await context.exposeFunction('__reportCspViolation', (text: string) => pageErrors.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report: unknown = Reflect.get(window, '__reportCspViolation');
          if (typeof report === 'function') {
            report(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
          }
        });
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await options.beforeNavigate?.(page);
      await page.goto(new URL(path, demo.url).href);
      return page;
    },
  };
}
