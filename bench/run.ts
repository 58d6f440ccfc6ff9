/**
 * `npm run bench`: what a page loads, how fast a visitor sees partners, how much one
 * server carries. Writes bench/RESULTS.md and bench/results.json.
 *
 *   npm run bench                      every section, 5 runs each (about 8 minutes)
 *   npm run bench -- --quick           smoke run (< 1 minute): 1 run, 1k partners, the
 *                                      widget's existing dist/ when built; results go to
 *                                      bench/.cache/quick/ and leave RESULTS.md alone
 *   npm run bench -- --only page,bytes a subset of sections (bytes, page, server, search, geo,
 *                                      live, operate, lighthouse, counting); also written to
 *                                      bench/.cache/partial/
 *   npm run bench -- --only server --sizes 100000 --runs 2
 *                                      fewer directory sizes or runs (partial, as above)
 *   npm run bench -- --only live --live-sizes 10000 --live-changes 5
 *                                      the live section at other sizes or fewer changes
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBytes, buildWidget } from './bytes/measureBytes';
import { BENCH_DIR, ROOT_DIR, log, readEnvironment } from './lib/environment';
import { measureReferenceWork, readCpuTicks, stealPercent } from './lib/measureReferenceWork';
import type { Section } from './lib/figures';
import { startChild } from './lib/child';
import { writeResults } from './lib/report';
import { measurePage } from './page/measurePage';
import { FLOOR_PAGE_PATH, buildFloorPage } from './floor/buildFloorPage';
import { CACHE_DIR } from './server/directories';
import { measureLighthouse } from './page/measureLighthouse';
import { measureCounting } from './server/measureCounting';
import { measureLive } from './server/measureLive';
import { measureOperation } from './server/measureOperation';
import { measureServer } from './server/measureServer';
import { measureSearch } from './search/measureSearch';
import { measureGeo } from './geo/measureGeo';

const SECTIONS = [
  'bytes',
  'page',
  'server',
  'search',
  'geo',
  'live',
  'operate',
  'lighthouse',
  'counting',
] as const;
type SectionName = (typeof SECTIONS)[number];

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? '').split(',') : [...SECTIONS];
  const sections = SECTIONS.filter((name) => only.includes(name));
  if (sections.length === 0) throw new Error(`--only takes a list of ${SECTIONS.join(', ')}`);
  // --sizes 100000 and --runs 2: a partial run of the server and search sections.
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? (argv[at + 1] ?? '') : undefined;
  };
  const sizesArg = value('--sizes');
  const sizes = sizesArg
    ?.split(',')
    .map(Number)
    .filter((size) => size > 0);
  const runsArg = Number(value('--runs'));
  const liveSizes = value('--live-sizes')?.split(',').map(Number);
  const liveChanges = Number(value('--live-changes') ?? (quick ? 3 : 20));
  return {
    quick,
    sections,
    sizes,
    runs: runsArg > 0 ? runsArg : undefined,
    liveSizes,
    liveChanges,
  };
}

async function main() {
  const started = performance.now();
  const args = parseArgs(process.argv.slice(2));
  const { quick, sections, liveSizes, liveChanges } = args;
  const environment = readEnvironment();
  const ticksAtStart = readCpuTicks();
  const referenceWorkAtStart = measureReferenceWork();
  const runs = args.runs ?? (quick ? 1 : 5);
  const sizes = args.sizes ?? (quick ? [1000] : [1000, 10_000, 100_000]);
  log(
    `${quick ? 'quick smoke run' : 'full run'}: ${sections.join(', ')}; ${environment.machine.cpuModel}, ${environment.machine.cores} cores, load average ${environment.loadAverageAtStart.join(' ')}, reference work ${referenceWorkAtStart} ms`,
  );
  const workDir = mkdtempSync(join(tmpdir(), 'pn-bench-'));
  const results: Section[] = [];
  const failures: string[] = [];
  /**
   * Notes the load average (1, 5, 15 min) when a section started: its noise. A section
   * that fails is written down as failed and the run goes on: half an hour of figures is
   * not thrown away for one section's error.
   */
  const withLoad = async (measure: () => Promise<Section>): Promise<Section> => {
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    let section: Section;
    try {
      section = await measure();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(message);
      log(`section failed: ${message}`);
      section = {
        title: 'A section that failed',
        method: 'See the note: the section threw before it gave its figures.',
        figures: [],
        notes: [`This section failed: ${message}`],
      };
    }
    section.notes.unshift(`Load average when this section started: ${load}.`);
    return section;
  };
  try {
    // The widget as the working tree has it, built into this run's folder; a quick run
    // measures the widget's own dist/ when it is built.
    const existingDist = join(ROOT_DIR, 'packages/widget/dist');
    let widgetDist = join(workDir, 'widget');
    if (quick && existsSync(join(existingDist, 'bundled/.vite/manifest.json'))) {
      widgetDist = existingDist;
      log('quick: measuring the existing packages/widget/dist');
    } else if (
      sections.includes('bytes') ||
      sections.includes('page') ||
      sections.includes('lighthouse')
    ) {
      await buildWidget(widgetDist);
    }

    if (sections.includes('bytes')) {
      log('What a page loads');
      results.push(
        await withLoad(() => measureBytes({ widgetDist, workDir, runs: quick ? 1 : 5 })),
      );
    }
    if (sections.includes('page')) {
      log('How fast a visitor sees partners');
      log('building the floor page (React alone, the same two requests, ten plain cards)');
      const floorDist = await buildFloorPage(join(workDir, 'floor-page'));
      const demo = await startChild(join(BENCH_DIR, 'page/demoChild.ts'), {
        BENCH_DATABASE_PATH: join(workDir, 'demo.db'),
        BENCH_WIDGET_DIST: join(widgetDist, 'bundled'),
        BENCH_FLOOR_DIST: floorDist,
      });
      try {
        results.push(
          await withLoad(() =>
            measurePage({
              url: `${demo.url}/`,
              floorUrl: `${demo.url}${FLOOR_PAGE_PATH}`,
              runs,
              loadMores: quick ? 2 : 10,
            }),
          ),
        );
      } finally {
        await demo.stop();
      }
    }
    if (sections.includes('server')) {
      log('How much one server carries');
      results.push(
        await withLoad(() =>
          measureServer({
            sizes,
            runs,
            seconds: quick ? 1 : 2,
            workDir,
          }),
        ),
      );
    }
    if (sections.includes('search')) {
      log('Search engines side by side');
      results.push(
        await withLoad(() =>
          measureSearch({
            sizes,
            runs: args.runs ?? (quick ? 1 : 3),
            workDir,
          }),
        ),
      );
    }
    if (sections.includes('geo')) {
      log('Locations: distances and places');
      results.push(await withLoad(() => measureGeo({ sizes, runs: args.runs ?? (quick ? 1 : 3) })));
    }
    if (sections.includes('live')) {
      log('Several servers on one database');
      results.push(
        await withLoad(() =>
          measureLive({
            sizes: liveSizes ?? (quick ? [1000] : [10_000, 100_000]),
            changes: liveChanges,
            seconds: quick ? 1 : 2,
            workDir,
          }),
        ),
      );
    }
    if (sections.includes('operate')) {
      log('Operating the server: memory rounds, shutdown under load');
      results.push(
        await withLoad(() =>
          measureOperation({
            partnerCount: quick ? 1000 : 100_000,
            seconds: quick ? 5 : 60,
            connections: 100,
            drainMs: quick ? 1000 : 3000,
            demoSeconds: quick ? 5 : 30,
            workDir,
          }),
        ),
      );
    }
    if (sections.includes('counting')) {
      log('What counting searches costs: counting on and off side by side');
      results.push(
        await withLoad(() =>
          measureCounting({
            partnerCount: quick ? 1000 : 100_000,
            runs: args.runs ?? (quick ? 2 : 10),
            seconds: quick ? 1 : 3,
            workDir,
          }),
        ),
      );
    }
    if (sections.includes('lighthouse')) {
      log('Lighthouse on the demo page (mobile and desktop presets)');
      const demo = await startChild(join(BENCH_DIR, 'page/demoChild.ts'), {
        BENCH_DATABASE_PATH: join(workDir, 'lighthouse.db'),
        BENCH_WIDGET_DIST: join(widgetDist, 'bundled'),
      });
      try {
        results.push(
          await withLoad(() => measureLighthouse({ url: `${demo.url}/`, runs: quick ? 1 : 3 })),
        );
      } finally {
        await demo.stop();
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  const complete =
    !quick && sections.length === SECTIONS.length && !args.sizes && args.runs === undefined;
  const outDir = complete ? BENCH_DIR : join(CACHE_DIR, quick ? 'quick' : 'partial');
  mkdirSync(outDir, { recursive: true });
  const referenceWorkAtEnd = measureReferenceWork();
  const ticksAtEnd = readCpuTicks();
  const durationSeconds = (performance.now() - started) / 1000;
  writeResults(
    {
      environment,
      options: { quick, runs, sections: [...sections] },
      durationSeconds,
      loadAverageAtEnd: loadavg().map((value) => Math.round(value * 100) / 100),
      machineSpeed: {
        referenceWorkMs: { atStart: referenceWorkAtStart, atEnd: referenceWorkAtEnd },
        ...(ticksAtStart && ticksAtEnd
          ? { stealPercent: stealPercent(ticksAtStart, ticksAtEnd) }
          : {}),
      },
      sections: results,
    },
    join(outDir, 'RESULTS.md'),
    join(outDir, 'results.json'),
  );
  const failed = results.flatMap((section) =>
    section.figures.filter((entry) => entry.met === false),
  );
  log(
    `done in ${durationSeconds.toFixed(0)} s: ${join(outDir, 'RESULTS.md')}; goals not met: ${failed.map((entry) => entry.id).join(', ') || 'none'}`,
  );
  if (failures.length > 0) {
    log(`sections failed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
export type { SectionName };
