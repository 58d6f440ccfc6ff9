import { defineProject } from 'vitest/config';

export default defineProject({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'widget',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Component tests wait for debounces, answers and chunks: slower on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
