/**
 * The one cache of the server: `lru-cache` (least recently used first out), bounded by
 * entries and, where values differ in size, by weight. A kind of cache (its name, its
 * bounds, its lookups) is made once per service; each built site makes its own caches of
 * each kind, which are dropped with it, so a key never needs a site generation and a
 * change never clears another site's caches.
 */
import { LRUCache } from 'lru-cache';

export interface CacheBounds<V> {
  /** The name `/metrics` shows (`pn_cache_*{cache="…"}`). */
  name: string;
  /** Most entries one cache of this kind holds. */
  maxEntries: number;
  /** Most weight one cache holds, with how a value weighs: for values of very different sizes. */
  maxWeight?: number;
  weigh?(value: V): number;
}

/** A kind of cache: its bounds, and the lookups of every cache of the kind. */
export class CacheKind<V extends object> {
  hits = 0;
  misses = 0;

  constructor(readonly bounds: CacheBounds<V>) {}

  get name(): string {
    return this.bounds.name;
  }

  /**
   * A new, empty cache of this kind. Keys are strings, or numbers where a value's key is
   * made of numbers: a number is hashed without making a string (answer/SiteAnswers' cards).
   */
  create<K extends CacheKey = string>(): KeptCache<V, K> {
    return new KeptCache<V, K>(this);
  }
}

export type CacheKey = string | number;

/** What `/metrics` reads of one cache: how much it holds, and of which kind it is. */
export interface CacheSize {
  readonly kind: unknown;
  readonly entries: number;
  readonly weight: number;
}

export class KeptCache<V extends object, K extends CacheKey = string> implements CacheSize {
  readonly kind: CacheKind<V>;
  readonly #lru: LRUCache<K, V>;

  constructor(kind: CacheKind<V>) {
    this.kind = kind;
    const { bounds } = kind;
    this.#lru =
      bounds.maxWeight !== undefined && bounds.weigh !== undefined
        ? new LRUCache<K, V>({
            max: bounds.maxEntries,
            maxSize: bounds.maxWeight,
            // lru-cache refuses a weight below 1.
            sizeCalculation: (value) => Math.max(1, bounds.weigh?.(value) ?? 1),
          })
        : new LRUCache<K, V>({ max: bounds.maxEntries });
  }

  /** The kept value, counted as a hit, or undefined, counted as a miss. */
  get(key: K): V | undefined {
    const value = this.#lru.get(key);
    if (value === undefined) this.kind.misses += 1;
    else this.kind.hits += 1;
    return value;
  }

  set(key: K, value: V): void {
    this.#lru.set(key, value);
  }

  /** The kept value, else `make()`'s, kept from now on. */
  getOrMake(key: K, make: () => V): V {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const made = make();
    this.#lru.set(key, made);
    return made;
  }

  delete(key: K): void {
    this.#lru.delete(key);
  }

  /** Empties it (a server's start-up warm-up leaves no entry behind: answer/warmUpAnswers). */
  clear(): void {
    this.#lru.clear();
  }

  get entries(): number {
    return this.#lru.size;
  }

  /** The weight held, for a weighed kind; else the entries. */
  get weight(): number {
    return this.kind.bounds.weigh ? this.#lru.calculatedSize : this.#lru.size;
  }
}
