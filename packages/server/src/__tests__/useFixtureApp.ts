import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { SearchService } from '../service/SearchService';
import { storeFixture } from '../store/__tests__/storeFixture';
import { openSqliteStore } from '../service/openStore';

export interface FixtureApp {
  readonly app: FastifyInstance;
  readonly store: SearchService;
}

/**
 * The fixture directory in a fresh SQLite file behind `buildApp()`, one per test file:
 * registers its own `beforeAll` and `afterAll` (the file and its folder are removed).
 */
export function useFixtureApp(name: string): FixtureApp {
  const folder = mkdtempSync(join(tmpdir(), `partners-${name}-`));
  let app: FastifyInstance | undefined;
  let store: SearchService | undefined;
  beforeAll(async () => {
    store = openSqliteStore({ path: join(folder, `${name}.db`) });
    await store.importDirectory(storeFixture());
    app = await buildApp({ store });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('useFixtureApp: the app exists from beforeAll on');
      return app;
    },
    get store() {
      if (!store) throw new Error('useFixtureApp: the store exists from beforeAll on');
      return store;
    },
  };
}
