/**
 * What a page loads, in bytes: the entry of each build and every chunk and CSS file it
 * imports, raw, gzip and brotli. `npm run build` prints it; with `--check` it fails
 * when a build is over its byte budget (bytes do not vary from run to run, so this is
 * the one performance goal `npm test` holds), or when a build holds code a strict CSP
 * refuses (`new Function`, `eval`) or zod itself (~7 KB gzip; the browser validates
 * with the contract's `parseData`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readBuildManifest } from './readBuildManifest';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(here, '../dist');

/** Goals of issue 6, in gzip bytes (1 KB = 1000 bytes). */
export const BUDGETS = { bundled: 85_000, 'external-react': 16_000 } as const;
export type BuildName = keyof typeof BUDGETS;

export interface BuildSize {
  build: BuildName;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  /** What FORBIDDEN_CODE found in the files. */
  forbidden: string[];
}

/** Code no build may hold, and why. */
export const FORBIDDEN_CODE: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bnew Function\b|\bFunction\(/, why: 'Function() (a strict CSP refuses it)' },
  { pattern: /\beval\(/, why: 'eval() (a strict CSP refuses it)' },
  {
    pattern: /\b_zod\b/,
    why: 'zod (parse with parseData and a data schema from @partners-network/contract)',
  },
];

export function findForbiddenCode(code: string): string[] {
  return FORBIDDEN_CODE.filter(({ pattern }) => pattern.test(code)).map(({ why }) => why);
}

export function measureBuild(build: BuildName, dist = DIST): BuildSize {
  const folder = join(dist, build);
  const manifest = readBuildManifest(folder, build);
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
  const forbidden = new Set<string>();
  for (const file of files) {
    const bytes = readFileSync(join(folder, file));
    findForbiddenCode(bytes.toString('utf8')).forEach((why) => forbidden.add(`${file}: ${why}`));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { build, files: [...files], raw, gzip, brotli, forbidden: [...forbidden] };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let over = false;
  let forbidden = false;
  console.log('What a page loads (all JS and CSS of the entry):');
  for (const build of ['bundled', 'external-react'] as const) {
    const size = measureBuild(build);
    const budget = BUDGETS[build];
    const verdict = size.gzip <= budget ? 'within' : 'OVER';
    if (size.gzip > budget) over = true;
    console.log(
      `  ${build.padEnd(15)} raw ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(8)} (${size.gzip} B)  brotli ${kb(size.brotli).padStart(8)}  (${verdict} the ${kb(budget)} gzip budget)`,
    );
    for (const found of size.forbidden) console.log(`    holds ${found}`);
    if (size.forbidden.length > 0) forbidden = true;
  }
  if (check && (over || forbidden)) {
    console.error('A build is over its byte budget or holds forbidden code (see above).');
    process.exit(1);
  }
}
