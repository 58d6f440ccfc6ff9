/**
 * Diagnostic, not part of `npm run bench`: the waterfall of a cold visit, the widget's
 * page side by side with the floor page (bench/floor/page.tsx), as the page section
 * measures them (Debian's Chromium, CPU throttled 4x, a 412 px wide window, cold cache,
 * the same demo server). For each visit a Chromium trace gives, in milliseconds from
 * navigation start:
 *
 * - every request: when it was sent and when its last byte arrived;
 * - every task of the page's main thread over 3 ms, with what it ran (the script's
 *   compilation and evaluation, a timer, a fetch's answer, a frame's style, layout and
 *   paint) and the page script functions that took most of it;
 * - the first card: committed to the DOM and painted (the bench's probe).
 *
 *   npx tsx bench/page/traceVisit.ts                # 3 visits of each page
 *   npx tsx bench/page/traceVisit.ts --visits 5 --unminified --save /tmp/traces
 *   npx tsx bench/page/traceVisit.ts --dist /tmp/dist-a --dist /tmp/dist-b
 *
 * `--unminified` builds the widget without minifying (readable function names);
 * `--save DIR` writes each trace as JSON for the DevTools performance panel; `--dist DIR`
 * (once or more) visits those widget builds (`dist/bundled` folders, one demo server each,
 * in turns with the floor page) instead of building the working tree's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/launchChromium';
import { buildUnminifiedWidget, buildWidget } from '../bytes/measureBytes';
import { FLOOR_PAGE_PATH } from '../floor/buildFloorPage';
import { summarize } from '../lib/stats';
import { loadProbeScript } from './measurePage';
import type { ProbeSnapshot } from './probe';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import { startDemosBesideFloor } from './withDemoInChromium';

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, microseconds: what the task cost, whatever else ran meanwhile. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: {
    name?: string;
    /** The frame of instant marks such as `firstPaint`. */
    frame?: string;
    /** `Layout`'s: how many layout objects it had to lay out, of how many. */
    beginData?: { url?: string; frame?: string; dirtyObjects?: number; totalObjects?: number };
    data?: {
      url?: string;
      requestId?: string;
      finishTime?: number;
      functionName?: string;
      type?: string;
      frame?: string;
      documentLoaderURL?: string;
    };
  };
}

/** What a main-thread task ran, by the name of the first trace event that says it. */
const KINDS: [string, string][] = [
  ['ParseHTML', 'parse HTML'],
  ['v8.compileModule', 'compile module'],
  ['v8.evaluateModule', 'evaluate module'],
  ['EvaluateScript', 'evaluate script'],
  ['TimerFire', 'timer'],
  ['FireAnimationFrame', 'animation frame'],
  ['XHRReadyStateChange', 'XHR'],
  ['EventDispatch', 'event'],
  ['FunctionCall', 'function call'],
  ['RunMicrotasks', 'microtasks'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['Paint', 'paint'],
  ['MajorGC', 'GC'],
  ['MinorGC', 'GC'],
];

/**
 * The events of one task in time order, each with how deep it sits in the task's tree (0: a
 * child of the task): an event nests in the last one still open when it starts.
 */
export function* withDepth(events: readonly TraceEvent[]): Generator<[TraceEvent, number]> {
  const open: TraceEvent[] = [];
  for (const event of events) {
    while (open.length > 0) {
      const parent = open.at(-1);
      if (parent && event.ts < parent.ts + (parent.dur ?? 0)) break;
      open.pop();
    }
    yield [event, open.length];
    open.push(event);
  }
}

/** The main thread's trace events a task-by-task listing names (the trace diagnostics add theirs). */
export const TASK_PARTS: readonly string[] = [
  'v8.evaluateModule',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
  'TimerFire',
  'FunctionCall',
  'ParseHTML',
  'Paint',
  'RunMicrotasks',
  'MajorGC',
  'MinorGC',
];

export interface Waterfall {
  requests: { url: string; start: number; end: number }[];
  tasks: { start: number; duration: number; what: string }[];
  firstCardCommit: number;
  firstCardPaint: number;
  /**
   * The main thread's CPU time (thread time of its tasks, ms) from navigation start to the
   * filter groups request, and to the first card's commit: the work done, apart from the
   * waits and from what the rest of the machine did to the wall clock.
   */
  cpuBeforeFilterGroups: number;
  cpuBeforeFirstCard: number;
}

function readWaterfall(events: TraceEvent[], probe: ProbeSnapshot, origin: string): Waterfall {
  const { zero, main } = findPageThread(events, origin);
  const ms = (micros: number) => (micros - zero) / 1000;
  const requests = new Map<string, { url: string; start: number; end: number }>();
  for (const event of events) {
    const data = event.args?.data;
    if (!data?.requestId || (data.url && !data.url.startsWith(origin))) continue;
    if (event.name === 'ResourceSendRequest' && data.url) {
      requests.set(data.requestId, {
        url: data.url.replace(origin, ''),
        start: ms(event.ts),
        end: 0,
      });
    } else if (event.name === 'ResourceFinish' && data.finishTime) {
      const request = requests.get(data.requestId);
      if (request) request.end = ms(data.finishTime * 1e6);
    }
  }
  const mainEvents = events
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const tasks: Waterfall['tasks'] = [];
  for (const task of mainEvents) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) < 3000 || task.ts < zero) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = mainEvents.filter((event) => event.ts >= task.ts && event.ts < end);
    const kinds = new Map<string, number>();
    for (const event of inside) {
      const kind = KINDS.find(([name]) => name === event.name)?.[1];
      if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + (event.dur ?? 0));
    }
    // Nested kinds overlap (a function call holds its microtasks): the first-level ones say most.
    const what = [...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([kind, micros]) => `${kind} ${(micros / 1000).toFixed(0)}`)
      .join(', ');
    // The longest call into page script, by its function and file.
    const call = inside
      .filter((event) => event.name === 'FunctionCall' || event.name === 'v8.evaluateModule')
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]?.args?.data;
    const where = call?.url
      ? ` [${call.functionName || '(module)'} ${call.url.replace(origin, '').split('/').pop() ?? ''}]`
      : '';
    tasks.push({ start: ms(task.ts), duration: (task.dur ?? 0) / 1000, what: `${what}${where}` });
  }
  const sorted = [...requests.values()].sort((a, b) => a.start - b.start);
  const groupsAt = sorted.find((request) => request.url.includes('/filter-groups'))?.start ?? 0;
  const commitAt = probe.firstCard?.commit ?? 0;
  const cpuUntil = (at: number) =>
    mainEvents
      .filter((event) => event.name === 'RunTask' && event.ts >= zero && ms(event.ts) < at)
      .reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0);
  return {
    requests: sorted,
    tasks,
    firstCardCommit: commitAt,
    firstCardPaint: probe.firstCard?.paint ?? 0,
    cpuBeforeFilterGroups: cpuUntil(groupsAt),
    cpuBeforeFirstCard: cpuUntil(commitAt),
  };
}

async function traceOnce(
  browser: Browser,
  url: string,
  probe: string,
  save: string | null,
): Promise<Waterfall> {
  const { buffer, events, state } = await traceFirstCard(
    browser,
    url,
    probe,
    ['disabled-by-default-devtools.timeline.frame'],
    1500,
  );
  if (save) writeFileSync(`${save}-${Date.now()}.json`, buffer);
  return readWaterfall(events, state, new URL(url).origin);
}

function print(title: string, waterfall: Waterfall): void {
  console.log(`\n### ${title}`);
  console.log('requests (sent -> last byte, ms from navigation start):');
  for (const request of waterfall.requests) {
    console.log(
      `  ${request.start.toFixed(0).padStart(6)} -> ${request.end.toFixed(0).padStart(6)}  ${request.url.slice(0, 90)}`,
    );
  }
  console.log('main-thread tasks over 3 ms (start, duration, what; ms):');
  for (const task of waterfall.tasks) {
    if (task.start > waterfall.firstCardPaint + 300) break;
    console.log(
      `  ${task.start.toFixed(0).padStart(6)} ${task.duration.toFixed(0).padStart(5)}  ${task.what}`,
    );
  }
  console.log(
    `first card: in the DOM at ${waterfall.firstCardCommit.toFixed(0)} ms, painted at ${waterfall.firstCardPaint.toFixed(0)} ms`,
  );
  console.log(
    `main thread's CPU time: ${waterfall.cpuBeforeFilterGroups.toFixed(0)} ms before the filter groups request, ${waterfall.cpuBeforeFirstCard.toFixed(0)} ms before the first card's commit`,
  );
}

// The diagnostic runs only as the script itself: the others import its helpers
// (withDepth, TASK_PARTS), and ran a whole traceVisit of their own argv before theirs.
if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const argv = process.argv.slice(2);
  const flag = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? (argv[at + 1] ?? '') : null;
  };
  const dists = argv.flatMap((arg, index) => (argv[index - 1] === '--dist' ? [arg] : []));
  const visits = Number(flag('--visits') ?? 3);
  const save = flag('--save');
  if (save) mkdirSync(save, { recursive: true });
  const folder = mkdtempSync(join(tmpdir(), 'pn-trace-'));
  try {
    if (dists.length === 0) {
      if (argv.includes('--unminified'))
        await buildUnminifiedWidget(join(folder, 'widget/bundled'));
      else await buildWidget(join(folder, 'widget'));
      dists.push(join(folder, 'widget/bundled'));
    }
    const demos = await startDemosBesideFloor(folder, dists);
    const browser = await launchChromium();
    try {
      const probe = await loadProbeScript();
      const pages: [string, string][] = demos.map((demo, index) => [
        dists.length > 1 ? `widget ${String.fromCharCode(65 + index)}` : 'widget',
        `${demo.url}/`,
      ]);
      const floorUrl = `${demos[0]?.url ?? ''}${FLOOR_PAGE_PATH}`;
      pages.push(['floor', floorUrl]);
      // Warm the servers and the OS's caches, unmeasured.
      for (const [, url] of pages) await traceOnce(browser, url, probe, null);
      const figures = new Map<string, Map<string, number[]>>(
        pages.map(([name]) => [name, new Map()]),
      );
      const keep = (name: string, what: string, value: number) => {
        const lists = figures.get(name);
        lists?.set(what, [...(lists.get(what) ?? []), value]);
      };
      for (let visit = 1; visit <= visits; visit += 1) {
        // In turns, the order reversed every other visit.
        const order = visit % 2 === 0 ? [...pages].reverse() : pages;
        for (const [name, url] of order) {
          const file = save && join(save, name.replace(' ', '-'));
          const waterfall = await traceOnce(browser, url, probe, file);
          print(`${name} page, visit ${visit}`, waterfall);
          const groups = waterfall.requests.find((request) =>
            request.url.includes('/filter-groups'),
          );
          keep(name, 'filter groups asked', groups?.start ?? 0);
          keep(name, 'first card in the DOM', waterfall.firstCardCommit);
          keep(name, 'first card painted', waterfall.firstCardPaint);
          keep(name, 'CPU before the filter groups', waterfall.cpuBeforeFilterGroups);
          keep(name, 'CPU before the first card', waterfall.cpuBeforeFirstCard);
        }
      }
      console.log('\nmedians under tracing (ms; smallest to largest):');
      for (const [name, lists] of figures) {
        for (const [what, values] of lists) {
          const summary = summarize(values);
          console.log(
            `  ${name.padEnd(9)} ${what.padEnd(30)} ${summary.median.toFixed(0).padStart(5)} (${summary.min.toFixed(0)} to ${summary.max.toFixed(0)})`,
          );
        }
      }
    } finally {
      await browser.close();
      await Promise.all(demos.map((demo) => demo.stop()));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
