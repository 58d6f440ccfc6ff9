/**
 * What a page loads, in bytes: the entry of each build and every chunk and CSS file it
 * imports, raw, gzip and brotli. `npm run build` prints it; with `--check` it fails
 * when a build is over its byte budget (bytes do not vary from run to run, so this is
 * the one performance goal `npm test` holds).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as z from 'zod/mini';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(here, '../dist');

/** Goals of issue 6, in gzip bytes (1 KB = 1000 bytes). */
export const BUDGETS = { bundled: 85_000, 'external-react': 16_000 } as const;
export type BuildName = keyof typeof BUDGETS;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.optional(z.boolean()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);

export interface BuildSize {
  build: BuildName;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureBuild(build: BuildName, dist = DIST): BuildSize {
  const folder = join(dist, build);
  const manifestPath = join(folder, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${build} is not built: no ${manifestPath}`);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(folder, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { build, files: [...files], raw, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let over = false;
  console.log('What a page loads (all JS and CSS of the entry):');
  for (const build of ['bundled', 'external-react'] as const) {
    const size = measureBuild(build);
    const budget = BUDGETS[build];
    const verdict = size.gzip <= budget ? 'within' : 'OVER';
    if (size.gzip > budget) over = true;
    console.log(
      `  ${build.padEnd(15)} raw ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(8)}  brotli ${kb(size.brotli).padStart(8)}  (${verdict} the ${kb(budget)} gzip budget)`,
    );
  }
  if (check && over) {
    console.error('A build is over its byte budget (see above).');
    process.exit(1);
  }
}
