import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TalliedHistogram } from '../TalliedHistogram';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const NAME = 'pn_http_request_duration_seconds';
const HELP = 'Time from request to answer sent.';

type Label = 'method' | 'route' | 'status';
const LABEL_NAMES: Label[] = ['method', 'route', 'status'];
/** The test's own key: a tab cannot be in a method or a status. */
const keyOf = (method: string, route: string, status: number) => `${method}\t${status}\t${route}`;
const labelsOf = (key: string): Record<Label, string> => {
  const [method = '', status = '', route = ''] = key.split('\t');
  return { method, route, status };
};

const answers: [string, string, number, number][] = [
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 200, 0.0004],
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 200, 0.02],
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 400, 0.001],
  ['GET', '(no route)', 404, 3],
  ['GET', '/healthz', 200, 0.1],
];

/** The request durations as the app tallies them, into `registry`. */
function requestDurations(registry: Registry): TalliedHistogram {
  return new TalliedHistogram({
    name: NAME,
    help: HELP,
    labelNames: LABEL_NAMES,
    labelsOf,
    buckets: BUCKETS,
    registry,
  });
}

describe('TalliedHistogram', () => {
  it("scrapes as prom-client's own histogram fed the same answers (text and JSON)", async () => {
    const own = new Registry();
    const theirs = new Registry();
    const durations = requestDurations(own);
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: LABEL_NAMES,
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of answers) {
      durations.tally(keyOf(method, route, status), seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    expect(await own.metrics()).toBe(await theirs.metrics());
    expect(await own.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(await own.metrics()).toContain(
      `${NAME}_bucket{le="0.01",method="POST",route="/o/preferred-partners/v1/:companyId/:scopeGroupId/search",status="200"} 1`,
    );
  });

  it('with one label, as the search durations by outcome', async () => {
    const own = new Registry();
    const theirs = new Registry();
    const name = 'pn_search_duration_seconds';
    const searches = new TalliedHistogram({
      name,
      help: HELP,
      labelNames: ['outcome'],
      labelsOf: (outcome) => ({ outcome }),
      buckets: BUCKETS,
      registry: own,
    });
    const histogram = new Histogram({
      name,
      help: HELP,
      labelNames: ['outcome'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [outcome, seconds] of [
      ['found', 0.0002],
      ['found', 0.5],
      ['unknown-site', 0.00001],
      ['found', 2],
    ] as const) {
      searches.tally(outcome, seconds);
      histogram.observe({ outcome }, seconds);
    }
    expect(await own.metrics()).toBe(await theirs.metrics());
  });

  it('forgets its answers when the registry is reset', async () => {
    const registry = new Registry();
    const durations = requestDurations(registry);
    durations.tally(keyOf('GET', '/healthz', 200), 0.1);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
