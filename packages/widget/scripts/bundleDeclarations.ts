/**
 * One declaration file per entry of the library build (`dist/lib/index.d.ts`,
 * `register.d.ts`). The types of the private `@partners-network/contract` package are
 * bundled in, so a consumer needs nothing that is not published; zod and React stay
 * imports (the package depends on zod and on React as a peer).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { LIBRARY_EXTERNAL } from './libraryExternal';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const bundle = await rollup({
  input: { index: resolve(root, 'src/index.ts'), register: resolve(root, 'src/register.ts') },
  external: (id) => LIBRARY_EXTERNAL.test(id),
  plugins: [
    dts({
      respectExternal: true,
      tsconfig: resolve(root, '../../tsconfig.json'),
      compilerOptions: { noEmit: false },
    }),
  ],
});
await bundle.write({
  dir: resolve(root, 'dist/lib'),
  format: 'es',
  entryFileNames: '[name].d.ts',
  chunkFileNames: 'chunks/[name]-[hash].d.ts',
});
await bundle.close();
