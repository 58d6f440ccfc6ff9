import { defineProject } from 'vitest/config';

export default defineProject({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'admin',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Typing into a whole form letter by letter takes seconds on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
