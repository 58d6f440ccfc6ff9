/**
 * Diagnostic, not part of `npm run bench`: from the page script's evaluation to the first
 * card's paint, every main-thread task of 3 ms or more in time order, beside when each
 * resource's answer finished loading (`ResourceFinish`, by request id) and the probe's commit
 * of the first card, so the time between the first search's answer and the first card reads
 * task by task. Builds and the floor page visited in turns, as traceStart.ts visits.
 *
 *   npx tsx bench/page/traceAnswerToCard.ts --dist /tmp/a --dist /tmp/b --visits 3 [--floor]
 */
import { loadProbeScript } from './measurePage';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import { TASK_PARTS } from './traceVisit';
import { diagnosticArgs, withDemosBesideFloor } from './withDemoInChromium';
import type { Browser } from 'playwright-core';

const argv = process.argv.slice(2);
const { dists, visits, floorToo } = diagnosticArgs(argv);

const NESTED = new Set([
  ...TASK_PARTS,
  'XHRReadyStateChange',
  'FireAnimationFrame',
  'v8.compile',
  'CommitLoad',
  'ImageDecodeTask',
  'Decode Image',
]);

function shortUrl(url: string): string {
  return url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/\?.*$/, '')
    .slice(-48);
}

const summary: {
  label: string;
  cpuToCommit: number;
  wallToCommit: number;
  framesBeforeCommit: number;
  evaluationCpu: number;
}[] = [];

async function visit(browser: Browser, url: string, probeScript: string, label: string) {
  const { events, state } = await traceFirstCard(browser, url, probeScript, [], 100);
  const { zero, main } = findPageThread(events, new URL(url).origin);
  if (!main) throw new Error('no main thread');
  const at = (ts: number) => ((ts - zero) / 1000).toFixed(1).padStart(7);
  const mine = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid)
    .sort((a, b) => a.ts - b.ts);
  const evaluation = mine.find((event) => event.name === 'v8.evaluateModule');
  const paint = zero + state.firstCard.paint * 1000;
  const urls = new Map<string, string>();
  for (const event of events) {
    const data = event.args?.data as { requestId?: string; url?: string } | undefined;
    if (event.name === 'ResourceSendRequest' && data?.requestId && data.url)
      urls.set(data.requestId, data.url);
  }
  const lines: [number, string][] = [];
  for (const event of events) {
    const data = event.args?.data as { requestId?: string; finishTime?: number } | undefined;
    if (event.name === 'ResourceSendRequest' && data?.requestId)
      lines.push([event.ts, `  >> sent ${shortUrl(urls.get(data.requestId) ?? '')}`]);
    if (event.name === 'ResourceFinish' && data?.requestId) {
      const finished = data.finishTime ? data.finishTime * 1e6 : event.ts;
      lines.push([finished, `  << finished ${shortUrl(urls.get(data.requestId) ?? '')}`]);
    }
  }
  const from = evaluation ? evaluation.ts - 1000 : zero;
  for (const task of mine) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || (task.dur ?? 0) < 3000) continue;
    if (task.ts + (task.dur ?? 0) < from || task.ts > paint) continue;
    const end = task.ts + (task.dur ?? 0);
    let text = `task wall ${((task.dur ?? 0) / 1000).toFixed(1)} cpu ${((task.tdur ?? 0) / 1000).toFixed(1)}`;
    let until = 0;
    for (const event of mine) {
      if (event.ts < task.ts || event.ts >= end || event === task || !NESTED.has(event.name))
        continue;
      if (event.ts < until) continue;
      if (event.ph === 'X') until = event.ts + (event.dur ?? 0);
      const dur = (event.dur ?? 0) / 1000;
      if (dur < 1 && event.name !== 'EventDispatch') continue;
      const data = event.args?.data as
        { type?: string; functionName?: string; url?: string } | undefined;
      const what =
        event.name === 'EventDispatch'
          ? `event ${data?.type ?? ''}`
          : event.name === 'FunctionCall'
            ? `call ${data?.functionName ?? ''} ${shortUrl(data?.url ?? '')}`
            : event.name;
      text += `\n              +${((event.ts - task.ts) / 1000).toFixed(1)} ${what} ${dur.toFixed(1)}`;
    }
    lines.push([task.ts, text]);
  }
  const commit = zero + state.firstCard.commit * 1000;
  // CPU of the main thread's tasks (any length) from the end of the evaluation's task to the
  // first card's commit: what a busy machine inflates least.
  const evaluationTask = mine.find(
    (task) =>
      task.name === 'RunTask' &&
      evaluation !== undefined &&
      task.ts <= evaluation.ts &&
      evaluation.ts < task.ts + (task.dur ?? 0),
  );
  const evaluationEnd = evaluationTask ? evaluationTask.ts + (evaluationTask.dur ?? 0) : 0;
  const between = mine.filter(
    (task) =>
      task.name === 'RunTask' && task.ph === 'X' && task.ts >= evaluationEnd && task.ts < commit,
  );
  const cpu = between.reduce((sum, task) => sum + (task.tdur ?? 0) / 1000, 0);
  const frames = between.filter((task) =>
    mine.some(
      (event) =>
        event.name === 'Paint' && event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0),
    ),
  ).length;
  const figures = {
    cpuToCommit: cpu,
    wallToCommit: (commit - evaluationEnd) / 1000,
    framesBeforeCommit: frames,
    evaluationCpu: (evaluationTask?.tdur ?? 0) / 1000,
  };
  summary.push({ label, ...figures });
  lines.push([commit, '  ** first card committed']);
  lines.push([paint, '  ** first card painted']);
  console.log(`\n${label}: first card ${state.firstCard.paint.toFixed(0)} ms`);
  for (const [ts, text] of lines.sort((a, b) => a[0] - b[0])) {
    if (ts < from - 200_000 || ts > paint + 1) continue;
    console.log(`${at(ts)} ${text}`);
  }
}

await withDemosBesideFloor('pn-answer-', dists, floorToo, async (browser, pages) => {
  const probeScript = await loadProbeScript();
  for (const { url } of pages)
    await visit(browser, url, probeScript, 'warm-up').catch(() => undefined);
  for (let round = 1; round <= visits; round += 1) {
    const order = round % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order)
      await visit(browser, url, probeScript, `${name} visit ${round}`);
  }
  console.log('\nfrom the end of the evaluation task to the first card in the DOM (ms):');
  for (const row of summary) {
    if (row.label.startsWith('warm-up')) continue;
    console.log(
      `  ${row.label.padEnd(16)} CPU ${row.cpuToCommit.toFixed(1).padStart(6)}  wall ${row.wallToCommit.toFixed(1).padStart(6)}  frames ${row.framesBeforeCommit}  (evaluation task CPU ${row.evaluationCpu.toFixed(1)})`,
    );
  }
});
