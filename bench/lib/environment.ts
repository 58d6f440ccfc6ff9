/** The machine, the versions and the load the figures were taken under. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = resolve(BENCH_DIR, '..');
const START = performance.now();

export interface Environment {
  date: string;
  machine: { cpuModel: string; cores: number; memoryGB: number; platform: string };
  /** 1, 5 and 15 minute load averages when the run started (other work on the machine). */
  loadAverageAtStart: number[];
  git: { commit: string; dirty: boolean };
  versions: Record<string, string>;
}

const PACKAGES = [
  'react',
  'react-dom',
  'vite',
  'fastify',
  'better-sqlite3',
  'autocannon',
  'playwright-core',
  'typescript',
  'tsx',
];

function packageVersion(name: string): string {
  // Resolved from every workspace the package may live in (hoisted or not).
  const folders = [ROOT_DIR, join(ROOT_DIR, 'packages/server'), join(ROOT_DIR, 'demo')];
  for (const folder of folders) {
    try {
      const require = createRequire(join(folder, 'package.json'));
      const path = require.resolve(`${name}/package.json`);
      const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (typeof data === 'object' && data !== null && 'version' in data) {
        return String(data.version);
      }
    } catch {
      // try the next folder
    }
  }
  return 'not installed';
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export function readEnvironment(): Environment {
  const versions: Record<string, string> = { node: process.versions.node };
  for (const name of PACKAGES) versions[name] = packageVersion(name);
  return {
    date: new Date().toISOString(),
    machine: {
      cpuModel: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      platform: `${process.platform} ${process.arch}`,
    },
    loadAverageAtStart: loadavg().map((value) => Math.round(value * 100) / 100),
    git: {
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    },
    versions,
  };
}

export function log(message: string): void {
  const elapsed = ((performance.now() - START) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${elapsed}s] ${message}`);
}
