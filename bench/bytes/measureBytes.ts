/**
 * What a page loads: gzip and brotli bytes of all JS and CSS of each widget build, and
 * of the floor (React 19 rendering one element). Each build is made once into a
 * folder of this run (the widget's own `dist/` may be rebuilt by someone else at any
 * moment), then measured with the widget's own `measureBuild`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REACT_FLOOR_ENTRY, buildReactPage } from '../../packages/widget/scripts/buildReactFloor';
import type { BuildName, BuildSize } from '../../packages/widget/scripts/measureBundle';
import { BUDGETS, measureBuild, measureFolder } from '../../packages/widget/scripts/measureBundle';
import { ROOT_DIR, log } from '../lib/environment';
import type { Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { summarize } from '../lib/stats';

const WIDGET_DIR = join(ROOT_DIR, 'packages/widget');

/**
 * Runs `vite build` with `args` from the widget's folder, as its npm script does (its
 * entry path is relative to it), with the widget's own Vite config.
 */
function viteBuild(what: string, args: string[]): Promise<void> {
  const require = createRequire(join(ROOT_DIR, 'package.json'));
  const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', ...args, '--logLevel', 'error'], {
      cwd: WIDGET_DIR,
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the widget build (${what}) failed with code ${code}`));
    });
  });
}

/** Builds both widget builds into `outDir/<build>`. */
export async function buildWidget(outDir: string): Promise<void> {
  for (const name of ['bundled', 'external-react'] as const) {
    log(`building the widget (${name})`);
    const mode = name === 'external-react' ? ['--mode', 'external-react'] : [];
    await viteBuild(name, ['--outDir', join(outDir, name), '--emptyOutDir', ...mode]);
  }
}

/** The bundled build, not minified (readable names in profiles), into `outDir`. */
export function buildUnminifiedWidget(outDir: string): Promise<void> {
  return viteBuild('unminified', ['--outDir', outDir, '--emptyOutDir', '--minify', 'false']);
}

/** Measures `runs` times (bytes do not vary; the repeats only prove it). */
function measureRuns(build: BuildName, dist: string, runs: number): BuildSize[] {
  return Array.from({ length: runs }, () => measureBuild(build, dist));
}

export async function measureBytes(options: {
  widgetDist: string;
  workDir: string;
  runs: number;
}): Promise<Section> {
  log('building the React floor (React 19 rendering one element, minified as the widget)');
  const floorDir = await buildReactPage(REACT_FLOOR_ENTRY, join(options.workDir, 'floor'), 'floor');
  const floor = Array.from({ length: options.runs }, () => measureFolder(floorDir, 'floor'));
  const bundled = measureRuns('bundled', options.widgetDist, options.runs);
  const external = measureRuns('external-react', options.widgetDist, options.runs);
  const gzip = (sizes: BuildSize[]) => summarize(sizes.map((size) => size.gzip));
  const brotli = (sizes: BuildSize[]) => summarize(sizes.map((size) => size.brotli));
  const raw = (sizes: BuildSize[]) => summarize(sizes.map((size) => size.raw));
  const floorGzip = gzip(floor).median;
  const bundledGzip = gzip(bundled).median;
  const files = (sizes: BuildSize[]) => sizes[0]?.files.join(', ') ?? '';
  return {
    title: 'What a page loads',
    method:
      "What a first visit of an en-US page loads before any interaction, for each build: the entry and everything it imports statically (its chunks and CSS, the en-US messages), from the Vite manifest, by the widget's own `measureBuild` (the browser test e2e/firstVisitBytes.e2e.test.ts holds that list to the files Chromium requests on a cold visit of the demo), compressed with gzip level 9 and brotli quality 11. The widget is built from the working tree into a folder of this run; the floor is `packages/widget/scripts/reactFloor.tsx` (React 19 `createRoot` rendering one element) built in the same run with the widget's minifier settings (`buildReactFloor.ts`). 1 KB = 1000 bytes. Bytes do not vary between runs.",
    figures: [
      figure('bytes.bundled.gzip', 'Bundled build (with React), gzip', 'bytes', gzip(bundled), {
        op: '<=',
        limit: BUDGETS.bundled,
        text: `<= ${BUDGETS.bundled} B gzip (85 KiB)`,
      }),
      figure(
        'bytes.bundled.brotli',
        'Bundled build (with React), brotli',
        'bytes',
        brotli(bundled),
      ),
      figure('bytes.bundled.raw', 'Bundled build (with React), raw', 'bytes', raw(bundled)),
      figure(
        'bytes.external.gzip',
        'External-React build (without React), gzip',
        'bytes',
        gzip(external),
      ),
      figure(
        'bytes.external.brotli',
        'External-React build (without React), brotli',
        'bytes',
        brotli(external),
      ),
      figure(
        'bytes.floor.gzip',
        'Floor: React 19 + createRoot + one element, gzip',
        'bytes',
        gzip(floor),
      ),
      figure(
        'bytes.floor.brotli',
        'Floor: React 19 + createRoot + one element, brotli',
        'bytes',
        brotli(floor),
      ),
      figure(
        'bytes.bundled.overFloor',
        'Bundled build minus the floor, gzip (what the widget adds to React)',
        'bytes',
        summarize(bundled.map((size, index) => size.gzip - (floor[index]?.gzip ?? floorGzip))),
        {
          op: '<=',
          limit: BUDGETS.overFloor.goal,
          text: `<= ${BUDGETS.overFloor.goal} B gzip (16 KiB)`,
        },
      ),
    ],
    notes: [
      `Files a first visit loads: bundled ${files(bundled)}; external-react ${files(external)}; floor ${files(floor)}.`,
      `The bundled build is ${((bundledGzip / floorGzip) * 100).toFixed(0)} % of the floor in gzip bytes.`,
    ],
  };
}
