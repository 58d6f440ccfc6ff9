import { defineConfig } from 'vitest/config';

// Unit, component, store and route tests. Browser tests have their own config in e2e/.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          // The gazetteer's cache, built once before the files that read it (places, imports).
          globalSetup: ['./src/geo/__tests__/gazetteerSetup.ts'],
        },
      },
      {
        test: {
          name: 'demo',
          root: 'demo',
          environment: 'node',
        },
      },
      'packages/widget/vitest.config.ts',
      'packages/admin/vitest.config.ts',
    ],
  },
});
