/**
 * axe-core in the demo page. The page's CSP (script-src 'self') blocks an injected
 * <script>, so the source is evaluated through the DevTools protocol instead, which
 * the CSP does not govern. axe walks open shadow roots, so the widget is scanned too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the whole page and returns its violations of WCAG 2.2 A and AA. */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe: unknown = Reflect.get(window, 'axe');
    if (typeof axe !== 'object' || axe === null) throw new Error('axe-core did not load');
    const run: unknown = Reflect.get(axe, 'run');
    if (typeof run !== 'function') throw new Error('axe.run is missing');
    const results: unknown = await run.call(axe, document, {
      runOnly: { type: 'tag', values: tags },
    });
    const violations: unknown = Reflect.get(Object(results), 'violations');
    if (!Array.isArray(violations)) throw new Error('axe returned no violations list');
    return violations.map((violation: unknown) => {
      const nodes: unknown = Reflect.get(Object(violation), 'nodes');
      return {
        id: String(Reflect.get(Object(violation), 'id')),
        impact: String(Reflect.get(Object(violation), 'impact') ?? '') || null,
        help: String(Reflect.get(Object(violation), 'help')),
        targets: Array.isArray(nodes)
          ? nodes.map((node: unknown) => JSON.stringify(Reflect.get(Object(node), 'target')))
          : [],
      };
    });
  }, WCAG_AA_TAGS);
}
