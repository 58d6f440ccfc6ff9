import { defineConfig } from 'vitest/config';

// Unit, component, store and route tests. Browser tests have their own config in e2e/.
// A test that takes a second alone can take five on a 2-core CI machine with the other
// test files running beside it: 15 s before a test counts as hung.
const TEST_TIMEOUT_MS = 15_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: TEST_TIMEOUT_MS,
          // The gazetteer's cache, built once before the files that read it (places, imports).
          globalSetup: ['./src/geo/__tests__/gazetteerSetup.ts'],
        },
      },
      {
        test: {
          name: 'demo',
          root: 'demo',
          environment: 'node',
          testTimeout: TEST_TIMEOUT_MS,
        },
      },
      'packages/widget/vitest.config.ts',
      'packages/admin/vitest.config.ts',
    ],
  },
});
