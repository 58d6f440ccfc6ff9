/**
 * Diagnostic, not part of `npm run bench`: what a card's hover lift costs the main thread
 * once the pointer leaves the card, for widget builds in turns (CPU 4x, 412 px, as the page
 * section). A Load More's click moves the pointer off the card the previous Load More
 * placed under it; the lift's 0.2 s glide back ends inside the next answer's wait.
 *
 *   npx tsx bench/page/traceCardHover.ts --dist /tmp/a/bundled --dist /tmp/b/bundled --visits 4
 *
 * Per visit: the first cards, one Load More (the page's intent sheet comes with its first
 * press), the pointer on the first card for 400 ms, then moved onto the hero; a Chromium
 * trace of the next 500 ms gives the main thread's CPU in that time, and that of the
 * tasks with a layout, a hit test or a paint.
 */
import { summarize } from '../lib/stats';
import { openCold, snapshot, loadProbeScript, watched } from './measurePage';
import type { TraceEvent } from './traceVisit';
import { TRACE_CATEGORIES } from './traceFirstCard';
import { diagnosticArgs, withDemosBesideFloor, figuresByPage } from './withDemoInChromium';

const { dists, visits } = diagnosticArgs();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await withDemosBesideFloor('pn-hover-', dists, false, async (browser, pages) => {
  const probe = await loadProbeScript();
  const { figures, keep } = figuresByPage();
  for (let visit = 0; visit <= visits; visit += 1) {
    const order = visit % 2 === 0 ? [...pages].reverse() : pages;
    for (const { name, url } of order) {
      const { context, page } = await openCold(browser, url, probe);
      try {
        while (((await snapshot(page)).firstCard?.paint ?? 0) === 0) await sleep(100);
        await sleep(1500);
        const widget = page.locator('partners-network-search');
        await watched(page, 'load more', () =>
          widget.getByRole('button', { name: 'Load More Partners' }).click(),
        );
        const card = widget.locator('article').first();
        await card.scrollIntoViewIfNeeded();
        await sleep(300);
        const box = await card.boundingBox();
        if (!box) throw new Error('no card box');
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await sleep(400);
        await browser.startTracing(page, { categories: [...TRACE_CATEGORIES] });
        // Off the card, onto the page's own background (outside the widget's cards).
        await page.mouse.move(2, box.y > 40 ? box.y - 30 : box.y + box.height + 30);
        await sleep(500);
        const buffer = await browser.stopTracing();
        if (visit === 0) continue; // warm-up
        const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] })
          .traceEvents;
        const counts = new Map<string, number>();
        for (const event of events) {
          if (event.name !== 'RunTask' || !event.tdur) continue;
          const key = `${event.pid}:${event.tid}`;
          counts.set(key, (counts.get(key) ?? 0) + event.tdur);
        }
        // The renderer's main thread: the one with most frames' work.
        const frames = new Map<string, number>();
        for (const event of events) {
          if (event.name !== 'Paint' && event.name !== 'UpdateLayoutTree') continue;
          const key = `${event.pid}:${event.tid}`;
          frames.set(key, (frames.get(key) ?? 0) + 1);
        }
        const mainKey = [...frames].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
        const main = events.filter((event) => `${event.pid}:${event.tid}` === mainKey);
        const tasks = main.filter((event) => event.name === 'RunTask' && event.ph === 'X');
        const heavy = (names: string[]) =>
          tasks.filter((task) =>
            main.some(
              (event) =>
                names.includes(event.name) &&
                event.ts >= task.ts &&
                event.ts < task.ts + (task.dur ?? 0),
            ),
          );
        const cpu = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
        const byName = (n: string) => cpu(main.filter((event) => event.name === n));
        const all = cpu(tasks);
        const withLayout = cpu(heavy(['Layout', 'HitTest']));
        const ends = main.filter(
          (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'transitionend',
        ).length;
        keep(name, 'main thread CPU, 500 ms', all);
        keep(name, 'tasks with layout or hit test', withLayout);
        keep(name, 'style', byName('UpdateLayoutTree'));
        keep(name, 'layout', byName('Layout'));
        keep(name, 'hit test', byName('HitTest'));
        keep(name, 'paint', byName('Paint'));
        console.log(
          `${name} visit ${visit}: CPU ${all.toFixed(1)} ms, tasks with layout/hit test ${withLayout.toFixed(1)}, style ${byName('UpdateLayoutTree').toFixed(1)}, layout ${byName('Layout').toFixed(1)}, hit test ${byName('HitTest').toFixed(1)}, paint ${byName('Paint').toFixed(1)}, transitionend ${ends}`,
        );
      } finally {
        await context.close();
      }
    }
  }
  console.log('\nmedians (smallest to largest), ms of CPU:');
  for (const [name, map] of figures) {
    for (const [what, values] of map) {
      const s = summarize(values);
      console.log(
        `  ${name} ${what.padEnd(32)} ${s.median.toFixed(1).padStart(6)} (${s.min.toFixed(1)} to ${s.max.toFixed(1)})`,
      );
    }
  }
});
