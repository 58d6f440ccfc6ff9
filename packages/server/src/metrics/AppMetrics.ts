import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { TalliedHistogram } from './TalliedHistogram';
import type { CountingFigures, MetricsSource, OperationalFigures } from './OperationalFigures';

type RequestLabel = 'method' | 'route' | 'status';

/** An answer's label set in one string: its method and status have no space, its route may. */
function requestKey(method: string, route: string, status: number): string {
  return `${method} ${status} ${route}`;
}

function requestLabelsOf(key: string): Record<RequestLabel, string> {
  const [method = '', status = ''] = key.split(' ', 2);
  return { method, route: key.slice(method.length + status.length + 2), status };
}

/** Buckets from 0.5 ms to 2.5 s: a cached search takes well under a millisecond. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The server's Prometheus metrics, in a registry of its own (two apps in one process, as
 * in tests, do not collide): HTTP requests by route and status, search durations,
 * prom-client's process metrics (memory, event-loop delay, GC) and, at each scrape,
 * the figures every registered source gives (per-site index, caches).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly #sources: MetricsSource[] = [];
  readonly #durations: TalliedHistogram;
  readonly #searches: TalliedHistogram;

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const durations = new TalliedHistogram({
      name: 'pn_http_request_duration_seconds',
      help: 'Time from request to answer sent, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      labelsOf: requestLabelsOf,
      buckets: DURATION_BUCKETS,
      registry: this.registry,
    });
    this.#durations = durations;
    // The histogram counts every answer already: the counter is read from it at each scrape,
    // so an answer costs one observation, not two.
    new Counter({
      name: 'pn_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const sample of (await durations.get()).values) {
          if (sample.metricName === 'pn_http_request_duration_seconds_count') {
            this.inc(sample.labels, sample.value);
          }
        }
      },
    });
    this.#searches = new TalliedHistogram({
      name: 'pn_search_duration_seconds',
      help: "Time the store took to answer a search (matching, ranking, the page's cards).",
      labelNames: ['outcome'],
      labelsOf: (outcome) => ({ outcome }),
      buckets: DURATION_BUCKETS,
      registry: this.registry,
    });
    const figures = () => this.#figures();
    const sitesGauge = (
      name: string,
      help: string,
      read: (site: OperationalFigures['sites'][number]) => number,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: ['company_id', 'scope_group_id'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const site of figures().sites) {
            this.set({ company_id: site.companyId, scope_group_id: site.scopeGroupId }, read(site));
          }
        },
      });
    sitesGauge(
      'pn_site_indexed_partners',
      "Partners in the site's in-memory search index.",
      (site) => site.indexedPartners,
    );
    sitesGauge(
      'pn_site_change_version',
      'Directory changes the server has seen (imports, commits of other processes).',
      (site) => site.changeVersion,
    );
    sitesGauge(
      'pn_site_seconds_since_last_change',
      'Seconds since the server last saw the directory change.',
      (site) => Math.max(0, (Date.now() - site.lastChangeSeenAt) / 1000),
    );
    const cacheGauge = (
      name: string,
      help: string,
      read: (cache: OperationalFigures['caches'][number]) => number | undefined,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const cache of figures().caches) {
            const value = read(cache);
            if (value !== undefined) this.set({ cache: cache.cache }, value);
          }
        },
      });
    cacheGauge('pn_cache_entries', 'Entries a cache holds now.', (cache) => cache.entries);
    cacheGauge(
      'pn_cache_max_entries',
      "A cache's bound in entries (per site for a site's caches).",
      (cache) => cache.maxEntries,
    );
    cacheGauge('pn_cache_weight', 'Weight a cache holds now (its unit: server README).', (cache) =>
      cache.maxWeight === undefined ? undefined : cache.weight,
    );
    cacheGauge('pn_cache_max_weight', "A cache's bound in weight.", (cache) => cache.maxWeight);
    // Totals the sources count themselves: counters by meaning, read as they stand.
    cacheGauge('pn_cache_hits_total', 'Lookups a cache answered.', (cache) => cache.hits);
    cacheGauge(
      'pn_cache_misses_total',
      'Lookups a cache could not answer.',
      (cache) => cache.misses,
    );
    cacheGauge(
      'pn_cache_clears_total',
      'Times a memo of the process let entries go because it was full.',
      (cache) => cache.clears,
    );
    this.#countingGauges();
  }

  /** The search counts' figures, from the source that counts (stats/SearchStats). */
  #countingGauges(): void {
    const figures = () => this.#figures();
    const gauge = (name: string, help: string, read: (counting: CountingFigures) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const counting = figures().counting;
          if (counting) this.set(read(counting));
        },
      });
    gauge(
      'pn_stats_searches_counted_total',
      'First-page searches counted.',
      (c) => c.searchesCounted,
    );
    gauge(
      'pn_stats_clicks_counted_total',
      'Cards opened counted (beacons).',
      (c) => c.clicksCounted,
    );
    gauge('pn_stats_flushes_total', 'Flushes that added counts to the database.', (c) => c.flushes);
    gauge(
      'pn_stats_failed_flushes_total',
      'Flushes that failed; their counts wait for the next one.',
      (c) => c.failedFlushes,
    );
    gauge('pn_stats_counts_waiting', 'Counts not yet added to the database.', (c) => c.waiting);
    gauge(
      'pn_stats_counts_dropped_total',
      'Counts dropped because too many different rows were waiting for a flush.',
      (c) => c.dropped,
    );
  }

  /** Adds a source of per-site and cache figures (a store, a search service). */
  addSource(source: MetricsSource): void {
    this.#sources.push(source);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#durations.tally(requestKey(method, route, status), seconds);
  }

  /**
   * Times a search that started at `started` (`performance.now()`), with its outcome: no
   * timer closure and label copies per search, as prom-client's `startTimer` makes.
   */
  observeSearch(outcome: 'found' | 'unknown-site' | 'failed', started: number): void {
    this.#searches.tally(outcome, (performance.now() - started) / 1000);
  }

  #figures(): OperationalFigures {
    const all: OperationalFigures = { sites: [], caches: [] };
    for (const source of this.#sources) {
      const figures = source.figures();
      all.sites.push(...figures.sites);
      all.caches.push(...figures.caches);
      if (figures.counting) all.counting = figures.counting;
    }
    return all;
  }
}
