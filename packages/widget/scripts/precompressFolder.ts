/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a folder, so a
 * static server sends them by `Accept-Encoding` without compressing on each request
 * (`@fastify/static`'s `preCompressed`). Maximum levels: this runs once per build.
 * `tsx packages/widget/scripts/precompressFolder.ts FOLDER…` does it from the command line.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats a browser fetches; pictures other than SVG are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|svg|json|html|txt|xml|map)$/;
/** Below this, a compressed answer saves less than its extra headers cost. */
const MIN_BYTES = 1024;

export interface PrecompressedFile {
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

export function precompressFolder(folder: string): PrecompressedFile[] {
  const written: PrecompressedFile[] = [];
  for (const name of readdirSync(folder)) {
    // `.vite/manifest.json` is read by hosts from disk, never sent to a browser.
    if (name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompressFolder(path));
      continue;
    }
    if (!TEXT_FILE.test(name)) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    written.push({ file: path, bytes: source.length, brotli: brotli.length, gzip: gzip.length });
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const folder of process.argv.slice(2)) {
    const files = precompressFolder(resolve(folder));
    console.log(`precompressed ${files.length} files in ${folder} (brotli and gzip beside each)`);
  }
}
