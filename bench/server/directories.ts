/**
 * Generated directories of 1k, 10k and 100k partners as SQLite files, built once and
 * kept under `bench/.cache/` (gitignored), keyed by a hash of the generator and the
 * SQLite adapter sources: when either changes, the file is built again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateDirectory, openSqliteStore } from '@partners-network/server';
import { BENCH_DIR, ROOT_DIR, log } from '../lib/environment';

export const CACHE_DIR = join(BENCH_DIR, '.cache');
const SERVER_SRC = join(ROOT_DIR, 'packages/server/src');
/** What decides the bytes of the database: the generator, the schema and the import. */
const KEY_FOLDERS = ['seed', 'service', 'store', 'store/sqlite'];

export function generatorVersion(): string {
  const hash = createHash('sha256');
  for (const folder of KEY_FOLDERS) {
    const dir = join(SERVER_SRC, folder);
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .sort()) {
      hash.update(`${folder}/${name}\n`);
      hash.update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** The path of a ready database of `partnerCount` partners (seed 20121), building it when missing. */
export async function ensureDirectoryDb(partnerCount: number): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const version = generatorVersion();
  const path = join(CACHE_DIR, `directory-${partnerCount}-${version}.db`);
  if (existsSync(path)) return path;
  // Files of older generator versions of this size are of no use any more.
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith(`directory-${partnerCount}-`))
      rmSync(join(CACHE_DIR, name), { force: true });
  }
  const building = `${path}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  log(`seeding ${partnerCount} partners into ${path} (cached for later runs)`);
  const started = performance.now();
  const store = openSqliteStore({ path: building });
  let lastReport = 0;
  await store.importDirectory(generateDirectory({ partnerCount }), {
    onProgress(done, total, phase) {
      const now = performance.now();
      if (now - lastReport < 10_000) return;
      lastReport = now;
      log(`  ${phase} ${done}/${total}`);
    },
  });
  await store.close();
  renameSync(building, path);
  log(`seeded ${partnerCount} partners in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return path;
}
