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
