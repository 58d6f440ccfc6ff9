/**
 * The search counts of one server: each first page's search and each card opened is an
 * increment of a Map in memory (nothing on the path of a search waits for a database);
 * every STATS_FLUSH_MS (60 s at most) and in the drain on SIGTERM the counts are added
 * to the database in one transaction of increments, so the counts of several servers add
 * up and none is counted twice. A flush that fails keeps its counts for the next one:
 * nothing is lost while the database is away (up to MAX_WAITING different rows; past
 * that, new rows are dropped and counted as such, so memory stays bounded).
 *
 * A search's row outlives the flush that sent its counts (they go back to zero): a search
 * asked again finds it by its kept answer's object, as between flushes, rather than
 * building its key and a new row once a flush. A row nobody counted since the last flush
 * is let go at the next one, so the rows held are those of the last two intervals.
 */
import type { Scope } from '@partners-network/contract';
import type { MetricsSource, OperationalFigures } from '../metrics/OperationalFigures';
import { scopeKey } from '../store/scopeKey';
import type { ClickCount, CountedSearch, SearchCount, StatsStore } from '../store/StatsStore';
import type { AnswerPage } from './answerId';
import { partnerAt } from './answerId';

/** How long counts are kept: 13 months, then the flush deletes them. */
export const RETENTION_MONTHS = 13;
/** STATS_FLUSH_MS's default, and its most: counts reach the database at least every minute. */
export const DEFAULT_STATS_FLUSH_MS = 60_000;
/** Different rows waiting for a flush at most (a database away for long, a flood of texts). */
export const MAX_WAITING = 200_000;
/** A flush with nothing to add still deletes the expired rows, this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SearchStatsOptions {
  /** How often counts are added to the database (ms). */
  flushMs?: number;
  /** Most different rows waiting; past it new rows are dropped. */
  maxWaiting?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/** A search row in memory: its counts since the last flush, and its key in #searches. */
interface SearchRow extends SearchCount {
  readonly key: string;
  /** False once #searches let it go (idle at a flush, or its site forgotten). */
  held: boolean;
}

/** Hears a flush that failed: the error, and the counts kept for the next one. */
export type FlushFailedListener = (error: unknown, waiting: number) => void;

/** The first UTC day whose counts are kept on `now`: the same day 13 months before. */
export function keepFrom(now: number): string {
  const today = new Date(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() - RETENTION_MONTHS;
  // The 31st of a shorter month is its last day.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(today.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

export class SearchStats implements MetricsSource {
  readonly #store: StatsStore;
  readonly #flushMs: number;
  readonly #maxWaiting: number;
  readonly #now: () => number;
  #onFlushFailed: FlushFailedListener | undefined;
  #searches = new Map<string, SearchRow>();
  /**
   * The rows of #searches by the counted search that reached them: a kept answer carries
   * one CountedSearch object for every visitor who asks it, so a search counted again
   * finds its row by that object, without building and hashing its key (a third of what
   * counting cost per search). Weak: an answer dropped from the caches takes its entry.
   */
  #byCounted = new WeakMap<CountedSearch, SearchRow>();
  /** Rows at zero may be in #searches (since a flush): #isFull lets them go before refusing. */
  #idleHeld = false;
  #clicks = new Map<string, ClickCount>();
  #day = '';
  #dayEnds = 0;
  #flushing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #prunedAt = -Infinity;
  readonly #figures = {
    searchesCounted: 0,
    clicksCounted: 0,
    flushes: 0,
    failedFlushes: 0,
    dropped: 0,
  };

  constructor(store: StatsStore, options: SearchStatsOptions = {}) {
    this.#store = store;
    this.#flushMs = options.flushMs ?? DEFAULT_STATS_FLUSH_MS;
    this.#maxWaiting = options.maxWaiting ?? MAX_WAITING;
    this.#now = options.now ?? Date.now;
  }

  /** Who hears a flush that failed (the server's log). */
  onFlushFailed(listener: FlushFailedListener): void {
    this.#onFlushFailed = listener;
  }

  /** Counts a first page's search (never a Load More: the route asks only for offset 0). */
  countSearch(scope: Scope, search: CountedSearch, foundNothing: boolean): void {
    const day = this.#today();
    let count = this.#byCounted.get(search);
    if (
      count === undefined ||
      !count.held ||
      count.day !== day ||
      count.scope.companyId !== scope.companyId ||
      count.scope.scopeGroupId !== scope.scopeGroupId
    ) {
      count = this.#searchRow(scope, day, search);
      if (count === undefined) return;
      this.#byCounted.set(search, count);
    }
    count.searches += 1;
    if (foundNothing) count.zeroResults += 1;
    this.#figures.searchesCounted += 1;
  }

  /** The row of a site, day and search, made when new; undefined when full. */
  #searchRow(scope: Scope, day: string, search: CountedSearch): SearchRow | undefined {
    const key = `${scopeKey(scope)}\u0000${day}\u0000${search.key}`;
    let count = this.#searches.get(key);
    if (count === undefined) {
      if (this.#isFull()) return undefined;
      count = { scope, day, search, searches: 0, zeroResults: 0, key, held: true };
      this.#searches.set(key, count);
    }
    return count;
  }

  /**
   * Counts a card opened at `position` (from 1, in the whole list) of the answer page;
   * false when that position is not on the page.
   */
  countClick(scope: Scope, page: AnswerPage, position: number): boolean {
    const partnerId = partnerAt(page, position);
    if (partnerId === undefined) return false;
    // A partner the answer could not name: nothing to count it under.
    if (partnerId <= 0) return true;
    const day = this.#today();
    const text = page.text === null ? '\u0001' : `=${page.text}`;
    const key = [scopeKey(scope), day, page.locale, text, partnerId, position].join('\u0000');
    let count = this.#clicks.get(key);
    if (count === undefined) {
      if (this.#isFull()) return true;
      count = { scope, day, locale: page.locale, text: page.text, partnerId, position, clicks: 0 };
      this.#clicks.set(key, count);
    }
    count.clicks += 1;
    this.#figures.clicksCounted += 1;
    return true;
  }

  /** Flushes every `flushMs` from now on (the timer does not keep the process alive). */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.#flushMs);
    this.#timer.unref();
  }

  /**
   * Adds what was counted to the database, one flush at a time; a failed one keeps its
   * counts for the next. Resolves either way (`figures()` tells how it went).
   */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    this.#flushing = this.#flushOnce().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  /**
   * Drops the counts of a site not yet in the database (its erasure: the admin API then
   * deletes the stored ones). Waits for a flush under way first: a failed one puts its
   * counts back, and they would come back after the erasure.
   */
  async forget(scope: Scope): Promise<void> {
    while (this.#flushing) await this.#flushing;
    const site = scopeKey(scope);
    for (const [key, count] of this.#searches) {
      if (scopeKey(count.scope) !== site) continue;
      count.held = false;
      this.#searches.delete(key);
    }
    for (const [key, count] of this.#clicks) {
      if (scopeKey(count.scope) === site) this.#clicks.delete(key);
    }
  }

  /** Stops the timer and flushes what is left (the drain on SIGTERM calls it). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** Counts not yet in the database. */
  get waiting(): number {
    let waiting = 0;
    for (const count of this.#searches.values()) waiting += count.searches;
    for (const count of this.#clicks.values()) waiting += count.clicks;
    return waiting;
  }

  figures(): OperationalFigures {
    return { sites: [], caches: [], counting: { ...this.#figures, waiting: this.waiting } };
  }

  async #flushOnce(): Promise<void> {
    const clicks = this.#clicks;
    const now = this.#now();
    const rows: SearchRow[] = [];
    const searches: SearchCount[] = [];
    for (const row of this.#searches.values()) {
      if (row.searches === 0) continue;
      rows.push(row);
      // What goes to the store: the row itself keeps counting while an async store writes.
      const { scope, day, search } = row;
      searches.push({ scope, day, search, searches: row.searches, zeroResults: row.zeroResults });
    }
    // Rows nobody counted since the last flush are let go (a Map deletes safely while read).
    if (rows.length < this.#searches.size) this.#letIdleGo();
    if (searches.length === 0 && clicks.size === 0 && now - this.#prunedAt < PRUNE_EVERY_MS) {
      return;
    }
    for (const row of rows) {
      row.searches = 0;
      row.zeroResults = 0;
    }
    this.#idleHeld = rows.length > 0;
    this.#clicks = new Map();
    try {
      await this.#store.add({ searches, clicks: [...clicks.values()] }, keepFrom(now));
      this.#figures.flushes += 1;
      this.#prunedAt = now;
    } catch (error) {
      this.#figures.failedFlushes += 1;
      this.#putBack(rows, searches, clicks);
      this.#onFlushFailed?.(error, this.waiting);
    }
  }

  /** Lets go the rows at zero: searches not counted since the last flush. */
  #letIdleGo(): void {
    for (const [key, row] of this.#searches) {
      if (row.searches !== 0) continue;
      row.held = false;
      this.#searches.delete(key);
    }
    this.#idleHeld = false;
  }

  /** A failed flush's counts, added to those counted meanwhile (`sent[i]` is `rows[i]`'s). */
  #putBack(
    rows: readonly SearchRow[],
    sent: readonly SearchCount[],
    clicks: Map<string, ClickCount>,
  ): void {
    rows.forEach((row, index) => {
      const count = sent[index];
      if (!count) return;
      // A full Map may have let the row go while the store wrote (#isFull): the counts go
      // to the row now under its key, or the row comes back.
      const now = row.held ? row : this.#searches.get(row.key);
      if (now) {
        now.searches += count.searches;
        now.zeroResults += count.zeroResults;
      } else {
        row.held = true;
        row.searches += count.searches;
        row.zeroResults += count.zeroResults;
        this.#searches.set(row.key, row);
      }
    });
    for (const [key, count] of clicks) {
      const now = this.#clicks.get(key);
      if (now) now.clicks += count.clicks;
      else this.#clicks.set(key, count);
    }
  }

  #isFull(): boolean {
    if (this.#searches.size + this.#clicks.size < this.#maxWaiting) return false;
    // Rows at zero since the last flush count nothing: let them go before refusing a row.
    if (this.#idleHeld) {
      this.#letIdleGo();
      if (this.#searches.size + this.#clicks.size < this.#maxWaiting) return false;
    }
    this.#figures.dropped += 1;
    return true;
  }

  /** Today's UTC day, worked out once a day rather than once a search. */
  #today(): string {
    const now = this.#now();
    if (now >= this.#dayEnds || now < this.#dayEnds - DAY_MS) {
      this.#day = new Date(now).toISOString().slice(0, 10);
      this.#dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    }
    return this.#day;
  }
}
