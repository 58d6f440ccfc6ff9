/**
 * Delivers the outbox in the background: claims due requests, hands each to its channel,
 * settles it (delivered; waiting again with a doubled delay, up to an hour; failed when
 * refused for good or out of attempts), and deletes settled requests past the retention.
 * Every server runs one; the outbox's claims make each request go out once. A request a
 * server claimed when it died comes back to the others after its lease.
 */
import type { ClaimedRequest, ContactOutbox } from '../store/ContactOutbox';
import { DeliveryError } from './DeliveryError';

export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface WorkerEvents {
  delivered(request: ClaimedRequest): void;
  retried(request: ClaimedRequest): void;
  failed(request: ClaimedRequest): void;
}

export interface WorkerOptions {
  outbox: ContactOutbox;
  deliver: (request: ClaimedRequest) => Promise<void>;
  log: WorkerLog;
  events?: Partial<WorkerEvents>;
  now?: () => number;
  /** How often it looks for due requests when nobody woke it (ms). */
  pollMs?: number;
  /** How long a claim holds a request (longer than any delivery may take). */
  leaseMs?: number;
  retryMs: number;
  maxAttempts: number;
  retentionMs: number;
  /** How often settled requests past the retention are deleted (ms). */
  sweepMs?: number;
}

const BATCH = 10;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** The delay before the next attempt after `attempts` failed ones: doubling, at most an hour. */
export function retryDelay(retryMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.max(0, attempts - 1));
}

export class ContactWorker {
  readonly #options: WorkerOptions;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #lastSweep = -Infinity;

  constructor(options: WorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.wake();
  }

  /** Looks for due requests now (a request was just accepted). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#round().finally(() => {
      this.#running = undefined;
      if (this.#stopped) return;
      if (this.#again) {
        this.#again = false;
        this.wake();
      } else {
        this.#timer = setTimeout(() => this.wake(), this.#options.pollMs ?? 1000);
        this.#timer.unref();
      }
    });
  }

  /** Stops looking and waits for the deliveries under way (their claims are settled). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #round(): Promise<void> {
    try {
      await this.#sweep();
      for (;;) {
        const claimed = await this.#options.outbox.claim(
          this.#now(),
          this.#options.leaseMs ?? 120_000,
          BATCH,
        );
        for (const request of claimed) await this.#deliverOne(request);
        if (claimed.length < BATCH || this.#stopped) return;
      }
    } catch (error) {
      // The database is away: the next round tries again; nothing was lost.
      this.#options.log.warn({ err: error }, 'contact outbox not read; trying again soon');
    }
  }

  async #deliverOne(request: ClaimedRequest): Promise<void> {
    const { outbox, log, events } = this.#options;
    try {
      await this.#options.deliver(request);
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const outOfAttempts = request.attempts >= this.#options.maxAttempts;
      if (permanent || outOfAttempts) {
        await outbox.settle(request, { status: 'failed', at: this.#now(), error: reason });
        log.warn({ id: request.id, attempts: request.attempts, reason }, 'contact request failed');
        events?.failed?.(request);
        return;
      }
      const nextAttemptAt = this.#now() + retryDelay(this.#options.retryMs, request.attempts);
      await outbox.settle(request, { status: 'waiting', nextAttemptAt, error: reason });
      log.info(
        { id: request.id, attempts: request.attempts, reason, nextAttemptAt },
        'contact request not delivered; it waits',
      );
      events?.retried?.(request);
      return;
    }
    if (await outbox.settle(request, { status: 'delivered', at: this.#now() })) {
      log.info({ id: request.id, attempts: request.attempts }, 'contact request delivered');
      events?.delivered?.(request);
    } else {
      log.warn({ id: request.id }, 'contact request delivered after its claim ran out');
    }
  }

  async #sweep(): Promise<void> {
    const now = this.#now();
    if (now - this.#lastSweep < (this.#options.sweepMs ?? 60 * 60 * 1000)) return;
    this.#lastSweep = now;
    const removed = await this.#options.outbox.removeSettledBefore(now - this.#options.retentionMs);
    if (removed > 0) this.#options.log.info({ removed }, 'contact requests past retention deleted');
  }
}
