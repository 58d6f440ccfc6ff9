/**
 * Diagnostic, not part of `npm run bench`: where the page's main thread spends its time
 * in the moments the bench times. Builds the bundled widget WITHOUT minification (names
 * stay readable) into a temporary folder, serves it with the demo server, and records a
 * V8 CPU profile (DevTools protocol) of the throttled page for: the load up to the first
 * card, a search (Enter -> painted), and a Load More with 100 cards on the page. Prints
 * the functions with the most self time in each, grouped by module.
 *
 *   npx tsx bench/page/profilePage.ts
 */
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildUnminifiedWidget } from '../bytes/measureBytes';
import { withDemoInChromium } from './withDemoInChromium';
import { CPU_THROTTLING_RATE, VIEWPORT } from './measurePage';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

function isProfile(value: unknown): value is Profile {
  return typeof value === 'object' && value !== null && 'nodes' in value;
}

function summarize(title: string, profile: Profile, top = 18): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const id = samples[index] ?? 0;
    // timeDeltas[i+1] is the time until the next sample: the time spent in sample i.
    self.set(id, (self.get(id) ?? 0) + (deltas[index + 1] ?? 0));
  }
  const byName = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += micros;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + micros);
    const module = functionName.startsWith('(') ? functionName : file || '(native)';
    byModule.set(module, (byModule.get(module) ?? 0) + micros);
  }
  const ms = (micros: number) => `${(micros / 1000).toFixed(1)} ms`;
  console.log(
    `\n## ${title}: ${ms(busy)} of JS and engine time (throttled ${CPU_THROTTLING_RATE}x)`,
  );
  for (const [key, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms(micros).padStart(9)}  ${key}`);
  }
  console.log('  by file:');
  for (const [key, micros] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
    console.log(`  ${ms(micros).padStart(9)}  ${key}`);
  }
}

async function profiled(
  cdp: CDPSession,
  title: string,
  action: () => Promise<void>,
): Promise<void> {
  await cdp.send('Profiler.start');
  await action();
  const { profile } = await cdp.send('Profiler.stop');
  const value: unknown = profile;
  if (isProfile(value)) summarize(title, value);
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

const RENDERING = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'FunctionCall',
  'EventDispatch',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'HitTest',
  'ParseHTML',
  'v8.compile',
  'v8.evaluateModule',
  'GCEvent',
  'MajorGC',
  'MinorGC',
];

/** Main-thread time of the renderer by kind of work (style, layout, paint, script...). */
async function traced(browser: Browser, page: Page, title: string, action: () => Promise<void>) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  await action();
  const buffer = await browser.stopTracing();
  const parsed: unknown = JSON.parse(buffer.toString('utf8'));
  const events: TraceEvent[] =
    typeof parsed === 'object' && parsed !== null && 'traceEvents' in parsed
      ? (parsed.traceEvents as TraceEvent[])
      : [];
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const totals = new Map<string, number>();
  for (const event of events) {
    if (!main || event.tid !== main.tid || event.pid !== main.pid || event.ph !== 'X') continue;
    if (!RENDERING.includes(event.name)) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0));
  }
  console.log(`\n## ${title}: renderer main thread by kind of work (nested kinds overlap)`);
  for (const [name, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  }
}

async function settle(page: Page, done: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value: unknown = await page.evaluate(done).catch(() => false);
    if (value === true) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not settled: ${done}`);
}

await withDemoInChromium(
  'pn-profile-',
  async (folder) => {
    await buildUnminifiedWidget(join(folder, 'bundled'));
    return join(folder, 'bundled');
  },
  async (demo, browser) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const cards = `document.querySelector('partners-network-search')?.shadowRoot?.querySelectorAll('article').length`;
    const idle = `document.querySelector('partners-network-search')?.shadowRoot?.querySelector('section[aria-busy]')?.getAttribute('aria-busy') === 'false'`;
    await profiled(cdp, 'Load to the first card', async () => {
      await page.goto(`${demo.url}/`, { waitUntil: 'commit' });
      await settle(page, `(${cards} ?? 0) > 0`);
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const widget = page.locator('partners-network-search');
    const input = widget.getByRole('textbox', { name: 'Search partners' });
    await profiled(cdp, 'Search "cloud" (Enter, 600 ms debounce, answer, paint)', async () => {
      await input.fill('cloud');
      await input.press('Enter');
      await new Promise((resolve) => setTimeout(resolve, 700));
      await settle(page, idle);
    });
    await input.fill('');
    await input.press('Enter');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await settle(page, idle);
    const loadMore = widget.getByRole('button', { name: 'Load More Partners' });
    for (let count = 10; count < 100; count += 10) {
      await loadMore.click();
      await settle(page, `${cards} === ${count + 10} && ${idle}`);
    }
    await profiled(cdp, 'Load More, 100 -> 110 cards', async () => {
      await loadMore.click();
      await settle(page, `${cards} === 110 && ${idle}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await traced(browser, page, 'Load More, 110 -> 120 cards', async () => {
      await loadMore.click();
      await settle(page, `${cards} === 120 && ${idle}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await traced(browser, page, 'Search "data" with 120 cards on the page', async () => {
      await input.fill('data');
      await input.press('Enter');
      await new Promise((resolve) => setTimeout(resolve, 700));
      await settle(page, `${idle} && ${cards} <= 10`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await context.close();
  },
);
