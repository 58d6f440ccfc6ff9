import { defineConfig } from 'vite';
import { LIBRARY_EXTERNAL } from './scripts/libraryExternal';

/**
 * The npm package's library build (`dist/lib`), for bundlers and React hosts: ES
 * modules with plain names, `index.js` (the API, defines nothing) and `register.js`
 * (defines <partners-network-search> as a side effect). React and zod are left to
 * the host's bundler (peer dependency and dependency); the private contract package
 * is bundled in. Declarations: `scripts/bundleDeclarations.ts`. The page scripts a
 * portal loads without a bundler are the other config (`vite.config.ts`).
 */
export default defineConfig({
  esbuild: { jsx: 'automatic', legalComments: 'none' },
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: {
      entry: { index: 'src/index.ts', register: 'src/register.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: LIBRARY_EXTERNAL,
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
