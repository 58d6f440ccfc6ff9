import { defineConfig } from 'vite';

/**
 * The console's own bundle, apart from the widget's: the public page never loads it. One
 * HTML page with hashed scripts and styles under /admin/assets/ (served a year, immutable),
 * no inline script or style, so the page runs under a CSP of 'self' alone. The build script
 * then writes brotli and gzip copies beside each file, with the widget's precompressFolder.
 */
export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic', legalComments: 'none' },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be inline script; every browser the console supports has modulepreload.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      // zod's sources carry comments Rollup cannot place (it drops them): nothing to act on.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) {
          return;
        }
        warn(warning);
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
