/**
 * The part of the page diagnostics (traceVisit, profileTasks) that records one cold visit,
 * as the page section visits (a new context, CPU throttled, the probe): a Chromium trace
 * with TRACE_CATEGORIES and `more` from navigation until `afterMs` after the first card's
 * paint (the probe's).
 */
import type { Browser, Page } from 'playwright-core';
import { CPU_THROTTLING_RATE, VIEWPORT, snapshot } from './measurePage';
import type { ProbeSnapshot } from './probe';
import type { TraceEvent } from './traceVisit';

export interface TracedVisit {
  buffer: Buffer;
  events: TraceEvent[];
  state: ProbeSnapshot & { firstCard: NonNullable<ProbeSnapshot['firstCard']> };
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'loading',
  'toplevel',
  'blink.user_timing',
];

export async function traceFirstCard(
  browser: Browser,
  url: string,
  probeScript: string,
  more: string[],
  afterMs: number,
): Promise<TracedVisit> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    await page.addInitScript({ content: probeScript });
    return await record(browser, page, url, [...TRACE_CATEGORIES, ...more], afterMs);
  } finally {
    await context.close();
  }
}

async function record(
  browser: Browser,
  page: Page,
  url: string,
  categories: string[],
  afterMs: number,
): Promise<TracedVisit> {
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'commit' });
  const deadline = Date.now() + 30_000;
  let state: ProbeSnapshot | null = null;
  while (Date.now() < deadline) {
    state = await snapshot(page).catch(() => null);
    if ((state?.firstCard?.paint ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The frames and tasks right after the first card belong to the picture too.
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const buffer = await browser.stopTracing();
  const firstCard = state?.firstCard;
  if (!state || !firstCard) throw new Error(`${url}: no first card`);
  const parsed: unknown = JSON.parse(buffer.toString('utf8'));
  const events =
    typeof parsed === 'object' && parsed !== null && 'traceEvents' in parsed
      ? (parsed.traceEvents as TraceEvent[])
      : [];
  return { buffer, events, state: { ...state, firstCard } };
}

/**
 * performance.now()'s origin in the trace's clock (the main frame's navigation start, the
 * probe's zero; 0 when not found) and the page's renderer main thread (the one that parsed
 * its HTML).
 */
export function findPageThread(events: TraceEvent[], origin: string) {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.documentLoaderURL?.startsWith(origin) === true,
  );
  const main = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(origin),
  );
  return { zero: navigation?.ts ?? 0, main };
}
