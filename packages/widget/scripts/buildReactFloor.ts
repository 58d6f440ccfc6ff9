/**
 * Builds a React page the way the widget's page script is built (Vite, production, ES
 * module, es2022, terser with the same options), for the byte budget's floor
 * (`reactFloor.tsx`: React alone) and the bench's floor page. Built in the same run as
 * the widget, the difference between the two is what the widget adds, whatever React
 * version or minifier the lock file holds.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

/** The page scripts' minifier settings (vite.config.ts uses them too). */
export const PAGE_SCRIPT_MINIFY = {
  minify: 'terser',
  terserOptions: {
    module: true,
    ecma: 2020,
    compress: { passes: 3 },
    format: { comments: false },
  },
} as const;

/** The React floor's entry. */
export const REACT_FLOOR_ENTRY = join(here, 'reactFloor.tsx');

/**
 * Builds `entry` into `outDir` with a manifest (read by measureBuild), the chunk named
 * `name`. Returns `outDir`.
 */
export async function buildReactPage(entry: string, outDir: string, name: string): Promise<string> {
  await build({
    configFile: false,
    root: dirname(entry),
    mode: 'production',
    logLevel: 'error',
    esbuild: { jsx: 'automatic', legalComments: 'none' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      ...PAGE_SCRIPT_MINIFY,
      rollupOptions: {
        input: { [name]: entry },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  return outDir;
}
