import { defineConfig } from 'vite';

// Builds the page script a portal loads: one ES module with React bundled, hashed
// file names, and a manifest so hosts (the demo, the Liferay client extension)
// can find the current file.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: { 'partners-network': 'src/register.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name]-[hash].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: '[name]-[hash][extname]',
      },
    },
  },
});
