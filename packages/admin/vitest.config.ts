import { defineProject } from 'vitest/config';

export default defineProject({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'admin',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
