/**
 * Diagnostic, not part of `npm run bench`: what each long task of a cold visit costs, in
 * CPU (thread time, whatever else the machine ran), and where that CPU goes, per function,
 * for one or more widget builds visited in turns (as the page section visits: Debian's
 * Chromium, CPU throttled 4x, 412 px, cold cache). One Chromium trace per visit, with V8's
 * sampling profiler in it, so each sample falls into the task it ran in.
 *
 *   npx tsx bench/page/profileTasks.ts --dist /tmp/a/bundled --dist /tmp/b/bundled --visits 8
 *
 * Prints, per visit and build, the main thread's tasks over 20 ms from navigation to one
 * second after the first card (wall, CPU, what ran), then per build the medians of the
 * tasks that count for TBT (the page script's evaluation, React's first render, the
 * answers), and the functions with most samples (self, and inclusive: on the stack) in
 * the first render's task and in the evaluation's. Unminified builds (`--minify false`) give readable names.
 * `--floor` visits the floor page too; `--no-samples` leaves V8's sampling profiler out
 * (it costs CPU of its own: for A/B counts of CPU); SAVE_TRACE=FILE keeps the last trace.
 * `--each` prints each task's own functions too, up to the first card (what each render is).
 * Each task's layout and paint CPU is printed beside it; the medians add the first card's
 * frame (the first with rAF callbacks and a paint after the probe's commit: its CPU, layout
 * and paint) and the longest task in the second after the card.
 */
import { summarize } from '../lib/stats';
import { loadProbeScript } from './measurePage';
import type { ProbeSnapshot } from './probe';
import type { TraceEvent } from './traceVisit';
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import { withDemosBesideFloor, figuresByPage } from './withDemoInChromium';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}
interface ChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}
interface Sample {
  ts: number;
  node: number;
}
interface Task {
  start: number;
  wall: number;
  cpu: number;
  /** V8's compilation on the main thread (lazy functions, the module's finalization), CPU ms. */
  compile: number;
  /** Its layouts' and paints' CPU (`Layout`; `PrePaint` and `Paint`), ms. */
  layout: number;
  paint: number;
  what: string;
  /** It sent the filter groups request (mount()'s start, or the evaluation on main). */
  sentRequests: boolean;
  self: Map<string, number>;
  inclusive: Map<string, number>;
}

const argv = process.argv.slice(2);
const dists = argv.flatMap((arg, index) => (argv[index - 1] === '--dist' ? [arg] : []));
const visitsAt = argv.indexOf('--visits');
const visits = visitsAt >= 0 ? Number(argv[visitsAt + 1]) : 4;
const floorToo = argv.includes('--floor');
/** Without V8's sampling profiler (its own cost inflates the CPU counted). */
const noSamples = argv.includes('--no-samples');
/** Each task's own functions too (the most self time, then inclusive), to the first card. */
const eachTask = argv.includes('--each');

/** Adds a visit's µs per function to a build's running average over the visits. */
function addAverage(
  target: Map<string, Map<string, number>>,
  name: string,
  source: ReadonlyMap<string, number>,
): void {
  const map = target.get(name) ?? new Map<string, number>();
  target.set(name, map);
  for (const [fn, micros] of source) map.set(fn, (map.get(fn) ?? 0) + micros / visits);
}

function frameName(node: ProfileNode): string {
  const file = (node.callFrame.url ?? '').split('/').pop() ?? '';
  return `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

function readSamples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const profiles = events.filter(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  for (const profile of profiles) {
    const id = (profile as unknown as { id: string }).id;
    const data = profile.args?.data as unknown as { startTime: number } | undefined;
    let ts = data?.startTime ?? 0;
    const chunks = events.filter(
      (event) =>
        event.name === 'ProfileChunk' &&
        event.pid === pid &&
        (event as unknown as { id: string }).id === id,
    );
    for (const chunk of chunks) {
      const chunkData = chunk.args?.data as unknown as ChunkData | undefined;
      for (const node of chunkData?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = chunkData?.cpuProfile?.samples ?? [];
      const deltas = chunkData?.timeDeltas ?? [];
      for (let index = 0; index < ids.length; index += 1) {
        ts += deltas[index] ?? 0;
        samples.push({ ts, node: ids[index] ?? 0 });
      }
    }
  }
  return { nodes, samples: samples.sort((a, b) => a.ts - b.ts) };
}

/** When the page script's last byte arrived and when its evaluation began, ms from navigation. */
function scriptTimes(events: TraceEvent[], zero: number): { arrived: number; evaluated: number } {
  const sent = events.find(
    (event) =>
      event.name === 'ResourceSendRequest' &&
      /\/(widget\/partners-network|bench\/floor-page\/)[^/]*\.js/.test(event.args?.data?.url ?? ''),
  );
  const finish = events.find(
    (event) =>
      event.name === 'ResourceFinish' &&
      event.args?.data?.requestId === sent?.args?.data?.requestId,
  );
  const evaluation = events.find((event) => event.name === 'v8.evaluateModule');
  return {
    arrived: finish?.args?.data?.finishTime ? finish.args.data.finishTime * 1000 - zero / 1000 : 0,
    evaluated: evaluation ? (evaluation.ts - zero) / 1000 : 0,
  };
}

function analyse(events: TraceEvent[], probe: ProbeSnapshot, origin: string): Task[] {
  const { zero, main } = findPageThread(events, origin);
  if (!zero || !main) return [];
  const until = zero + ((probe.firstCard?.paint ?? 0) + 1000) * 1000;
  const mainEvents = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const { nodes, samples } = readSamples(events, main.pid, main.tid);
  const requestsSent = events
    .filter(
      (event) =>
        event.name === 'ResourceSendRequest' &&
        event.pid === main.pid &&
        event.tid === main.tid &&
        (event.args?.data?.url ?? '').includes('/filter-groups'),
    )
    .map((event) => event.ts);
  const tasks: Task[] = [];
  for (const task of mainEvents) {
    if (task.name !== 'RunTask' || (task.tdur ?? 0) < 10_000) continue;
    if (task.ts < zero || task.ts > until) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = mainEvents.filter((event) => event.ts >= task.ts && event.ts < end);
    const names = new Set(inside.map((event) => event.name));
    const what = [
      names.has('v8.evaluateModule') && 'evaluate',
      names.has('TimerFire') && 'timer',
      names.has('ParseHTML') && 'parse HTML',
      names.has('UpdateLayoutTree') && 'style',
      names.has('Layout') && 'layout',
      names.has('Paint') && 'paint',
      names.has('FunctionCall') && 'call',
      names.has('FireAnimationFrame') && 'rAF',
    ]
      .filter(Boolean)
      .join('+');
    let compile = 0;
    let compiledUntil = 0;
    for (const event of inside) {
      if (event.name !== 'V8.CompileCode' && event.name !== 'v8.compileModule') continue;
      if (event.ts < compiledUntil) continue;
      compile += (event.tdur ?? 0) / 1000;
      compiledUntil = event.ts + (event.dur ?? 0);
    }
    const cpuOf = (wanted: readonly string[]) =>
      inside
        .filter((event) => wanted.includes(event.name))
        .reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    for (let index = 0; index < within.length; index += 1) {
      const sample = within[index];
      const next = within[index + 1];
      if (!sample) continue;
      const micros = Math.min((next?.ts ?? end) - sample.ts, 2000);
      let node = nodes.get(sample.node);
      if (!node) continue;
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + micros);
      const seen = new Set<string>();
      while (node) {
        const name = frameName(node);
        if (!seen.has(name)) {
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
        }
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    }
    tasks.push({
      start: (task.ts - zero) / 1000,
      wall: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? 0) / 1000,
      compile,
      layout: cpuOf(['Layout']),
      paint: cpuOf(['PrePaint', 'Paint']),
      what: names.has('v8.compileModule') ? `compile module${what ? `+${what}` : ''}` : what,
      sentRequests: requestsSent.some((ts) => ts >= task.ts && ts < end),
      self,
      inclusive,
    });
  }
  return tasks;
}

async function traceOnce(browser: Browser, url: string, probeScript: string) {
  const { buffer, events, state } = await traceFirstCard(
    browser,
    url,
    probeScript,
    [
      ...(noSamples ? [] : ['disabled-by-default-v8.cpu_profiler']),
      'disabled-by-default-v8.compile',
    ],
    1200,
  );
  if (process.env.SAVE_TRACE) writeFileSync(process.env.SAVE_TRACE, buffer);
  const firstPaint = state.firstCard.paint;
  const tbt = state.longTasks
    .filter((task) => task.start < firstPaint + 1000)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return {
    script: scriptTimes(events, findPageThread(events, new URL(url).origin).zero),
    tasks: analyse(events, state, new URL(url).origin),
    firstCard: state.firstCard.paint,
    commit: state.firstCard.commit,
    tbt,
  };
}

/**
 * The task React's first render ran in: with samples, the first with React's work loop on
 * the stack; without, the first script task of 10 ms or more after the evaluation's and
 * the timer's (mount() renders in a timer's task, React's work runs in its scheduler's).
 */
function renderTask(tasks: Task[]): Task | undefined {
  if (!noSamples) {
    return tasks.find(
      (task) =>
        !task.what.includes('evaluate') &&
        [...task.inclusive.keys()].some((name) => name.startsWith('renderRootSync')),
    );
  }
  const evaluation = tasks.findIndex((task) => task.what.includes('evaluate'));
  return tasks
    .slice(evaluation + 1)
    .find(
      (task) =>
        task.what === 'call' || (task.what.includes('call') && !task.what.includes('timer')),
    );
}

const ms = (micros: number) => (micros / 1000).toFixed(1);
await withDemosBesideFloor('pn-tasks-', dists, floorToo, async (browser, pages) => {
  const probeScript = await loadProbeScript();
  for (const { url } of pages) await traceOnce(browser, url, probeScript);
  const { figures, keep } = figuresByPage();
  const renderSelf = new Map<string, Map<string, number>>();
  const renderInclusive = new Map<string, Map<string, number>>();
  const evaluationSelf = new Map<string, Map<string, number>>();
  const evaluationInclusive = new Map<string, Map<string, number>>();
  const requestsSelf = new Map<string, Map<string, number>>();
  const requestsInclusive = new Map<string, Map<string, number>>();
  for (let visit = 1; visit <= visits; visit += 1) {
    const order = visit % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order) {
      const result = await traceOnce(browser, url, probeScript);
      console.log(
        `\n${name} visit ${visit}: first card ${result.firstCard.toFixed(0)} ms, TBT (probe) ${result.tbt.toFixed(0)} ms`,
      );
      for (const task of result.tasks) {
        console.log(
          `  ${task.start.toFixed(0).padStart(6)} wall ${task.wall.toFixed(0).padStart(4)} cpu ${task.cpu.toFixed(0).padStart(4)} compile ${task.compile.toFixed(0).padStart(3)} layout ${task.layout.toFixed(0).padStart(3)} paint ${task.paint.toFixed(0).padStart(3)}  ${task.what}${task === renderTask(result.tasks) ? '  <- first render' : ''}`,
        );
        if (eachTask && task.start <= result.firstCard) {
          for (const [title, map, count] of [
            ['self', task.self, 6],
            ['incl', task.inclusive, 14],
          ] as const) {
            const top = [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
            console.log(
              `        ${title}: ${top.map(([fn, micros]) => `${fn.replace(/ [^ ]*\.js$/, '')} ${ms(micros)}`).join(', ')}`,
            );
          }
        }
      }
      keep(name, 'first card', result.firstCard);
      keep(name, 'script arrived', result.script.arrived);
      keep(name, 'script arrived to evaluation', result.script.evaluated - result.script.arrived);
      keep(name, 'TBT (probe)', result.tbt);
      const compiled = result.tasks.find((task) => task.what.startsWith('compile module'));
      if (compiled) keep(name, 'module compile CPU', compiled.cpu);
      const evaluation = result.tasks.find((task) => task.what.includes('evaluate'));
      if (evaluation) keep(name, 'evaluation CPU', evaluation.cpu);
      if (evaluation) keep(name, 'evaluation compile CPU', evaluation.compile);
      const requests = result.tasks.find((task) => task.sentRequests);
      if (requests && requests !== evaluation) {
        keep(name, 'requests task CPU', requests.cpu);
        keep(name, 'requests task wall', requests.wall);
      }
      for (const [task, self, inclusive] of [
        [evaluation, evaluationSelf, evaluationInclusive],
        [requests === evaluation ? undefined : requests, requestsSelf, requestsInclusive],
      ] as const) {
        if (!task) continue;
        for (const [target, source] of [
          [self, task.self],
          [inclusive, task.inclusive],
        ] as const) {
          addAverage(target, name, source);
        }
      }
      const render = renderTask(result.tasks);
      if (render) {
        keep(name, 'first render CPU', render.cpu);
        keep(name, 'first render compile CPU', render.compile);
        keep(name, 'first render wall', render.wall);
        for (const [target, source] of [
          [renderSelf, render.self],
          [renderInclusive, render.inclusive],
        ] as const) {
          addAverage(target, name, source);
        }
      }
      // The frame that shows the first card (its rAF runs the probe's paint mark), and the
      // longest task of the second after its paint (what the cards' later work costs).
      const cardsFrame = result.tasks.find(
        (task) =>
          task.start >= result.commit && task.what.includes('rAF') && task.what.includes('paint'),
      );
      if (cardsFrame) {
        keep(name, "cards' frame CPU", cardsFrame.cpu);
        keep(name, "cards' frame layout CPU", cardsFrame.layout);
        keep(name, "cards' frame paint CPU", cardsFrame.paint);
      }
      const after = result.tasks.filter(
        (task) => task.start >= result.firstCard && task.start < result.firstCard + 1000,
      );
      keep(name, 'longest task after card CPU', Math.max(0, ...after.map((task) => task.cpu)));
      const until = result.firstCard + 1000;
      const counted = result.tasks.filter((task) => task.start < until);
      keep(
        name,
        'CPU of tasks >= 10 ms',
        counted.reduce((sum, task) => sum + task.cpu, 0),
      );
      keep(
        name,
        'compile CPU in them',
        counted.reduce((sum, task) => sum + task.compile, 0),
      );
      keep(
        name,
        'CPU over 50, summed',
        counted.reduce((sum, task) => sum + Math.max(0, task.cpu - 50), 0),
      );
    }
  }
  console.log('\nmedians (smallest to largest), ms:');
  for (const [name, map] of figures) {
    for (const [what, values] of map) {
      const summary = summarize(values);
      console.log(
        `  ${name.padEnd(6)} ${what.padEnd(24)} ${summary.median.toFixed(1).padStart(7)} (${summary.min.toFixed(0)} to ${summary.max.toFixed(0)}, n ${values.length})`,
      );
    }
  }
  for (const [task, title, source] of [
    ["first render's task", 'self', renderSelf],
    ["first render's task", 'inclusive', renderInclusive],
    ["the evaluation's task", 'self', evaluationSelf],
    ["the evaluation's task", 'inclusive', evaluationInclusive],
    ["the requests' task (when not the evaluation's)", 'self', requestsSelf],
    ["the requests' task (when not the evaluation's)", 'inclusive', requestsInclusive],
  ] as const) {
    for (const [name, map] of source) {
      console.log(`\n${name}: ${task}, ${title} time per visit (ms):`);
      const top = [...map].sort((a, b) => b[1] - a[1]).slice(0, title === 'self' ? 30 : 60);
      for (const [fn, micros] of top) console.log(`  ${ms(micros).padStart(6)}  ${fn}`);
    }
  }
});
