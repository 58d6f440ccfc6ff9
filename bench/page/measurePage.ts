/**
 * How fast a visitor sees partners: Chromium (Debian's, headless) against the real
 * demo server, the page's CPU throttled 4x through the DevTools protocol, a new
 * browser context (cold cache, new cookies) for every run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import * as z from 'zod';
import { transformWithEsbuild } from 'vite';
import { BENCH_DIR, log } from '../lib/environment';
import type { Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { summarize } from '../lib/stats';
import { PipeChromium } from './pipeChromium';
import type { PipeVisit, ProbeReader } from './pipeChromium';
import type { ProbeProgress, ProbeSnapshot, ProbeTimes } from './probe';

export const CPU_THROTTLING_RATE = 4;
/** A phone's window (Lighthouse's mobile one): the page lays out in one column. */
export const VIEWPORT = { width: 412, height: 823 };
/** TBT counts long tasks until this long passed after the first card without a long task. */
const QUIET_WINDOW_MS = 1000;
const QUIET_WINDOW_CAP_MS = 8000;
/** The floor page's script in Resource Timing. */
const FLOOR_SCRIPT_PART = '/bench/floor-assets/';
const SEARCH_TEXT = 'cloud';
/** How long after a paint its long-animation-frame entry is surely reported. */
const FRAME_ENTRY_WAIT_MS = 300;
const GOALS = {
  firstCardMs: 800,
  /** The first card at most this times the floor page's, run by run. */
  firstCardOverFloor: 1.25,
  cls: 0.01,
  tbtMs: 100,
  /** TBT at most the floor page's plus this, run by run. */
  tbtOverFloorMs: 25,
  responseToPaintMs: 100,
};

export async function loadProbeScript(): Promise<string> {
  const path = join(BENCH_DIR, 'page/probe.ts');
  const { code } = await transformWithEsbuild(readFileSync(path, 'utf8'), path, {
    format: 'iife',
    globalName: '__pnBenchProbe',
    target: 'es2022',
  });
  return `${code}\n__pnBenchProbe.installBenchProbe();`;
}

function isSnapshot(value: unknown): value is ProbeSnapshot {
  return typeof value === 'object' && value !== null && 'settled' in value && 'longTasks' in value;
}

export async function snapshot(page: ProbeReader): Promise<ProbeSnapshot> {
  const value: unknown = await page.evaluate('window.__pnBench.snapshot()');
  if (!isSnapshot(value)) throw new Error('the page probe is missing');
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isProgress(value: unknown): value is ProbeProgress {
  return (
    typeof value === 'object' && value !== null && 'firstCardPaint' in value && 'settled' in value
  );
}

async function progress(page: ProbeReader): Promise<ProbeProgress | null> {
  const value: unknown = await page.evaluate('window.__pnBench.progress()').catch(() => null);
  return isProgress(value) ? value : null;
}

/**
 * Polls the probe's progress from here until `done` holds (the page's CSP forbids the
 * string evaluation waitForFunction would use), bounded by `timeoutMs`, then reads the
 * whole snapshot once. Only the progress is polled: the snapshot is a task of its own in
 * the page, long enough to fall inside the window being measured.
 */
async function waitForProbe(
  page: ProbeReader,
  what: string,
  done: (state: ProbeProgress) => boolean,
  timeoutMs = 20_000,
): Promise<ProbeSnapshot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await progress(page);
    if (state && done(state)) return snapshot(page);
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** CLS as web-vitals defines it: the largest session window of shifts without recent input. */
export function cumulativeLayoutShift(shifts: ProbeSnapshot['shifts']): number {
  return worstSessionWindow(shifts).value;
}

function worstSessionWindow(shifts: ProbeSnapshot['shifts']): {
  value: number;
  shifts: ProbeSnapshot['shifts'];
} {
  let worst = { value: 0, shifts: [] as ProbeSnapshot['shifts'] };
  let current: ProbeSnapshot['shifts'] = [];
  let windowValue = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts.filter((entry) => !entry.hadRecentInput)) {
    if (shift.time - last > 1000 || shift.time - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.time;
      current = [];
    }
    windowValue += shift.value;
    current.push(shift);
    last = shift.time;
    if (windowValue > worst.value) worst = { value: windowValue, shifts: [...current] };
  }
  return worst;
}

const describeShifts = (shifts: ProbeSnapshot['shifts']) =>
  shifts
    .map(
      (shift) =>
        `${shift.value.toFixed(4)} at ${shift.time.toFixed(0)} ms${shift.hadRecentInput ? ' (after input, not counted)' : ''}: ${shift.sources.join('; ')}`,
    )
    .join(' | ');

interface Interaction {
  responseEnd: number;
  times: ProbeTimes;
}

/** Runs `action`, waits for the results to go busy then settle and paint, bounded. */
export async function watched(
  page: ProbeReader,
  what: string,
  action: () => Promise<void>,
): Promise<Interaction> {
  const before: unknown = await page.evaluate('window.__pnBench.arm()');
  const count = typeof before === 'number' ? before : 0;
  const armedAt = (await snapshot(page)).now;
  await action();
  await waitForProbe(page, what, (probe) => probe.settled > count);
  // The frame's long-animation-frame entry is reported a little after the frame: read
  // the times again once it is in (probe.ts takes the paint from it).
  await sleep(FRAME_ENTRY_WAIT_MS);
  const state = await snapshot(page);
  const times = state.settled[count];
  const search = state.resources
    .filter((entry) => entry.name.includes('/search') && entry.startTime >= armedAt)
    .at(-1);
  if (!times || !search) throw new Error(`${what}: no settled results or no search response`);
  return { responseEnd: search.responseEnd, times };
}

/** A cold visit up to the first card and a quiet window: the widget's or the floor page's. */
interface VisitRun {
  firstCardPaint: number;
  firstCardCommit: number;
  firstCardElementTiming: number | null;
  lcp: number;
  lcpElement: string;
  tbt: number;
  longTasks: number;
  scriptEnd: number;
  filterGroupsStart: number;
  filterGroupsEnd: number;
  firstSearchStart: number;
  firstSearchEnd: number;
  longTaskList: string;
  firstCardPaintSource: string;
}

interface PageRun extends VisitRun {
  cls: number;
  allShifts: number;
  searchToPaint: number;
  searchToCommit: number;
  loadMoreToPaint: number;
  loadMoreToCommit: number;
  cardsBeforeLastLoadMore: number;
  cardsAfterLastLoadMore: number;
  clsWindow: string;
  inputShifts: string;
  paintSources: string;
}

/** A new context (cold cache, new cookies), throttled, with the probe, at `url`. */
export async function openCold(browser: Browser, url: string, probe: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  await page.addInitScript({ content: probe });
  await page.goto(url, { waitUntil: 'commit' });
  return { context, page };
}

/**
 * Waits for the first card, then for a quiet window (no long task for QUIET_WINDOW_MS);
 * `scriptPart` names the page script in Resource Timing.
 */
export async function measureLoad(page: ProbeReader, scriptPart: string): Promise<VisitRun> {
  let loaded = await waitForProbe(page, 'first card', (probe) => probe.firstCardPaint > 0, 30_000);
  const firstCard = loaded.firstCard;
  if (!firstCard) throw new Error('no first card');
  for (;;) {
    const lastTaskEnd = Math.max(0, ...loaded.longTasks.map((task) => task.start + task.duration));
    const quietSince = Math.max(firstCard.paint, lastTaskEnd);
    if (loaded.now - quietSince >= QUIET_WINDOW_MS) break;
    if (loaded.now - firstCard.paint >= QUIET_WINDOW_CAP_MS) break;
    await sleep(100);
    loaded = await snapshot(page);
  }
  const tbtEnd = loaded.now;
  // Read again now that the first card's frame entry is reported (see watched()).
  const painted = loaded.firstCard ?? firstCard;
  const tasks = loaded.longTasks.filter((task) => task.start < tbtEnd);
  const lcpEntry = loaded.lcp.at(-1);
  const resource = (part: string) => loaded.resources.find((entry) => entry.name.includes(part));
  return {
    firstCardPaint: painted.paint,
    firstCardCommit: painted.commit,
    firstCardPaintSource: painted.paintSource,
    firstCardElementTiming: loaded.firstCardElementTiming,
    lcp: lcpEntry?.time ?? 0,
    lcpElement: lcpEntry?.element ?? 'none',
    tbt: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longTasks: tasks.length,
    scriptEnd: resource(scriptPart)?.responseEnd ?? 0,
    filterGroupsStart: resource('/filter-groups')?.startTime ?? 0,
    filterGroupsEnd: resource('/filter-groups')?.responseEnd ?? 0,
    firstSearchStart: resource('/search')?.startTime ?? 0,
    firstSearchEnd: resource('/search')?.responseEnd ?? 0,
    longTaskList: tasks
      .map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)} ms`)
      .join(', '),
  };
}

/**
 * A cold visit of the floor page, up to its first card and the quiet window, in the
 * pipe's Chromium (no inspector's runtime attached: pipeChromium.ts).
 */
async function measureFloorOnce(pipe: PipeChromium, url: string, probe: string): Promise<VisitRun> {
  const visit = await pipe.openCold(url, probe, VIEWPORT, CPU_THROTTLING_RATE);
  try {
    return await measureLoad(visit, FLOOR_SCRIPT_PART);
  } finally {
    await visit.close();
  }
}

/** In the widget's shadow root, found as a visitor finds them: by name. */
const IN_WIDGET = `document.querySelector('partners-network-search').shadowRoot`;
const SEARCH_FIELD = `${IN_WIDGET}.querySelector('input[name="search"]')`;
const LOAD_MORE = `[...${IN_WIDGET}.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Load More Partners')`;

/** The search field focused with its text selected (typing then replaces it). */
async function selectSearchText(visit: PipeVisit): Promise<void> {
  await visit.evaluate(`${SEARCH_FIELD}.focus(); ${SEARCH_FIELD}.select();`);
}

/** Load More scrolled into view and clicked with the mouse, at its centre. */
async function clickLoadMore(visit: PipeVisit): Promise<void> {
  const centre = z
    .object({ x: z.number(), y: z.number() })
    .parse(
      await visit.evaluate(
        `(() => { const button = ${LOAD_MORE}; button.scrollIntoView({ block: 'center' }); const box = button.getBoundingClientRect(); return { x: box.x + box.width / 2, y: box.y + box.height / 2 }; })()`,
      ),
    );
  await visit.click(centre.x, centre.y);
}

/** A cold visit of the widget's page, then a search, a cleared search and Load More clicks. */
async function measureOnce(
  pipe: PipeChromium,
  url: string,
  probe: string,
  loadMores: number,
): Promise<PageRun> {
  const page = await pipe.openCold(url, probe, VIEWPORT, CPU_THROTTLING_RATE);
  try {
    const visit = await measureLoad(page, '/widget/');

    // A submitted search: type, Enter (emitted on release, then the 600 ms debounce).
    const search = await watched(page, 'search', async () => {
      await selectSearchText(page);
      await page.insertText(SEARCH_TEXT);
      await page.press('Enter');
    });
    // Back to every partner, then Load More until 100 cards are on the page.
    await watched(page, 'clear search', async () => {
      await selectSearchText(page);
      await page.press('Backspace');
      await page.press('Enter');
    });
    let last: Interaction | undefined;
    let cardsBefore = 0;
    for (let click = 0; click < loadMores; click += 1) {
      cardsBefore = (await snapshot(page)).cards;
      last = await watched(page, 'load more', () => clickLoadMore(page));
    }
    if (!last) throw new Error('no Load More measured');
    await sleep(1000); // shifts after the last change are reported
    const final = await snapshot(page);
    if (process.env.BENCH_DEBUG_SNAPSHOT) {
      writeFileSync(process.env.BENCH_DEBUG_SNAPSHOT, JSON.stringify(final, null, 1));
    }
    return {
      ...visit,
      cls: cumulativeLayoutShift(final.shifts),
      allShifts: final.shifts.reduce((sum, shift) => sum + shift.value, 0),
      searchToPaint: search.times.paint - search.responseEnd,
      searchToCommit: search.times.commit - search.responseEnd,
      loadMoreToPaint: last.times.paint - last.responseEnd,
      loadMoreToCommit: last.times.commit - last.responseEnd,
      cardsBeforeLastLoadMore: cardsBefore,
      cardsAfterLastLoadMore: last.times.cards,
      clsWindow: describeShifts(worstSessionWindow(final.shifts).shifts),
      inputShifts: describeShifts(final.shifts.filter((shift) => shift.hadRecentInput)),
      paintSources: `first card ${visit.firstCardPaintSource}, search ${search.times.paintSource}, Load More ${last.times.paintSource}`,
    };
  } finally {
    await page.close();
  }
}

export async function measurePage(options: {
  /** The demo's widget page. */
  url: string;
  /** The floor page on the same server (bench/floor/page.tsx). */
  floorUrl: string;
  runs: number;
  loadMores: number;
  /** Diagnostics only: a script added after the probe (e.g. to try a CSS change). */
  extraInitScript?: string;
}): Promise<Section> {
  const probe = `${await loadProbeScript()}\n${options.extraInitScript ?? ''}`;
  const pipe = PipeChromium.launch();
  const runs: PageRun[] = [];
  const floors: VisitRun[] = [];
  try {
    log(
      `page: ${await pipe.version()}, CPU throttled ${CPU_THROTTLING_RATE}x, ${VIEWPORT.width}x${VIEWPORT.height}`,
    );
    // One unmeasured visit of each first (not in a 1-run smoke run): every run finds the
    // server's and the OS's caches warm.
    if (options.runs > 1) {
      await measureOnce(pipe, options.url, probe, 1);
      await measureFloorOnce(pipe, options.floorUrl, probe);
    }
    for (let run = 1; run <= options.runs; run += 1) {
      // The widget and its floor one after the other, in turns, so both see the same load.
      const floorFirst = run % 2 === 0;
      const floor = floorFirst ? await measureFloorOnce(pipe, options.floorUrl, probe) : null;
      const result = await measureOnce(pipe, options.url, probe, options.loadMores);
      const floorRun = floor ?? (await measureFloorOnce(pipe, options.floorUrl, probe));
      runs.push(result);
      floors.push(floorRun);
      log(
        `page run ${run}/${options.runs}: first card ${result.firstCardPaint.toFixed(0)} ms (floor page ${floorRun.firstCardPaint.toFixed(0)} ms), TBT ${result.tbt.toFixed(0)} ms (floor page ${floorRun.tbt.toFixed(0)} ms), LCP ${result.lcp.toFixed(0)} ms, CLS ${result.cls.toFixed(4)}, search ${result.searchToPaint.toFixed(0)} ms, Load More (${result.cardsBeforeLastLoadMore} -> ${result.cardsAfterLastLoadMore}) ${result.loadMoreToPaint.toFixed(0)} ms`,
      );
    }
  } finally {
    await pipe.close();
  }
  return pageSection(runs, floors, options.loadMores);
}

/** Run by run: the widget's figure against its floor page's of the same turn. */
function paired(
  runs: readonly VisitRun[],
  floors: readonly VisitRun[],
  pick: (run: VisitRun) => number,
  combine: (ours: number, floor: number) => number,
) {
  return summarize(runs.map((run, index) => combine(pick(run), pick(floors[index] ?? run))));
}

function pageSection(runs: PageRun[], floors: VisitRun[], loadMores: number): Section {
  const of = (pick: (run: PageRun) => number) => summarize(runs.map(pick));
  const floorOf = (pick: (run: VisitRun) => number) => summarize(floors.map(pick));
  const elementTimings = runs.flatMap((run) =>
    run.firstCardElementTiming ? [run.firstCardElementTiming] : [],
  );
  const cards = runs[0];
  /** The widget's figure (with its goal, if any) and the floor page's beside it. */
  const withFloor = (
    id: string,
    what: string,
    pick: (run: VisitRun) => number,
    goal?: Parameters<typeof figure>[4],
  ) => [
    figure(`page.${id}`, what, 'ms', of(pick), goal),
    figure(`page.floor.${id}`, `Floor page: ${what}`, 'ms', floorOf(pick)),
  ];
  const breakdown = (id: string, what: string, pick: (run: VisitRun) => number) =>
    withFloor(id, `Breakdown: ${what}`, pick);
  return {
    title: 'How fast a visitor sees partners',
    method: `Debian's Chromium (headless) against the demo server (child process, temporary database seeded with the default 260 partners, 127.0.0.1), window ${VIEWPORT.width}x${VIEWPORT.height}, CPU throttled ${CPU_THROTTLING_RATE}x with Emulation.setCPUThrottlingRate, no network throttling, a new browser context (cold HTTP cache) per visit after one unmeasured warm-up visit of each page. The cold visits that give the first card, LCP and TBT run in a Chromium driven over the DevTools pipe with the Runtime domain never enabled (pipeChromium.ts: with it, as under Playwright, V8 parses the page script again for source positions when React DOM creates its Error objects, 100 to 150 ms at 4x that no visitor pays); the search (typed and Enter pressed through Input.insertText and Input.dispatchKeyEvent), the cleared search and the Load More clicks (mouse events at the button's centre) follow in the same visit. Each run visits the widget's page and the floor page (bench/floor/page.tsx, served by the same server: the same portal layout with a page script that loads React alone, asks for the filter groups, then the first search, and renders the ten partners as plain cards), in turns, so the two see the same load; ratios and differences are taken run by run. An init script captures the shadow root of the widget (or of the floor page's element) and watches it with a MutationObserver; a change's paint time is the end of the next frame (the one whose requestAnimationFrame callbacks run after the change): the end of its long-animation-frame entry when it has one (frames over 50 ms), else the time of a user-blocking task (scheduler.postTask) posted from its requestAnimationFrame callback, which runs after that frame's style, layout and paint (or later: tasks queued meanwhile, such as image decoding, can run first). Search and Load More are timed from the search POST's responseEnd (Resource Timing) to that paint. TBT: long tasks from navigation to the first card plus a ${QUIET_WINDOW_MS} ms window without long tasks. CLS: largest session window (web-vitals) over the load, a search, a cleared search and ${loadMores} Load More clicks.`,
    figures: [
      ...withFloor(
        'firstCard',
        'Navigation start -> first result card painted',
        (run) => run.firstCardPaint,
        { op: '<=', limit: GOALS.firstCardMs, text: `<= ${GOALS.firstCardMs} ms` },
      ),
      figure(
        'page.firstCardOverFloor',
        'First card painted, times the floor page (run by run)',
        'ratio',
        paired(
          runs,
          floors,
          (run) => run.firstCardPaint,
          (ours, floor) => ours / floor,
        ),
        {
          op: '<=',
          limit: GOALS.firstCardOverFloor,
          text: `<= ${GOALS.firstCardOverFloor}x the floor page`,
        },
      ),
      figure(
        'page.lcp',
        'Largest contentful paint',
        'ms',
        of((run) => run.lcp),
      ),
      figure(
        'page.cls',
        'Cumulative layout shift (load, search, Load More)',
        'score',
        of((run) => run.cls),
        { op: '<=', limit: GOALS.cls, text: '<= 0.01' },
      ),
      ...withFloor('tbt', 'Total blocking time (to first card + quiet window)', (run) => run.tbt, {
        op: '<=',
        limit: GOALS.tbtMs,
        text: '<= 100 ms',
      }),
      figure(
        'page.tbtOverFloor',
        "Total blocking time minus the floor page's (run by run)",
        'ms',
        paired(
          runs,
          floors,
          (run) => run.tbt,
          (ours, floor) => ours - floor,
        ),
        { op: '<=', limit: GOALS.tbtOverFloorMs, text: `<= ${GOALS.tbtOverFloorMs} ms` },
      ),
      figure(
        'page.searchToPaint',
        `Search ("${SEARCH_TEXT}") response end -> new results painted`,
        'ms',
        of((run) => run.searchToPaint),
        { op: '<=', limit: GOALS.responseToPaintMs, text: '<= 100 ms' },
      ),
      figure(
        'page.loadMoreToPaint',
        `Load More (${cards?.cardsBeforeLastLoadMore ?? '?'} cards on the page) response end -> appended cards painted`,
        'ms',
        of((run) => run.loadMoreToPaint),
        { op: '<=', limit: GOALS.responseToPaintMs, text: '<= 100 ms' },
      ),
      ...breakdown('scriptEnd', 'page script received', (run) => run.scriptEnd),
      ...breakdown('filterGroupsStart', 'filter groups asked', (run) => run.filterGroupsStart),
      ...breakdown(
        'filterGroupsEnd',
        'filter groups answer received',
        (run) => run.filterGroupsEnd,
      ),
      ...breakdown('firstSearchStart', 'first search sent', (run) => run.firstSearchStart),
      ...breakdown('firstSearchEnd', 'first search answer received', (run) => run.firstSearchEnd),
      ...breakdown('firstCardCommit', 'first card in the DOM', (run) => run.firstCardCommit),
      figure(
        'page.searchToCommit',
        'Breakdown: search response end -> results in the DOM',
        'ms',
        of((run) => run.searchToCommit),
      ),
      figure(
        'page.loadMoreToCommit',
        'Breakdown: Load More response end -> cards in the DOM',
        'ms',
        of((run) => run.loadMoreToCommit),
      ),
      figure(
        'page.longTasks',
        'Long tasks (to first card + quiet window)',
        'count',
        of((run) => run.longTasks),
      ),
      figure(
        'page.floor.longTasks',
        'Floor page: long tasks',
        'count',
        floorOf((run) => run.longTasks),
      ),
      figure(
        'page.allShifts',
        'All layout shifts, also those right after an input',
        'score',
        of((run) => run.allShifts),
      ),
      ...(elementTimings.length > 0
        ? [
            figure(
              'page.firstCardElementTiming',
              'Cross-check: first card Element Timing renderTime',
              'ms',
              summarize(elementTimings),
            ),
          ]
        : []),
    ],
    notes: [
      `LCP element (last run): ${runs.at(-1)?.lcpElement ?? 'none'} ("null": inside the widget's shadow root, not exposed).`,
      `Worst CLS session window (last run), shift value, time, then each source (previous -> current rect, x,y wxh): ${runs.at(-1)?.clsWindow || 'none'}.`,
      `Shifts right after an input (Load More clicks; not counted in CLS), last run: ${runs.at(-1)?.inputShifts || 'none'}.`,
      `Long tasks counted in TBT (last run): ${runs.at(-1)?.longTaskList || 'none'}; floor page: ${floors.at(-1)?.longTaskList || 'none'}.`,
      `Paint times from the frame's long-animation-frame entry ("frame") or the posted task ("task"), per run: ${runs.map((run) => run.paintSources).join(' | ')}.`,
    ],
  };
}
