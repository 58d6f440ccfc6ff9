/**
 * Diagnostic, not part of `npm run bench`: what the main thread does between a Load More's
 * answer and the paint of its cards, with 100 cards on the page, as the page section
 * measures it (probe, CPU 4x, 412 px). A Chromium trace of the last Load More prints every
 * main-thread task from the click to the paint, with its first-level work (script by
 * function, style, layout, paint, ...), beside the probe's response end, commit and paint.
 *
 *   npx tsx bench/page/traceLoadMore.ts [--unminified] [--visits N] [--save DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildUnminifiedWidget, buildWidget } from '../bytes/measureBytes';
import { withDemoInChromium } from './withDemoInChromium';
import { CPU_THROTTLING_RATE, VIEWPORT, loadProbeScript, snapshot } from './measurePage';
import type { ProbeSnapshot } from './probe';
import { type TraceEvent, withDepth } from './traceVisit';

function describe(event: TraceEvent, origin: string): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall' && data?.url)
    return `FunctionCall ${data.functionName || '(anon)'} ${data.url.replace(origin, '').split('/').pop()}`;
  if (event.name === 'EventDispatch') return `EventDispatch ${data?.type ?? ''}`;
  return event.name;
}

async function settle(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not settled');
}

const { values: args } = parseArgs({
  options: {
    visits: { type: 'string', default: '2' },
    save: { type: 'string' },
    unminified: { type: 'boolean', default: false },
  },
});
const visits = Number(args.visits);
const save = args.save ?? null;
if (save) mkdirSync(save, { recursive: true });
await withDemoInChromium(
  'pn-trace-lm-',
  async (folder) => {
    if (args.unminified) await buildUnminifiedWidget(join(folder, 'widget/bundled'));
    else await buildWidget(join(folder, 'widget'));
    return join(folder, 'widget/bundled');
  },
  async (demo, browser) => {
    const probe = await loadProbeScript();
    for (let visit = 0; visit < visits; visit += 1) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
      await page.addInitScript({ content: probe });
      await page.goto(`${demo.url}/`, { waitUntil: 'commit' });
      await settle(async () => ((await snapshot(page)).firstCard?.paint ?? 0) > 0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const widget = page.locator('partners-network-search');
      const loadMore = widget.getByRole('button', { name: 'Load More Partners' });
      const idle = async (cards: number) => {
        const state = await snapshot(page);
        const busy: unknown = await page.evaluate(
          `document.querySelector('partners-network-search').shadowRoot.querySelector('section[aria-busy]').getAttribute('aria-busy')`,
        );
        return state.cards === cards && busy === 'false';
      };
      for (let count = 10; count < 100; count += 10) {
        await loadMore.click();
        await settle(() => idle(count + 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      await page.evaluate('window.__pnBench.arm()');
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'loading',
          'toplevel',
        ],
      });
      const clickAt = (await snapshot(page)).now;
      await loadMore.click();
      await settle(() => idle(110));
      await new Promise((resolve) => setTimeout(resolve, 600));
      const buffer = await browser.stopTracing();
      if (save) writeFileSync(join(save, `loadmore-${visit}.json`), buffer);
      const state: ProbeSnapshot = await snapshot(page);
      const times = state.settled.at(-1);
      const search = state.resources.filter((entry) => entry.name.includes('/search')).at(-1);
      const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
      const events = parsed.traceEvents;
      const origin = new URL(demo.url).origin;
      const navigation = events
        .filter(
          (event) =>
            event.name === 'navigationStart' &&
            event.args?.data?.documentLoaderURL?.startsWith(origin),
        )
        .at(-1);
      // The main thread: where the probe's frames ran (FireAnimationFrame) most.
      const counts = new Map<string, number>();
      for (const event of events) {
        if (event.name !== 'FireAnimationFrame') continue;
        const key = `${event.pid}:${event.tid}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const mainKey = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
      // performance.now() zero: navigation start is not in this trace (it began later);
      // align on the search request's send: ResourceSendRequest of /search.
      const send = events
        .filter(
          (event) =>
            event.name === 'ResourceSendRequest' && event.args?.data?.url?.includes('/search'),
        )
        .at(-1);
      const zero = navigation?.ts ?? (send && search ? send.ts - search.startTime * 1000 : 0);
      const ms = (micros: number) => (micros - zero) / 1000;
      const main = events
        .filter((event) => `${event.pid}:${event.tid}` === mainKey && event.ph === 'X')
        .sort((a, b) => a.ts - b.ts);
      console.log(
        `\n### visit ${visit + 1}: click ${clickAt.toFixed(0)}, search sent ${search?.startTime.toFixed(0)}, response end ${search?.responseEnd.toFixed(0)}, commit ${times?.commit.toFixed(0)}, rAF ${times?.frame.toFixed(0)}, task ${times?.afterTask.toFixed(0)}, paint ${times?.paint.toFixed(0)} (${times?.paintSource}); response end -> paint ${((times?.paint ?? 0) - (search?.responseEnd ?? 0)).toFixed(0)} ms`,
      );
      const end = (times?.paint ?? 0) + 60;
      for (const task of main) {
        if (task.name !== 'RunTask' || (task.dur ?? 0) < 3000) continue;
        const start = ms(task.ts);
        if (start < clickAt - 5 || start > end) continue;
        const taskEnd = task.ts + (task.dur ?? 0);
        const inside = main.filter(
          (event) => event !== task && event.ts >= task.ts && event.ts < taskEnd,
        );
        // The task's tree, three levels deep, events of 0.5 ms or more.
        const lines: string[] = [];
        for (const [event, depth] of withDepth(inside)) {
          if ((event.dur ?? 0) >= 500 && depth < 3) {
            lines.push(
              `${'  '.repeat(depth + 5)}${describe(event, origin)} ${((event.dur ?? 0) / 1000).toFixed(1)}`,
            );
          }
        }
        const what = `\n${lines.join('\n')}`;
        console.log(
          `  ${start.toFixed(0).padStart(6)} ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${what}`,
        );
      }
      await context.close();
    }
  },
);
