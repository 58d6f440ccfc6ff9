/**
 * The contact feature's Prometheus metrics, in the app's registry (`GET /metrics`):
 * requests received, delivered and failed by this server (counters: sum them over the
 * servers), refused as spam by reason, and the requests not settled yet in the database
 * (a gauge read at each scrape: the same on every server).
 */
import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';

export type RefusalReason = 'honeypot' | 'proof' | 'too-soon' | 'proof-used';
export type ContactChannelKind = 'mail' | 'webhook';

export class ContactMetrics {
  readonly #received: Counter;
  readonly #delivered: Counter<'channel'>;
  readonly #failed: Counter<'channel'>;
  readonly #retried: Counter<'channel'>;
  readonly #refused: Counter<'reason'>;

  constructor(registry: Registry, countWaiting: () => Promise<number>) {
    const registers = [registry];
    this.#received = new Counter({
      name: 'pn_contact_requests_received_total',
      help: 'Contact requests accepted and written to the outbox by this server.',
      registers,
    });
    this.#delivered = new Counter({
      name: 'pn_contact_requests_delivered_total',
      help: 'Contact requests this server delivered, by channel (mail, webhook).',
      labelNames: ['channel'],
      registers,
    });
    this.#failed = new Counter({
      name: 'pn_contact_requests_failed_total',
      help: 'Contact requests given up (refused for good, or out of attempts), by channel.',
      labelNames: ['channel'],
      registers,
    });
    this.#retried = new Counter({
      name: 'pn_contact_delivery_retries_total',
      help: 'Delivery attempts that failed and were put back to wait, by channel.',
      labelNames: ['channel'],
      registers,
    });
    this.#refused = new Counter({
      name: 'pn_contact_requests_refused_total',
      help: 'Contact requests taken for spam and not kept: honeypot, proof, too-soon, proof-used.',
      labelNames: ['reason'],
      registers,
    });
    new Gauge({
      name: 'pn_contact_requests_waiting',
      help: 'Contact requests in the database not settled yet (waiting or being sent), all servers.',
      registers,
      async collect() {
        try {
          this.set(await countWaiting());
        } catch {
          // A database that does not answer: the last figure stays.
        }
      },
    });
  }

  received(): void {
    this.#received.inc();
  }

  delivered(channel: ContactChannelKind): void {
    this.#delivered.inc({ channel });
  }

  failed(channel: ContactChannelKind): void {
    this.#failed.inc({ channel });
  }

  retried(channel: ContactChannelKind): void {
    this.#retried.inc({ channel });
  }

  refused(reason: RefusalReason): void {
    this.#refused.inc({ reason });
  }
}
