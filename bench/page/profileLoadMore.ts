/**
 * Diagnostic, not part of `npm run bench`: where the last Load More's time goes (100 -> 110
 * cards, as the page section drives it: cold visit, a search, a cleared search, ten Load
 * Mores, probe, CPU 4x, 412 px), for one or more widget builds in turns. One Chromium trace
 * of the last Load More per visit, with V8's sampling profiler, cut at the probe's times:
 * response end -> the answer's task -> commit -> the frame that shows the cards -> paint.
 *
 *   npx tsx bench/page/profileLoadMore.ts --dist /tmp/a/bundled --dist /tmp/b/bundled --visits 4
 *
 * Prints, per visit, the main thread's tasks of 1 ms or more from the click to the paint
 * (wall, CPU, what ran; a frame's style, layout, prepaint and paint), then per build the
 * medians of each phase and the functions with most samples in the answer's task, and how
 * long the probe's posted task (the paint time of a frame under 50 ms) waited, behind how
 * many partner logos' SVG documents.
 * `--no-samples` leaves V8's sampling profiler out (it costs CPU of its own).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarize } from '../lib/stats';
import { snapshot, loadProbeScript, openCold, watched } from './measurePage';
import { type TraceEvent, withDepth } from './traceVisit';
import { TRACE_CATEGORIES } from './traceFirstCard';
import { diagnosticArgs, withDemosBesideFloor, figuresByPage } from './withDemoInChromium';
import type { Browser } from 'playwright-core';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string };
}
interface ChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const argv = process.argv.slice(2);
const { dists, visits } = diagnosticArgs(argv);
const noSamples = argv.includes('--no-samples');
const saveAt = argv.indexOf('--save');
const save = saveAt >= 0 ? argv[saveAt + 1] : undefined;
if (save) mkdirSync(save, { recursive: true });

function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  for (const profile of events.filter(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  )) {
    const id = (profile as unknown as { id: string }).id;
    let ts = (profile.args?.data as unknown as { startTime: number } | undefined)?.startTime ?? 0;
    for (const chunk of events.filter(
      (event) => event.name === 'ProfileChunk' && (event as unknown as { id: string }).id === id,
    )) {
      const data = chunk.args?.data as unknown as ChunkData | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data?.cpuProfile?.samples ?? [];
      ids.forEach((node, index) => {
        ts += data?.timeDeltas?.[index] ?? 0;
        samples.push({ ts, node });
      });
    }
  }
  return { nodes, samples: samples.sort((a, b) => a.ts - b.ts) };
}

const FRAME_PARTS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];

async function traceLastLoadMore(browser: Browser, url: string, probe: string) {
  const { context, page } = await openCold(browser, url, probe);
  try {
    for (;;) {
      if (((await snapshot(page)).firstCard?.paint ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const widget = page.locator('partners-network-search');
    const input = widget.getByRole('textbox', { name: 'Search partners' });
    await watched(page, 'search', async () => {
      await input.fill('cloud');
      await input.press('Enter');
    });
    await watched(page, 'clear', async () => {
      await input.fill('');
      await input.press('Enter');
    });
    const loadMore = widget.getByRole('button', { name: 'Load More Partners' });
    for (let click = 0; click < 9; click += 1)
      await watched(page, 'load more', () => loadMore.click());
    await browser.startTracing(page, {
      categories: [
        ...TRACE_CATEGORIES,
        ...(noSamples ? [] : ['disabled-by-default-v8.cpu_profiler']),
        // More detail inside style and layout, e.g. EXTRA_CATEGORIES=blink,blink_style.
        ...(process.env.EXTRA_CATEGORIES?.split(',') ?? []),
      ],
    });
    const clickAt = (await snapshot(page)).now;
    const last = await watched(page, 'load more', () => loadMore.click());
    const buffer = await browser.stopTracing();
    const state = await snapshot(page);
    if (save) writeFileSync(join(save, `${Date.now()}.json`), buffer);
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    const sentAt =
      state.resources.filter((entry) => entry.name.includes('/search')).at(-1)?.startTime ?? 0;
    return { events: parsed.traceEvents, last, clickAt, sentAt, cards: state.cards };
  } finally {
    await context.close();
  }
}

function analyse(traced: Awaited<ReturnType<typeof traceLastLoadMore>>) {
  const { events, last } = traced;
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'FireAnimationFrame') continue;
    const key = `${event.pid}:${event.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const mainKey = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const [pid, tid] = mainKey.split(':').map(Number);
  const send = events
    .filter((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.includes('/search'))
    .at(-1);
  const finish = events
    .filter(
      (e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === send?.args?.data?.requestId,
    )
    .at(-1);
  // performance.now() in the trace's clock: the click's send at the probe's startTime is not
  // known here, so align on the send (Resource Timing's startTime of the last search).
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const { nodes, samples } = noSamples
    ? { nodes: new Map<number, ProfileNode>(), samples: [] }
    : samplesOf(events, pid ?? 0, tid ?? 0);
  return { main, send, finish, nodes, samples, last };
}

/**
 * The probe's user-blocking task (posted from the cards' frame): how long it waited, and
 * how many partner logos were asked for and SVG documents committed before it ran.
 */
function beforeProbeTask(events: TraceEvent[], send: TraceEvent | undefined) {
  const after = (name: string, from: number) =>
    events.filter((e) => e.name === name && e.ts > from).sort((a, b) => a.ts - b.ts)[0];
  const posted = send && after('SchedulePostTaskCallback', send.ts);
  const ran = posted && after('RunPostTaskCallback', posted.ts);
  if (!send || !posted || !ran) return { waited: null, logos: 0, documents: 0 };
  const between = (e: TraceEvent, from: number) => e.ts > from && e.ts < ran.ts;
  return {
    waited: (ran.ts - posted.ts) / 1000,
    logos: events.filter(
      (e) =>
        e.name === 'ResourceSendRequest' &&
        e.args?.data?.url?.includes('/logos/') &&
        between(e, send.ts),
    ).length,
    documents: events.filter(
      (e) =>
        e.name === 'DocumentLoader::CommitNavigation' && (e.dur ?? 0) > 0 && between(e, posted.ts),
    ).length,
  };
}

function fnName(node: ProfileNode): string {
  const file = (node.callFrame.url ?? '').split('/').pop() ?? '';
  return `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

await withDemosBesideFloor('pn-lm-', dists, false, async (browser, pages) => {
  const probe = await loadProbeScript();
  for (const { url } of pages) await traceLastLoadMore(browser, url, probe); // warm-up
  const { figures: phases, keep } = figuresByPage();
  const selfTimes = new Map<string, Map<string, number>>();
  for (let visit = 1; visit <= visits; visit += 1) {
    const order = visit % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order) {
      const traced = await traceLastLoadMore(browser, url, probe);
      const { main, send, finish, nodes, samples, last } = analyse(traced);
      const { times, responseEnd } = last;
      // The trace's clock at performance.now() 0: the search's send is at its startTime.
      // Trace times are printed from the search's send (its ResourceSendRequest), probe
      // times from its Resource Timing startTime: the same instant.
      const sendMs = send ? send.ts / 1000 : 0;
      const rel = (ts: number) => ts / 1000 - sendMs;
      const finishRel = finish ? rel(finish.ts) : NaN;
      const probeRel = (at: number) => (at - traced.sentAt).toFixed(1);
      console.log(
        `\n${name} visit ${visit} (send = 0): click ${probeRel(traced.clickAt)}, response end ${probeRel(responseEnd)}, commit ${probeRel(times.commit)}, rAF ${probeRel(times.frame)}, paint ${probeRel(times.paint)}`,
      );
      console.log(
        `${name} visit ${visit}: response end -> commit ${(times.commit - responseEnd).toFixed(1)}, -> rAF ${(times.frame - responseEnd).toFixed(1)}, -> paint ${(times.paint - responseEnd).toFixed(1)} (${times.paintSource}), cards ${times.cards}; renderer's ResourceFinish at send+${finishRel.toFixed(1)}`,
      );
      keep(name, 'response end -> commit', times.commit - responseEnd);
      keep(name, 'commit -> rAF', times.frame - times.commit);
      keep(name, 'rAF -> paint', times.paint - times.frame);
      keep(name, 'response end -> paint', times.paint - responseEnd);
      // What ran before the probe's posted task (its paint time when the frame was not a long
      // animation frame): partner logos asked for in or after the cards' frame are SVG
      // documents, each parsed and laid out on the main thread, ahead of that task.
      const { waited, logos, documents } = beforeProbeTask(traced.events, send);
      if (waited !== null) {
        keep(name, 'probe task waited', waited);
        keep(name, 'logos asked before it', logos);
        keep(name, 'SVG documents before it', documents);
        console.log(
          `${name} visit ${visit}: the probe's task ran ${waited.toFixed(1)} ms after it was posted; ${logos} logos asked and ${documents} SVG documents parsed before it`,
        );
      }
      // Tasks from the send to 40 ms after the finish's frame.
      const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 1000);
      let answerTask: TraceEvent | undefined;
      let frameTask: TraceEvent | undefined;
      for (const task of tasks) {
        if (!send || task.ts + (task.dur ?? 0) < send.ts) continue;
        const end = task.ts + (task.dur ?? 0);
        const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
        const names = new Set(inside.map((e) => e.name));
        const within = samples.filter((s) => s.ts >= task.ts && s.ts < end);
        const self = new Map<string, number>();
        within.forEach((sample, index) => {
          const node = nodes.get(sample.node);
          if (!node) return;
          const micros = Math.min((within[index + 1]?.ts ?? end) - sample.ts, 2000);
          self.set(fnName(node), (self.get(fnName(node)) ?? 0) + micros);
        });
        const parts = FRAME_PARTS.map((part) => {
          const cpu = inside
            .filter((e) => e.name === part)
            .reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0);
          return cpu >= 300 ? `${part} ${(cpu / 1000).toFixed(1)}` : '';
        }).filter(Boolean);
        const isAnswer =
          !answerTask &&
          finish !== undefined &&
          task.ts >= finish.ts - 2000 &&
          names.has('FunctionCall');
        const reactInside = [...self.keys()].some((fn) =>
          /commitRoot|performWorkOnRoot|renderRootSync/.test(fn),
        );
        if (!answerTask && finish && task.ts + (task.dur ?? 0) >= finish.ts && reactInside)
          answerTask = task;
        else if (isAnswer && noSamples) answerTask = task;
        if (
          answerTask &&
          answerTask !== task &&
          !frameTask &&
          names.has('Layout') &&
          names.has('Paint')
        )
          frameTask = task;
        const top = [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([fn, micros]) => `${fn} ${(micros / 1000).toFixed(1)}`)
          .join(', ');
        if (task === frameTask || process.env.TREE) {
          for (const [event, depth] of withDepth(inside)) {
            if ((event.dur ?? 0) >= 400 && depth < 5)
              console.log(
                `${' '.repeat(12 + 2 * depth)}${rel(event.ts).toFixed(1)} ${event.name}${event.args?.data?.type ? ` ${event.args.data.type}` : ''}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''} ${((event.dur ?? 0) / 1000).toFixed(1)} (cpu ${((event.tdur ?? 0) / 1000).toFixed(1)})`,
              );
          }
        }
        // What ran in the task besides a frame's parts: events, timers, callbacks, GC.
        const what = [
          ...new Set(
            inside
              .filter((e) => (e.dur ?? 0) >= 300 && !FRAME_PARTS.includes(e.name))
              .map((e) => `${e.name}${e.args?.data?.type ? `:${e.args.data.type}` : ''}`)
              .filter((label) =>
                /Event|Timer|Animation|GC|Callback|Parse|Decode|Message|Resource|Hit|Scroll|Focus|Microtask/.test(
                  label,
                ),
              ),
          ),
        ].join(',');
        console.log(
          `  ${rel(task.ts).toFixed(1).padStart(7)} wall ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)} cpu ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(5)} ${task === answerTask ? 'ANSWER ' : ''}${task === frameTask ? 'FRAME ' : ''}${parts.join(' ')}${what ? ` [${what}]` : ''}${top ? ` | ${top}` : ''}`,
        );
        if (task === answerTask) {
          const map = selfTimes.get(name) ?? new Map<string, number>();
          selfTimes.set(name, map);
          for (const [fn, micros] of self) map.set(fn, (map.get(fn) ?? 0) + micros / visits);
          keep(name, 'answer task CPU', (task.tdur ?? 0) / 1000);
          if (finish) keep(name, 'finish -> answer task start', (task.ts - finish.ts) / 1000);
        }
        if (task === frameTask) {
          keep(name, 'frame task CPU', (task.tdur ?? 0) / 1000);
          for (const part of FRAME_PARTS) {
            keep(
              name,
              `frame ${part} CPU`,
              inside.filter((e) => e.name === part).reduce((sum, e) => sum + (e.tdur ?? 0), 0) /
                1000,
            );
          }
          break;
        }
      }
    }
  }
  console.log('\nmedians (smallest to largest), ms:');
  for (const [name, map] of phases) {
    for (const [what, values] of map) {
      const s = summarize(values);
      console.log(
        `  ${name} ${what.padEnd(30)} ${s.median.toFixed(1).padStart(6)} (${s.min.toFixed(1)} to ${s.max.toFixed(1)}, n ${values.length})`,
      );
    }
  }
  for (const [name, map] of selfTimes) {
    console.log(`\n${name}: the answer's task, self time per visit (ms):`);
    for (const [fn, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${(micros / 1000).toFixed(1).padStart(6)}  ${fn}`);
  }
});
