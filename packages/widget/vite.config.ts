import { defineConfig } from 'vite';

/**
 * Two builds of the page script a portal loads, each one ES module with hashed file
 * names and a manifest so hosts (the demo, the Liferay client extension) find it:
 * - `bundled` (default): React inside; for any HTML page.
 * - `external-react` (`--mode external-react`): react and react-dom left to the
 *   page's import map, as Liferay provides them, so React is not loaded twice.
 */
const EXTERNAL_REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

export default defineConfig(({ mode }) => {
  const externalReact = mode === 'external-react';
  return {
    esbuild: { jsx: 'automatic', legalComments: 'none' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: externalReact ? 'dist/external-react' : 'dist/bundled',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      rollupOptions: {
        input: { 'partners-network': 'src/register.ts' },
        external: externalReact ? EXTERNAL_REACT : [],
        preserveEntrySignatures: 'exports-only',
        output: {
          entryFileNames: '[name]-[hash].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  };
});
