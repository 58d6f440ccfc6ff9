import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { findStaleDataSchemas } from '../contract/scripts/generateDataSchemas';
import { PAGE_SCRIPT_MINIFY } from './scripts/buildReactFloor';
import { precompressFolder } from './scripts/precompressFolder';
import { compactStyles } from './scripts/compactStyles';
import { compileHints } from './scripts/compileHints';
import { chooseMessageIds, renameMessageIds } from './scripts/renameMessageIds';
import {
  choosePropertyNames,
  createWidgetProgram,
  guardRenamedProperties,
  isWidgetSource,
  terserPropertyRenaming,
} from './scripts/renameProperties';

/**
 * Two builds of the page script a portal loads, each one ES module with hashed file
 * names and a manifest so hosts (the demo, the Liferay client extension) find it:
 * - `bundled` (default): React inside; for any HTML page.
 * - `external-react` (`--mode external-react`): react and react-dom left to the
 *   page's import map, as Liferay provides them, so React is not loaded twice.
 * Both are held to a gzip byte budget (scripts/measureBundle.ts): terser, not esbuild,
 * minifies the JS because it packs ~2-3% tighter (measured: 1.2 KB gzip off the bundled
 * build, 0.4 KB off external-react; 3 passes as ES module code another 63 B); CSS is
 * still minified by esbuild. Terser also renames the widget's own property names from a
 * table made before the build (scripts/renameProperties.ts: 229 B gzip), which the
 * library build and the React floor do not.
 */
const EXTERNAL_REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

/** The browser validates with the contract's generated data schemas: never build stale ones. */
function dataSchemasFresh(): Plugin {
  return {
    name: 'partners-network:data-schemas-fresh',
    apply: 'build',
    async buildStart() {
      const stale = await findStaleDataSchemas();
      if (stale) this.error(stale);
    },
  };
}

/**
 * Brotli and gzip copies beside each built text file, for servers that send them by
 * Accept-Encoding (the demo does); the byte budget is still measured on the plain files.
 */
function precompress(): Plugin {
  return {
    name: 'partners-network:precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressFolder(options.dir);
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** A dynamic import as Vite wraps it, before it fills in what to preload. */
const WRAPPED_IMPORT =
  /__vitePreload\(\(\) => (import\('[^']+'\)),__VITE_IS_MODERN__\?__VITE_PRELOAD__:void 0\)/g;

/**
 * Vite wraps every `import()` in a helper that preloads the chunk's own imports with
 * <link rel=modulepreload> (0.6 KB gzip in the entry). The chunks are the message
 * catalogues, which import nothing, and parts of the page that import only the entry
 * (already loaded), so there is nothing to preload: the helper just calls the import,
 * and the wrapping is taken off where Vite wrote it the plain way.
 */
function noPreloadHelper(): Plugin {
  return {
    name: 'partners-network:no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
    renderChunk: (code) =>
      code.includes('__vitePreload(') ? code.replace(WRAPPED_IMPORT, '$1') : null,
  };
}

/**
 * JSX as calls of `src/jsxFactory.ts` with the children as arguments (the classic
 * transform), not the automatic runtime's `jsx(type, {...props, children: [...]})`: the
 * page script then has no `children:` key per element (76 of them), about 100 B gzip less of
 * a first visit (bench/README.md). The factory is React's `createElement` (src/jsxFactory.ts:
 * no `react/jsx-runtime` in the page script, 156 B less; no slower first card or TBT measured).
 * The library build (`vite.lib.config.ts`) keeps the automatic runtime, which React hosts'
 * bundlers expect.
 */
const CLASSIC_JSX = {
  jsx: 'transform',
  jsxFactory: '__jsx',
  jsxFragment: '__Fragment',
  jsxInject: `import { jsxFactory as __jsx } from '${fileURLToPath(new URL('./src/jsxFactory.ts', import.meta.url))}'; import { Fragment as __Fragment } from 'react'`,
} as const;

export default defineConfig(({ command, mode }) => {
  const externalReact = mode === 'external-react';
  // The widget's own property names, shortened in the page scripts alone: not in the React
  // floor (PAGE_SCRIPT_MINIFY as it is, React built as before) nor the library build.
  // And the page's message ids, numbers in the page scripts (scripts/renameMessageIds.ts).
  const program = command === 'build' ? createWidgetProgram() : null;
  const renamed = program ? choosePropertyNames(program).names : new Map<string, string>();
  return {
    plugins: [
      program && renameMessageIds(chooseMessageIds(program, isWidgetSource), program),
      guardRenamedProperties(renamed),
      dataSchemasFresh(),
      noPreloadHelper(),
      compactStyles(),
      compileHints(),
      precompress(),
    ],
    esbuild: { ...CLASSIC_JSX, legalComments: 'none' },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: externalReact ? 'dist/external-react' : 'dist/bundled',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      // No <link rel=modulepreload> list (its file names, __vite__mapDeps, sat in the entry).
      modulePreload: false,
      ...PAGE_SCRIPT_MINIFY,
      terserOptions: {
        ...PAGE_SCRIPT_MINIFY.terserOptions,
        mangle: { properties: terserPropertyRenaming(renamed) },
      },
      rollupOptions: {
        input: { 'partners-network': 'src/register.ts' },
        external: externalReact ? EXTERNAL_REACT : [],
        preserveEntrySignatures: 'allow-extension',
        output: {
          entryFileNames: '[name]-[hash].js',
          // Chunks are named by a 6-character content hash alone: their names sit in the
          // page script (19 of them), and their entropy does not compress (8 characters
          // with a name before them cost 102 B gzip more). 36 bits still never collide
          // among a build's files, and the manifest still maps each source to its file.
          // Rollup needs 7 characters once a build has more than 64 hashed files (45 now):
          // it stops with that message.
          chunkFileNames: '[hash:6].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  };
});
