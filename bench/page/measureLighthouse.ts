/**
 * Lighthouse on the demo page with its mobile preset (a mid-range phone: simulated slow
 * 4G, 4x CPU slowdown) and its desktop preset, in Debian's Chromium (CHROMIUM_PATH)
 * started by chrome-launcher: category scores and LCP, FCP, TBT, CLS, the median of the
 * runs. Lighthouse 12: version 13 needs Node 22.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { log } from '../lib/environment';
import { summarize } from '../lib/stats';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['first-contentful-paint', 'FCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', 'score'],
] as const;

type Preset = 'mobile' | 'desktop';

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<(typeof METRICS)[number][0], number>;
  lcpElement: string;
}

async function runOnce(url: string, preset: Preset): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    const metric = (name: string) => lhr.audits[name]?.numericValue ?? Number.NaN;
    const lcpDetails = JSON.stringify(
      lhr.audits['largest-contentful-paint-element']?.details ?? {},
    );
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      metrics: {
        'largest-contentful-paint': metric('largest-contentful-paint'),
        'first-contentful-paint': metric('first-contentful-paint'),
        'total-blocking-time': metric('total-blocking-time'),
        'cumulative-layout-shift': metric('cumulative-layout-shift'),
      },
      lcpElement: /"snippet":"((?:[^"\\]|\\.)*)"/.exec(lcpDetails)?.[1] ?? 'unknown',
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's own failures (NO_NAVSTART: "Please run Lighthouse again") get two retries. */
class LighthouseRuntimeError extends Error {}

async function runWithRetries(url: string, preset: Preset, notes: string[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      notes.push(`A ${preset} run was made again after: ${error.message}`);
      log(`lighthouse ${preset}: ${error.message}; again`);
    }
  }
}

const GOALS: Partial<Record<string, { op: '<=' | '>='; limit: number; text: string }>> = {
  'mobile-performance': { op: '>=', limit: 98, text: '>= 98' },
  'mobile-accessibility': { op: '>=', limit: 100, text: '100' },
  'mobile-best-practices': { op: '>=', limit: 100, text: '100' },
  'mobile-LCP': { op: '<=', limit: 2500, text: '<= 2.5 s' },
};

export async function measureLighthouse(options: { url: string; runs: number }): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const preset of ['mobile', 'desktop'] as const) {
    const runs: LighthouseRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const result = await runWithRetries(options.url, preset, notes);
      runs.push(result);
      log(
        `lighthouse ${preset} run ${run}/${options.runs}: ${CATEGORIES.map((name) => `${name} ${result.scores[name]}`).join(', ')}; ${METRICS.map(([id, label]) => `${label} ${result.metrics[id].toFixed(id === 'cumulative-layout-shift' ? 3 : 0)}`).join(', ')}`,
      );
    }
    for (const name of CATEGORIES) {
      const id = `${preset}-${name}`;
      figures.push(
        figure(
          id,
          `Lighthouse ${preset}: ${name}`,
          'count',
          summarize(runs.map((run) => run.scores[name])),
          GOALS[id],
        ),
      );
    }
    for (const [audit, label, unit] of METRICS) {
      const id = `${preset}-${label}`;
      figures.push(
        figure(
          id,
          `Lighthouse ${preset}: ${label}`,
          unit,
          summarize(runs.map((run) => run.metrics[audit])),
          GOALS[id],
        ),
      );
    }
    notes.push(`${preset}: the LCP element was ${runs[0]?.lcpElement ?? 'unknown'}.`);
  }
  return {
    title: 'Lighthouse on the demo page',
    method: `Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU slowdown; desktop preset) in Debian's Chromium, ${options.runs} run(s) each on the demo page served by the real demo server; medians.`,
    figures,
    notes,
  };
}
