/**
 * Diagnostic, not part of `npm run bench`: what the style and layout passes of a cold visit
 * hold, up to the first card's paint. A layout's CPU in profileTasks.ts is one number; this
 * splits it by the trace events nested in it (Blink's `blink`, `fonts` and debug categories):
 * the font look-ups (`FontCache::GetFontPlatformData`, each new size or weight; the strike's
 * render style asked of the browser process, `GetWebFontRenderStyleForStrike`), text shaping
 * (`ShapeTextIncludingFirstLine`) and the rest. Builds and the floor page visited in turns
 * after one unmeasured visit of each (the browser's font caches warm, as in the page section).
 *
 *   npx tsx bench/page/traceLayouts.ts --dist /tmp/a/bundled --visits 2 [--floor]
 *
 * Per visit: each main-thread task of 8 ms of CPU or more that holds a style or layout pass
 * of 2 ms or more, with each pass's CPU, its `beginData` (objects to lay out) and the nested
 * events with most time (count, CPU ms). A size container (the widget's root) has its subtree
 * styled inside its layout, so the widget's element styling is in `Layout`, not beside it.
 */
import { loadProbeScript } from './measurePage';
import { findPageThread, traceFirstCard } from './traceFirstCard';
import type { TraceEvent } from './traceVisit';
import { diagnosticArgs, withDemosBesideFloor } from './withDemoInChromium';

const { dists, visits, floorToo } = diagnosticArgs();
const MORE = ['blink', 'blink.debug', 'fonts', 'disabled-by-default-blink.debug'];

const ms = (us: number | undefined) => ((us ?? 0) / 1000).toFixed(1);
const cpuOf = (event: TraceEvent) => event.tdur ?? event.dur ?? 0;

await withDemosBesideFloor('pn-layouts-', dists, floorToo, async (browser, pages) => {
  const probe = await loadProbeScript();
  for (const { url } of pages) await traceFirstCard(browser, url, probe, [], 100);
  for (let visit = 1; visit <= visits; visit++) {
    for (const { name, url } of pages) {
      const { events, state } = await traceFirstCard(browser, url, probe, MORE, 300);
      const { zero, main } = findPageThread(events, new URL(url).origin);
      if (!main) throw new Error('no main thread');
      const mine = events
        .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
        .sort((a, b) => a.ts - b.ts);
      const paint = zero + state.firstCard.paint * 1000;
      console.log(`\n${name} visit ${visit}: first card ${state.firstCard.paint.toFixed(0)} ms`);
      for (const task of mine) {
        if (task.name !== 'RunTask' || cpuOf(task) < 8000 || task.ts > paint) continue;
        const end = task.ts + (task.dur ?? 0);
        const inside = mine.filter((event) => event.ts >= task.ts && event.ts < end);
        const passes = inside.filter(
          (event) =>
            (event.name === 'Layout' || event.name === 'UpdateLayoutTree') && cpuOf(event) >= 2000,
        );
        if (!passes.length) continue;
        console.log(`  task at ${ms(task.ts - zero)}, CPU ${ms(task.tdur)}`);
        for (const pass of passes) {
          const passEnd = pass.ts + (pass.dur ?? 0);
          const byName = new Map<string, { count: number; cpu: number }>();
          for (const event of inside) {
            if (event === pass || event.ts < pass.ts || event.ts >= passEnd) continue;
            const sum = byName.get(event.name) ?? { count: 0, cpu: 0 };
            byName.set(event.name, { count: sum.count + 1, cpu: sum.cpu + cpuOf(event) });
          }
          const data = JSON.stringify(pass.args?.beginData ?? {}).replace(/"frame":"\w+",?/, '');
          console.log(`    ${pass.name} CPU ${ms(pass.tdur)} ${data}`);
          const top = [...byName]
            .sort((a, b) => b[1].cpu - a[1].cpu)
            .slice(0, 8)
            .map(([what, { count, cpu }]) => `${what} x${count} ${ms(cpu)}`);
          console.log(`      ${top.join(', ')}`);
        }
      }
    }
  }
});
