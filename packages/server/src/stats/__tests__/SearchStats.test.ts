/**
 * SearchStats against a store that records what each flush adds: every count reaches it
 * once, whether a search's row was made in this interval or kept from an earlier one,
 * whether a flush failed or the site's counts were forgotten between flushes; and the
 * rows held in memory stay those of the last two intervals, within MAX_WAITING.
 */
import { describe, expect, it } from 'vitest';
import type { Scope } from '@partners-network/contract';
import type { CountedSearch, SearchCount, StatsBatch, StatsStore } from '../../store/StatsStore';
import { SearchStats } from '../SearchStats';
import { countedSearch } from '../countedSearch';

const SITE: Scope = { companyId: 'acme', scopeGroupId: 'main' };
const OTHER: Scope = { companyId: 'acme', scopeGroupId: 'other' };
const DAY_MS = 24 * 60 * 60 * 1000;
const NOON = Date.UTC(2026, 10, 27, 12);

function search(text: string): CountedSearch {
  return countedSearch({
    locale: 'en-US',
    typed: text,
    terms: text ? text.split(' ') : [],
    globalFilter: 'country',
    itemIds: [],
  });
}

/** A store that keeps each batch (copied: what was added at that moment) or fails. */
function recordingStore() {
  const batches: StatsBatch[] = [];
  const state = { failing: false };
  const store: StatsStore = {
    async add(batch) {
      if (state.failing) throw new Error('database away');
      batches.push({
        searches: batch.searches.map((count) => ({ ...count })),
        clicks: batch.clicks.map((count) => ({ ...count })),
      });
    },
    async erase() {},
    async insights() {
      throw new Error('not read here');
    },
    async close() {},
  };
  return { store, batches, state };
}

/** Each search's text, day and counts summed over every batch added. */
function totals(batches: readonly StatsBatch[]): Record<string, [number, number]> {
  const sums: Record<string, [number, number]> = {};
  for (const count of batches.flatMap((batch): readonly SearchCount[] => batch.searches)) {
    const key = `${count.scope.scopeGroupId} ${count.day} ${count.search.text ?? '(redacted)'}`;
    const sum = sums[key] ?? [0, 0];
    sums[key] = [sum[0] + count.searches, sum[1] + count.zeroResults];
  }
  return sums;
}

describe('the search counts in memory', () => {
  it('adds each count to the store once, over flushes of the same searches', async () => {
    const { store, batches } = recordingStore();
    const stats = new SearchStats(store, { now: () => NOON });
    const partners = search('partners');
    const cloud = search('cloud');
    stats.countSearch(SITE, partners, false);
    stats.countSearch(SITE, partners, true);
    stats.countSearch(SITE, cloud, false);
    await stats.flush();
    stats.countSearch(SITE, partners, false);
    await stats.flush();
    // Nothing counted: no batch, nothing waiting.
    await stats.flush();
    stats.countSearch(SITE, cloud, true);
    // The same search from another site is another row.
    stats.countSearch(OTHER, cloud, false);
    await stats.flush();
    expect(batches).toHaveLength(3);
    expect(batches[1]?.searches).toHaveLength(1);
    expect(totals(batches)).toEqual({
      'main 2026-11-27 partners': [3, 1],
      'main 2026-11-27 cloud': [2, 1],
      'other 2026-11-27 cloud': [1, 0],
    });
    expect(stats.waiting).toBe(0);
    expect(stats.figures().counting).toMatchObject({ searchesCounted: 6, flushes: 3 });
  });

  it('counts a search asked over midnight under each UTC day', async () => {
    const { store, batches } = recordingStore();
    let now = NOON;
    const stats = new SearchStats(store, { now: () => now });
    const partners = search('partners');
    stats.countSearch(SITE, partners, false);
    await stats.flush();
    stats.countSearch(SITE, partners, false);
    now += DAY_MS;
    stats.countSearch(SITE, partners, false);
    stats.countSearch(SITE, partners, false);
    await stats.flush();
    expect(totals(batches)).toEqual({
      'main 2026-11-27 partners': [2, 0],
      'main 2026-11-28 partners': [2, 0],
    });
  });

  it('keeps the counts of a failed flush, with those counted meanwhile, for the next one', async () => {
    const { store, batches, state } = recordingStore();
    const stats = new SearchStats(store, { now: () => NOON });
    const failures: number[] = [];
    stats.onFlushFailed((_error, waiting) => failures.push(waiting));
    const partners = search('partners');
    const cloud = search('cloud');
    stats.countSearch(SITE, partners, true);
    stats.countSearch(SITE, cloud, false);
    await stats.flush();
    stats.countSearch(SITE, partners, false);
    stats.countSearch(SITE, partners, false);
    state.failing = true;
    await stats.flush();
    stats.countSearch(SITE, partners, true);
    await stats.flush();
    expect(failures).toEqual([2, 3]);
    expect(stats.waiting).toBe(3);
    state.failing = false;
    await stats.flush();
    expect(stats.waiting).toBe(0);
    expect(totals(batches)).toEqual({
      'main 2026-11-27 partners': [4, 2],
      'main 2026-11-27 cloud': [1, 0],
    });
    expect(stats.figures().counting).toMatchObject({ flushes: 2, failedFlushes: 2 });
  });

  it('forgets a site: its counts not yet added never reach the store, other sites are kept', async () => {
    const { store, batches } = recordingStore();
    const stats = new SearchStats(store, { now: () => NOON });
    const partners = search('partners');
    stats.countSearch(SITE, partners, false);
    stats.countSearch(OTHER, partners, false);
    await stats.flush();
    stats.countSearch(SITE, partners, false);
    stats.countSearch(OTHER, partners, false);
    await stats.forget(SITE);
    expect(stats.waiting).toBe(1);
    // Counted again after the erasure: a new row, added.
    stats.countSearch(SITE, partners, true);
    await stats.flush();
    expect(totals(batches)).toEqual({
      'main 2026-11-27 partners': [2, 1],
      'other 2026-11-27 partners': [2, 0],
    });
  });

  it('holds at most MAX_WAITING rows: those counted since the last flush come first', async () => {
    const { store, batches } = recordingStore();
    const stats = new SearchStats(store, { now: () => NOON, maxWaiting: 2 });
    const [a, b, c] = [search('a'), search('b'), search('c')];
    stats.countSearch(SITE, a, false);
    stats.countSearch(SITE, b, false);
    // Full: a third row is dropped (and said so).
    stats.countSearch(SITE, c, false);
    expect(stats.figures().counting?.dropped).toBe(1);
    await stats.flush();
    // a and b, at zero since the flush, make room for c (and b again).
    stats.countSearch(SITE, c, false);
    stats.countSearch(SITE, b, false);
    stats.countSearch(SITE, a, false);
    expect(stats.figures().counting?.dropped).toBe(2);
    await stats.flush();
    expect(totals(batches)).toEqual({
      'main 2026-11-27 a': [1, 0],
      'main 2026-11-27 b': [2, 0],
      'main 2026-11-27 c': [1, 0],
    });
  });

  it('loses no count of a flush that fails after a full Map let its rows go meanwhile', async () => {
    const { store, batches } = recordingStore();
    let fail: (error: Error) => void = () => undefined;
    let calls = 0;
    const slow: StatsStore = {
      ...store,
      // The first flush waits, then fails: counts arrive while it writes.
      add: (batch, keepFrom) =>
        (calls += 1) === 1
          ? new Promise<void>((_resolve, reject) => {
              fail = reject;
            })
          : store.add(batch, keepFrom),
    };
    const stats = new SearchStats(slow, { now: () => NOON, maxWaiting: 1 });
    const [a, b] = [search('a'), search('b')];
    stats.countSearch(SITE, a, false);
    const flushing = stats.flush();
    stats.countSearch(SITE, b, false);
    fail(new Error('database away'));
    await flushing;
    expect(stats.waiting).toBe(2);
    await stats.flush();
    expect(totals(batches)).toEqual({ 'main 2026-11-27 a': [1, 0], 'main 2026-11-27 b': [1, 0] });
    expect(stats.figures().counting).toMatchObject({ dropped: 0, failedFlushes: 1, flushes: 1 });
  });
});
