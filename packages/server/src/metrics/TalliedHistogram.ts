import { Histogram } from 'prom-client';
import type { MetricObjectWithValues, MetricValueWithName, Registry } from 'prom-client';

/**
 * A sample as prom-client's histograms give it (their buckets carry an empty exemplar), its
 * labels by any name: `le` and the label set's.
 */
interface Sample {
  metricName: string;
  labels: Readonly<Record<string, string | number>>;
  value: number;
  exemplar?: null;
}

/** One label set's observations: how many fell in each bucket (not yet cumulated), their sum. */
interface Tally {
  labels: Readonly<Record<string, string>>;
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A prom-client histogram whose observations are counted in a plain tally per label set (a
 * Map lookup by a key the caller gives, and three additions) and turned into the histogram's
 * samples when it is scraped, in the order and shape prom-client gives them. prom-client's
 * own `observe` copies and checks the labels and builds their key on every call: about 3 µs
 * of every answer (`pn_http_request_duration_seconds`, by method, route pattern and status)
 * and of every search (`pn_search_duration_seconds`, by outcome).
 */
export class TalliedHistogram extends Histogram {
  readonly #name: string;
  /** An empty histogram of the same name: the samples' frame (name, help, type) as prom-client gives it. */
  readonly #frame: Histogram;
  readonly #bounds: readonly number[];
  readonly #tallies = new Map<string, Tally>();
  readonly #labelsOf: (key: string) => Record<string, string>;

  /**
   * `labelsOf`: a label set's labels from its key (the caller's one string for one set of
   * values), called the first time the key is seen.
   */
  constructor(options: {
    name: string;
    help: string;
    labelNames: readonly string[];
    labelsOf: (key: string) => Record<string, string>;
    buckets: number[];
    registry: Registry;
  }) {
    super({
      name: options.name,
      help: options.help,
      labelNames: options.labelNames,
      buckets: options.buckets,
      registers: [options.registry],
    });
    this.#name = options.name;
    this.#frame = new Histogram({ name: options.name, help: options.help, registers: [] });
    this.#bounds = [...options.buckets].sort((a, b) => a - b);
    this.#labelsOf = options.labelsOf;
  }

  /** Counts one observation of `seconds` for the label set `key` names. */
  tally(key: string, seconds: number): void {
    let tally = this.#tallies.get(key);
    if (tally === undefined) {
      tally = { labels: this.#labelsOf(key), counts: this.#bounds.map(() => 0), sum: 0, count: 0 };
      this.#tallies.set(key, tally);
    }
    // A loop, not `findIndex`: no closure made on every observation.
    const bounds = this.#bounds;
    for (let bucket = 0; bucket < bounds.length; bucket += 1) {
      if (seconds <= (bounds[bucket] ?? Number.NaN)) {
        tally.counts[bucket] = (tally.counts[bucket] ?? 0) + 1;
        break;
      }
    }
    tally.sum += seconds;
    tally.count += 1;
  }

  override reset(): void {
    super.reset();
    // prom-client's constructor resets too, before this class's fields exist.
    if (#tallies in this) this.#tallies.clear();
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    return { ...(await this.#frame.get()), values: this.#samples() };
  }

  /** What the registry reads to write the text format (prom-client's histograms have it too). */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    return this.get();
  }

  #samples(): Sample[] {
    const values: Sample[] = [];
    const bucketName = `${this.#name}_bucket`;
    for (const { labels, counts, sum, count } of this.#tallies.values()) {
      let below = 0;
      this.#bounds.forEach((bound, index) => {
        below += counts[index] ?? 0;
        values.push({
          metricName: bucketName,
          labels: { le: bound, ...labels },
          value: below,
          exemplar: null,
        });
      });
      values.push(
        { metricName: bucketName, labels: { le: '+Inf', ...labels }, value: count, exemplar: null },
        { metricName: `${this.#name}_sum`, labels: { ...labels }, value: sum },
        { metricName: `${this.#name}_count`, labels: { ...labels }, value: count },
      );
    }
    return values;
  }
}
