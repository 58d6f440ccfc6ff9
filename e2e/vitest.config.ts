import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the real demo
// server (real SQLite file, real HTTP). Files run one at a time: 2 cores on CI.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    // A page on a busy 2-core machine may take more than the default second to update.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
  },
});
