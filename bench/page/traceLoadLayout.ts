/**
 * Diagnostic, not part of `npm run bench`: in which main-thread task a cold visit runs the
 * host page's first whole layout (the `load` event's, when the page script's evaluation
 * ends the load), for widget builds and the floor page visited in turns (4x, 412 px, cold,
 * after one unmeasured visit of each, as the page section visits).
 *
 *   npx tsx bench/page/traceLoadLayout.ts --dist /tmp/a/bundled --visits 5 [--floor]
 *
 * Per visit, ms from navigation: when the page script was ready to run (its module's
 * finalization, `v8.compileModule`), when the parser ended (the last `ParseHTML`), the first
 * paint, the evaluation's task (start, CPU) and whether the `load` event (`MarkLoad`) ran in
 * it, and the layout that laid out the whole page for the first time (the first `Layout`
 * whose `beginData` counts the host page's objects, all dirty): its task, its CPU, and
 * whether it was in the evaluation's task. Then per page how many visits had it there.
 *
 * What it showed (bench/README.md, tbt18): the page script, a module, runs when the parser
 * ends (deferred); the `load` event follows in the same task when nothing load-blocking is
 * left, and its `ImplicitClose` lays the page out if no frame did since the body was parsed.
 */
import { summarize } from '../lib/stats';
import { loadProbeScript } from './measurePage';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import type { TraceEvent } from './traceVisit';
import { diagnosticArgs, withDemosBesideFloor } from './withDemoInChromium';

const { dists, visits, floorToo } = diagnosticArgs();

/** The host page's layout objects: a first layout of the whole page has at least these. */
const WHOLE_PAGE_OBJECTS = 50;

interface Visit {
  inEvaluation: boolean;
  loadInEvaluation: boolean;
  evaluationCpu: number;
  layoutCpu: number;
}

const ms = (us: number) => (us / 1000).toFixed(1);

function objects(event: TraceEvent): { dirty: number; total: number } {
  const begin = event.args?.beginData;
  return { dirty: begin?.dirtyObjects ?? 0, total: begin?.totalObjects ?? 0 };
}

await withDemosBesideFloor('pn-load-layout-', dists, floorToo, async (browser, pages) => {
  const probe = await loadProbeScript();
  for (const { url } of pages) await traceFirstCard(browser, url, probe, [], 100);
  const byPage = new Map<string, Visit[]>();
  for (let visit = 1; visit <= visits; visit++) {
    const order = visit % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order) {
      const { events } = await traceFirstCard(browser, url, probe, [], 100);
      const { zero, main } = findPageThread(events, new URL(url).origin);
      if (!main) {
        console.log(`${name} visit ${visit}: no page thread in the trace, left out`);
        continue;
      }
      const at = (ts: number) => ms(ts - zero).padStart(6);
      const mine = events
        .filter((event) => event.pid === main.pid && event.tid === main.tid)
        .sort((a, b) => a.ts - b.ts);
      const evaluation = mine.find((event) => event.name === 'v8.evaluateModule');
      if (!evaluation) throw new Error('no evaluation');
      const tasks = mine.filter((event) => event.name === 'RunTask' && event.ph === 'X');
      const taskOf = (event: TraceEvent) =>
        tasks.find((task) => task.ts <= event.ts && event.ts < task.ts + (task.dur ?? 0));
      const evaluationTask = taskOf(evaluation);
      const compiled = mine.find(
        (event) =>
          event.name === 'v8.compileModule' &&
          /\/(widget\/partners-network|bench\/floor-assets\/)/.test(event.args?.data?.url ?? ''),
      );
      const parses = mine.filter((event) => event.name === 'ParseHTML' && event.ts >= zero);
      const parsed = parses.filter((event) => event.ts < evaluation.ts).pop();
      // The page's own frame: an SVG image (the hero, a logo) is a page of its own on this
      // thread, with its own layouts and `load`.
      const frame = main.args?.beginData?.frame;
      const load = mine.find(
        (event) => event.name === 'MarkLoad' && event.args?.data?.frame === frame,
      );
      const firstPaint = mine.find(
        (event) => event.name === 'firstPaint' && event.args?.frame === frame,
      );
      const whole = mine.find(
        (event) =>
          event.name === 'Layout' &&
          event.args?.beginData?.frame === frame &&
          event.ph === 'X' &&
          objects(event).total >= WHOLE_PAGE_OBJECTS &&
          objects(event).dirty === objects(event).total,
      );
      const wholeTask = whole && taskOf(whole);
      const end = (event: TraceEvent | undefined) => (event ? event.ts + (event.dur ?? 0) : 0);
      const result: Visit = {
        inEvaluation: wholeTask !== undefined && wholeTask === evaluationTask,
        loadInEvaluation:
          load !== undefined && evaluationTask !== undefined && taskOf(load) === evaluationTask,
        evaluationCpu: (evaluationTask?.tdur ?? 0) / 1000,
        layoutCpu: (whole?.tdur ?? 0) / 1000,
      };
      byPage.set(name, [...(byPage.get(name) ?? []), result]);
      console.log(
        `${name} visit ${visit}: script ready ${compiled ? at(compiled.ts) : '     -'}, parser ended ${parsed ? at(end(parsed)) : '     -'}, first paint ${firstPaint ? at(firstPaint.ts) : '     -'}; ` +
          `evaluation's task ${evaluationTask ? at(evaluationTask.ts) : '-'} (CPU ${ms(evaluationTask?.tdur ?? 0)}), load ${result.loadInEvaluation ? 'in it' : load ? `at ${at(load.ts)}` : '-'}; ` +
          `whole-page layout ${whole ? `at ${at(whole.ts)}, CPU ${ms(whole.tdur ?? 0)}, ${objects(whole).total} objects, ${result.inEvaluation ? "in the evaluation's task" : `in a task at ${wholeTask ? at(wholeTask.ts) : '-'} (CPU ${ms(wholeTask?.tdur ?? 0)})`}` : 'none'}`,
      );
    }
  }
  console.log('\nper page: visits with the whole-page layout in the evaluation task; CPU medians');
  for (const [name, list] of byPage) {
    const inside = list.filter((item) => item.inEvaluation);
    const outside = list.filter((item) => !item.inEvaluation);
    const median = (items: Visit[], key: keyof Visit) =>
      items.length ? summarize(items.map((item) => Number(item[key]))).median.toFixed(1) : '-';
    console.log(
      `  ${name.padEnd(6)} ${inside.length} of ${list.length} (load in it: ${list.filter((item) => item.loadInEvaluation).length}); ` +
        `evaluation's task CPU ${median(inside, 'evaluationCpu')} with it, ${median(outside, 'evaluationCpu')} without; ` +
        `the layout's CPU ${median(list, 'layoutCpu')}`,
    );
  }
});
