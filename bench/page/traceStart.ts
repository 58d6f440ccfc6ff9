/**
 * Diagnostic, not part of `npm run bench`: what a cold visit's main thread runs from the page
 * script's evaluation to the first card, event by event, for one or more widget builds (and
 * the floor page) visited in turns, as the page section visits (4x, 412 px, cold cache).
 *
 *   npx tsx bench/page/traceStart.ts --dist /tmp/a/bundled --dist /tmp/b/bundled --visits 3 [--floor]
 *
 * Per visit: each main-thread task of 5 ms or more from the evaluation's to the first card's
 * paint (start, wall, CPU), and inside it the top-level trace events (the evaluation, event
 * dispatches with their type, layouts, timers, function calls) and the API requests sent
 * (`ResourceSendRequest`), so it shows which task sent the first requests, and where the
 * host page's layouts fall. Then per build the medians of the probe's TBT, the evaluation
 * task's wall and CPU, the longest task after it, and when the requests were sent.
 */
import { summarize } from '../lib/stats';
import { loadProbeScript } from './measurePage';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import { TASK_PARTS, type TraceEvent } from './traceVisit';
import { diagnosticArgs, withDemosBesideFloor } from './withDemoInChromium';
import type { Browser } from 'playwright-core';

const argv = process.argv.slice(2);
const { dists, visits, floorToo } = diagnosticArgs(argv);
const quiet = argv.includes('--quiet');

const SHOWN = new Set([
  ...TASK_PARTS,
  'v8.compileModule',
  'ResourceSendRequest',
  'ResourceReceiveResponse',
  'ResourceFinish',
]);

interface Figures {
  tbt: number;
  firstCard: number;
  evaluationWall: number;
  evaluationCpu: number;
  /** CPU of the tasks (>= 5 ms) from the evaluation's to the first card, each over 50 ms. */
  cpuOver50: number;
  requestsSent: number;
  /** The first request's send after the evaluation's task ended (negative: inside it). */
  requestsAfterEvaluation: number;
}

function describe(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'EventDispatch') return `event ${data?.type ?? ''}`;
  if (event.name.startsWith('Resource')) {
    const url = data?.url ?? '';
    return `${event.name} ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`;
  }
  if (event.name === 'FunctionCall') return `call ${data?.functionName ?? ''}`;
  return event.name;
}

async function visit(
  browser: Browser,
  url: string,
  probeScript: string,
  label: string,
): Promise<Figures> {
  {
    const { events, state } = await traceFirstCard(browser, url, probeScript, [], 300);
    const { zero, main } = findPageThread(events, new URL(url).origin);
    if (!main) throw new Error('no main thread');
    const at = (ts: number) => (ts - zero) / 1000;
    const mine = events
      .filter((event) => event.pid === main.pid && event.tid === main.tid)
      .sort((a, b) => a.ts - b.ts);
    const evaluation = mine.find((event) => event.name === 'v8.evaluateModule');
    const paint = zero + state.firstCard.paint * 1000;
    const tasks = mine.filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        (event.dur ?? 0) >= 15_000 &&
        evaluation !== undefined &&
        event.ts + (event.dur ?? 0) >= evaluation.ts &&
        event.ts <= paint,
    );
    const requests = events.filter(
      (event) =>
        event.name === 'ResourceSendRequest' &&
        /filter-groups|\/search\?/.test(event.args?.data?.url ?? ''),
    );
    const tbt = state.longTasks
      .filter((task) => task.start < state.firstCard.paint + 1000)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    if (!quiet) {
      console.log(
        `\n${label}: first card ${state.firstCard.paint.toFixed(0)} ms, TBT (probe) ${tbt.toFixed(0)} ms`,
      );
    }
    let evaluationTask: TraceEvent | undefined;
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = mine.filter(
        (event) => event.ts >= task.ts && event.ts < end && event !== task && SHOWN.has(event.name),
      );
      if (evaluation && evaluation.ts >= task.ts && evaluation.ts < end) evaluationTask = task;
      if (quiet) continue;
      console.log(
        `  ${at(task.ts).toFixed(1).padStart(7)} wall ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} cpu ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(6)}`,
      );
      // Only the outermost events: nested ones are inside these.
      let until = 0;
      for (const event of inside) {
        if (event.ts < until && event.ph === 'X') continue;
        if (event.ph === 'X') until = event.ts + (event.dur ?? 0);
        const api = /filter-groups|\/search\?|\.js$/.test(event.args?.data?.url ?? '');
        const long = (event.dur ?? 0) >= 1000 || event.name === 'EventDispatch';
        if (event.ph === 'X' ? !long : !api) continue;
        const length =
          event.ph === 'X'
            ? ` ${((event.dur ?? 0) / 1000).toFixed(1)} ms (cpu ${((event.tdur ?? 0) / 1000).toFixed(1)})`
            : '';
        console.log(
          `          +${((event.ts - task.ts) / 1000).toFixed(1)} ${describe(event)}${length}`,
        );
      }
    }
    const after = tasks.filter((task) => task !== evaluationTask);
    return {
      tbt,
      firstCard: state.firstCard.paint,
      evaluationWall: (evaluationTask?.dur ?? 0) / 1000,
      evaluationCpu: (evaluationTask?.tdur ?? 0) / 1000,
      cpuOver50: [evaluationTask, ...after].reduce(
        (sum, task) => sum + Math.max(0, (task?.tdur ?? 0) / 1000 - 50),
        0,
      ),
      requestsSent: requests[0] ? at(requests[0].ts) : 0,
      requestsAfterEvaluation:
        requests[0] && evaluationTask
          ? (requests[0].ts - evaluationTask.ts - (evaluationTask.dur ?? 0)) / 1000
          : 0,
    };
  }
}

await withDemosBesideFloor('pn-start-', dists, floorToo, async (browser, pages) => {
  const probeScript = await loadProbeScript();
  for (const { url } of pages)
    await visit(browser, url, probeScript, 'warm-up').catch(() => undefined);
  const figures = new Map<string, Figures[]>();
  for (let round = 1; round <= visits; round += 1) {
    const order = round % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order) {
      const result = await visit(browser, url, probeScript, `${name} visit ${round}`);
      figures.set(name, [...(figures.get(name) ?? []), result]);
    }
  }
  console.log('\nmedians (smallest to largest), ms:');
  for (const [name, list] of figures) {
    for (const key of Object.keys(list[0] ?? {}) as (keyof Figures)[]) {
      const summary = summarize(list.map((item) => item[key]));
      console.log(
        `  ${name.padEnd(6)} ${key.padEnd(16)} ${summary.median.toFixed(1).padStart(7)} (${summary.min.toFixed(0)} to ${summary.max.toFixed(0)}, n ${list.length})`,
      );
    }
  }
});
