import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../RequestDurations';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const NAME = 'pn_http_request_duration_seconds';
const HELP = 'Time from request to answer sent.';

const answers: [string, string, number, number][] = [
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 200, 0.0004],
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 200, 0.02],
  ['POST', '/o/preferred-partners/v1/:companyId/:scopeGroupId/search', 400, 0.001],
  ['GET', '(no route)', 404, 3],
  ['GET', '/healthz', 200, 0.1],
];

describe('RequestDurations', () => {
  it("scrapes as prom-client's own histogram fed the same answers (text and JSON)", async () => {
    const own = new Registry();
    const theirs = new Registry();
    const durations = new RequestDurations({
      name: NAME,
      help: HELP,
      buckets: BUCKETS,
      registry: own,
    });
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of answers) {
      durations.add(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    expect(await own.metrics()).toBe(await theirs.metrics());
    expect(await own.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(await own.metrics()).toContain(
      `${NAME}_bucket{le="0.01",method="POST",route="/o/preferred-partners/v1/:companyId/:scopeGroupId/search",status="200"} 1`,
    );
  });

  it('forgets its answers when the registry is reset', async () => {
    const registry = new Registry();
    const durations = new RequestDurations({ name: NAME, help: HELP, buckets: BUCKETS, registry });
    durations.add('GET', '/healthz', 200, 0.1);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
