/**
 * The frame of the page diagnostics (profilePage, traceLoadMore): a temporary folder, a
 * widget built into it, the demo server (page/demoChild.ts, the seeded 260 partners)
 * serving that build, and Debian's Chromium; all stopped and removed afterwards, whatever
 * the diagnostic did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/launchChromium';
import { FLOOR_PAGE_PATH, buildFloorPage } from '../floor/buildFloorPage';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { BENCH_DIR } from '../lib/environment';

/**
 * `build` puts a widget into the folder and says where its bundled build is; `run` drives
 * the demo (at `demo.url`) with the browser.
 */
export async function withDemoInChromium(
  prefix: string,
  build: (folder: string) => Promise<string>,
  run: (demo: RunningChild, browser: Browser) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  try {
    const widgetDist = await build(folder);
    const demo = await startChild(join(BENCH_DIR, 'page/demoChild.ts'), {
      BENCH_DATABASE_PATH: join(folder, 'demo.db'),
      BENCH_WIDGET_DIST: widgetDist,
    });
    const browser = await launchChromium();
    try {
      await run(demo, browser);
    } finally {
      await browser.close();
      await demo.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * One demo server per widget build (`dist/bundled` folders), each serving the floor page
 * too (built once into `folder`): the diagnostics that compare builds (compareWidgets,
 * traceVisit) visit them in turns.
 */
export async function startDemosBesideFloor(
  folder: string,
  dists: readonly string[],
): Promise<RunningChild[]> {
  const floorDist = await buildFloorPage(join(folder, 'floor-page'));
  return Promise.all(
    dists.map((dist, index) =>
      startChild(join(BENCH_DIR, 'page/demoChild.ts'), {
        BENCH_DATABASE_PATH: join(folder, `demo-${index}.db`),
        BENCH_WIDGET_DIST: dist,
        BENCH_FLOOR_DIST: floorDist,
      }),
    ),
  );
}

/**
 * The pages a trace diagnostic visits: each demo's widget page named A, B, ... and, when
 * asked, the floor page (served by the first demo).
 */
export function pagesBesideFloor(
  demos: readonly RunningChild[],
  floorToo: boolean,
): { name: string; url: string }[] {
  const pages = demos.map((demo, index) => ({
    name: String.fromCharCode(65 + index),
    url: `${demo.url}/`,
  }));
  if (floorToo) pages.push({ name: 'floor', url: `${demos[0]?.url ?? ''}${FLOOR_PAGE_PATH}` });
  return pages;
}

/**
 * startDemosBesideFloor with Chromium, for the trace diagnostics: `run` gets the browser and
 * the pages to visit (pagesBesideFloor); the demos, the browser and the folder go after it.
 */
export async function withDemosBesideFloor(
  prefix: string,
  dists: readonly string[],
  floorToo: boolean,
  run: (browser: Browser, pages: { name: string; url: string }[]) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  try {
    const demos = await startDemosBesideFloor(folder, dists);
    const browser = await launchChromium();
    try {
      await run(browser, pagesBesideFloor(demos, floorToo));
    } finally {
      await browser.close();
      await Promise.all(demos.map((demo) => demo.stop()));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The command line every trace diagnostic takes: `--dist <folder>` once per build (A, B, ...),
 * `--visits <n>` (3 by default), `--floor` to visit the floor page too.
 */
export function diagnosticArgs(argv: readonly string[] = process.argv.slice(2)): {
  dists: string[];
  visits: number;
  floorToo: boolean;
} {
  const visitsAt = argv.indexOf('--visits');
  return {
    dists: argv.flatMap((arg, index) => (argv[index - 1] === '--dist' ? [arg] : [])),
    visits: visitsAt >= 0 ? Number(argv[visitsAt + 1]) : 3,
    floorToo: argv.includes('--floor'),
  };
}

/**
 * The figures a trace diagnostic gathers, by page (A, B, the floor) and by what was measured,
 * one value per visit, and the one way to add one.
 */
export function figuresByPage(): {
  figures: Map<string, Map<string, number[]>>;
  keep: (name: string, what: string, value: number) => void;
} {
  const figures = new Map<string, Map<string, number[]>>();
  const keep = (name: string, what: string, value: number) => {
    const map = figures.get(name) ?? new Map<string, number[]>();
    figures.set(name, map);
    map.set(what, [...(map.get(what) ?? []), value]);
  };
  return { figures, keep };
}
