/**
 * What every StatsStore must do, run over each database by stats.test.ts (a real SQLite
 * file, a real PostgreSQL server): counts of several servers add up, nothing is counted
 * twice or lost when a flush fails, days older than 13 months go, and the insights list
 * only texts seen 3 times or more.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scope } from '@partners-network/contract';
import type { SearchService } from '../../service/SearchService';
import type { AnswerPage } from '../../stats/answerId';
import { countedSearch } from '../../stats/countedSearch';
import { SearchStats, keepFrom } from '../../stats/SearchStats';
import { searchTerms } from '../../search/searchTerms';
import type { StatsQuery, StatsStore } from '../StatsStore';
import { BANKING, GOLD, MAIN, OTHER, ZURICH, storeFixture } from './storeFixture';

/** One database: its counts (opened again for a second server) and its partners. */
export interface StatsDatabase {
  openStats(): Promise<StatsStore>;
  service: SearchService;
  /** Writes fail until repairWrites() (the database away, or its write lock held). */
  breakWrites(): Promise<void>;
  repairWrites(): Promise<void>;
  close(): Promise<void>;
}

/** 2026-03-10 12:00 UTC: the day every count of these tests falls on, unless moved. */
const NOW = Date.UTC(2026, 2, 10, 12);
const DAY = '2026-03-10';

function search(
  text: string,
  options: { filter?: string; items?: number[]; locale?: string } = {},
) {
  return countedSearch({
    locale: options.locale ?? 'en-US',
    typed: text,
    terms: searchTerms(text),
    globalFilter: options.filter ?? 'tech',
    itemIds: options.items ?? [],
  });
}

function query(overrides: Partial<StatsQuery> = {}): StatsQuery {
  return { scope: MAIN, from: DAY, to: DAY, minTextCount: 3, limit: 20, ...overrides };
}

/** Counts `times` first pages of a text. */
function countTimes(
  stats: SearchStats,
  times: number,
  text: string,
  options: Parameters<typeof search>[1] & { scope?: Scope; nothing?: boolean } = {},
): void {
  for (let time = 0; time < times; time += 1) {
    stats.countSearch(options.scope ?? MAIN, search(text, options), options.nothing ?? false);
  }
}

/** A page of the answer to "cloud" (tech, no items) from `offset`, showing `partnerIds`. */
function cloudPage(offset: number, partnerIds: number[]): AnswerPage {
  return { locale: 'en-US', text: 'cloud', globalFilter: 'tech', itemIds: [], offset, partnerIds };
}

export function describeStatsContract(
  name: string,
  createDatabase: () => Promise<StatsDatabase>,
): void {
  describe(`StatsStore: ${name}`, () => {
    let database: StatsDatabase;
    let store: StatsStore;
    let now = NOW;
    const clock = () => now;

    beforeEach(async () => {
      now = NOW;
      database = await createDatabase();
      await database.service.importDirectory(storeFixture());
      store = await database.openStats();
    });
    afterEach(async () => {
      await store.close();
      await database.close();
    });

    async function partnerId(slug: string): Promise<number> {
      const partner = await database.service.source.readPartner(MAIN, slug);
      if (!partner) throw new Error(`no partner ${slug}`);
      return partner.id;
    }

    it('adds the counts of two servers up, and a second flush adds nothing again', async () => {
      const second = await database.openStats();
      try {
        const one = new SearchStats(store, { now: clock });
        const two = new SearchStats(second, { now: clock });
        countTimes(one, 2, 'Cloud');
        countTimes(two, 3, 'cloud');
        countTimes(two, 1, 'cloud', { nothing: true });
        countTimes(one, 4, 'kubernetes', { nothing: true });
        await Promise.all([one.flush(), two.flush()]);
        await Promise.all([one.flush(), two.flush()]);

        const insights = await store.insights(query());
        expect(insights.days).toEqual([{ day: DAY, searches: 10, zeroResults: 5 }]);
        expect(insights.texts).toEqual([
          { text: 'cloud', searches: 6, zeroResults: 1, clicks: 0 },
          { text: 'kubernetes', searches: 4, zeroResults: 4, clicks: 0 },
        ]);
        expect(one.figures().counting).toMatchObject({
          searchesCounted: 6,
          flushes: 1,
          waiting: 0,
        });
      } finally {
        await second.close();
      }
    });

    it("counts a kept answer's search, asked again and again, under its site and day, across flushes and erasures", async () => {
      const stats = new SearchStats(store, { now: clock });
      // One object, as a kept answer hands the same one to every visitor who asks it.
      const cloud = search('cloud');
      const count = (scope: Scope, times: number, nothing = false) => {
        for (let time = 0; time < times; time += 1) stats.countSearch(scope, cloud, nothing);
      };
      count(MAIN, 2);
      count(OTHER, 1, true);
      // The same search from another answer (made again after the caches dropped it).
      countTimes(stats, 1, 'Cloud');
      count(MAIN, 1);
      await stats.flush();
      count(MAIN, 1);
      now += 86_400_000;
      count(MAIN, 3);
      count(OTHER, 2);
      // Dropped before the flush (an erasure): the counts after it still count.
      await stats.forget(OTHER);
      count(OTHER, 1);
      await stats.flush();

      const next = '2026-03-11';
      const main = await store.insights(query({ to: next }));
      expect(main.days).toEqual([
        { day: DAY, searches: 5, zeroResults: 0 },
        { day: next, searches: 3, zeroResults: 0 },
      ]);
      const other = await store.insights(query({ scope: OTHER, to: next, minTextCount: 1 }));
      expect(other.days).toEqual([
        { day: DAY, searches: 1, zeroResults: 1 },
        { day: next, searches: 1, zeroResults: 0 },
      ]);
      expect(stats.figures().counting).toMatchObject({ searchesCounted: 12, waiting: 0 });
    });

    it('lists only texts seen 3 times or more in the period; the others and the redacted are counted', async () => {
      const stats = new SearchStats(store, { now: clock });
      countTimes(stats, 4, '');
      countTimes(stats, 3, 'cloud');
      countTimes(stats, 2, 'banking');
      countTimes(stats, 1, 'zurich');
      countTimes(stats, 2, '030 1234 5678');
      await stats.flush();
      // Another day of the period: "banking" reaches 3 over both.
      now += 86_400_000;
      countTimes(stats, 1, 'banking', { nothing: true });
      await stats.flush();

      const insights = await store.insights(query({ to: '2026-03-11' }));
      expect(insights.texts.map((text) => [text.text, text.searches])).toEqual([
        ['', 4],
        ['banking', 3],
        ['cloud', 3],
      ]);
      expect(insights.shown).toEqual({ searches: 10, zeroResults: 1 });
      expect(insights.redacted).toBe(2);
      expect(insights.days).toEqual([
        { day: DAY, searches: 12, zeroResults: 0 },
        { day: '2026-03-11', searches: 1, zeroResults: 1 },
      ]);
      // On its first day alone, banking is below the bar.
      const firstDay = await store.insights(query());
      expect(firstDay.texts.map((text) => text.text)).toEqual(['', 'cloud']);
    });

    it('names the zero-result searches with their filter and items, the items used, the partners opened and their positions', async () => {
      const stats = new SearchStats(store, { now: clock });
      countTimes(stats, 3, 'quantum', { items: [GOLD, ZURICH], nothing: true });
      countTimes(stats, 2, 'quantum', { filter: 'solutions', nothing: true });
      countTimes(stats, 1, 'cloud', { items: [ZURICH] });
      const societe = await partnerId('societe-generale-conseil');
      const muller = await partnerId('muller-cloud');
      const page = cloudPage(10, [muller, societe]);
      expect(stats.countClick(MAIN, page, 12)).toBe(true);
      expect(stats.countClick(MAIN, page, 12)).toBe(true);
      expect(stats.countClick(MAIN, page, 11)).toBe(true);
      // Not on the page: not counted.
      expect(stats.countClick(MAIN, page, 13)).toBe(false);
      expect(stats.countClick(MAIN, page, 10)).toBe(false);
      await stats.flush();

      const insights = await store.insights(query());
      expect(insights.zeroResults).toEqual([
        { text: 'quantum', globalFilter: 'tech', itemIds: [ZURICH, GOLD], searches: 3 },
        { text: 'quantum', globalFilter: 'solutions', itemIds: [], searches: 2 },
      ]);
      expect(insights.items).toEqual([
        { globalFilter: 'tech', itemId: ZURICH, searches: 4, zeroResults: 3 },
        { globalFilter: 'tech', itemId: GOLD, searches: 3, zeroResults: 3 },
      ]);
      expect(insights.partners).toEqual([
        { partnerId: societe, slug: 'societe-generale-conseil', clicks: 2 },
        { partnerId: muller, slug: 'muller-cloud', clicks: 1 },
      ]);
      expect(insights.positions).toEqual([
        { position: 11, clicks: 1 },
        { position: 12, clicks: 2 },
      ]);
      expect(insights.clicks).toBe(3);
      // Clicks on answers of a text below the bar are counted, never listed by text.
      expect(insights.texts).toEqual([{ text: 'quantum', searches: 5, zeroResults: 5, clicks: 0 }]);
    });

    it('reads one site and, when asked, one locale', async () => {
      const stats = new SearchStats(store, { now: clock });
      countTimes(stats, 3, 'cloud');
      countTimes(stats, 3, 'nuage', { locale: 'fr-FR' });
      countTimes(stats, 5, 'secret', { scope: OTHER });
      await stats.flush();
      const french = await store.insights(query({ locale: 'fr-FR' }));
      expect(french.texts.map((text) => text.text)).toEqual(['nuage']);
      expect(french.days).toEqual([{ day: DAY, searches: 3, zeroResults: 0 }]);
      const all = await store.insights(query());
      expect(all.texts.map((text) => text.text)).toEqual(['cloud', 'nuage']);
      const other = await store.insights(query({ scope: OTHER }));
      expect(other.texts.map((text) => text.text)).toEqual(['secret']);
    });

    it("erases every count of one site, stored or waiting, and no other site's", async () => {
      const stats = new SearchStats(store, { now: clock });
      countTimes(stats, 3, 'cloud');
      countTimes(stats, 4, 'secret', { scope: OTHER });
      const muller = await partnerId('muller-cloud');
      const page = cloudPage(0, [muller]);
      expect(stats.countClick(MAIN, page, 1)).toBe(true);
      now = Date.parse('2025-12-01T08:00:00Z');
      countTimes(stats, 3, 'kubernetes');
      await stats.flush();
      now = NOW;
      // Counted since the flush, not stored yet: an erasure drops them too.
      countTimes(stats, 3, 'later');
      countTimes(stats, 3, 'kept', { scope: OTHER });

      await stats.forget(MAIN);
      await store.erase(MAIN);
      await stats.flush();
      const everything = query({ from: '2000-01-01', to: '2030-01-01' });
      const erased = await store.insights(everything);
      expect(erased.days).toEqual([]);
      expect(erased.clicks).toBe(0);
      expect(erased.partners).toEqual([]);
      const other = await store.insights({ ...everything, scope: OTHER });
      expect(other.texts.map((text) => text.text)).toEqual(['secret', 'kept']);
    });

    it('keeps 13 months: a flush deletes the days before', async () => {
      const stats = new SearchStats(store, { now: clock });
      const at = (iso: string) => {
        now = Date.parse(`${iso}T08:00:00Z`);
        countTimes(stats, 3, 'cloud');
      };
      at('2025-02-09');
      at('2025-02-10');
      at('2025-04-01');
      await stats.flush();
      now = NOW;
      expect(keepFrom(NOW)).toBe('2025-02-10');
      // The last flush ran with 2026-03-10: nothing older than 2025-02-10 is left.
      countTimes(stats, 1, 'cloud');
      await stats.flush();
      const insights = await store.insights(query({ from: '2000-01-01', to: '2030-01-01' }));
      expect(insights.days.map((day) => day.day)).toEqual(['2025-02-10', '2025-04-01', DAY]);
    });

    it('loses nothing and counts nothing twice when a flush fails', async () => {
      const stats = new SearchStats(store, { now: clock });
      const failures: number[] = [];
      stats.onFlushFailed((_error, waiting) => failures.push(waiting));
      countTimes(stats, 3, 'cloud');
      stats.countClick(
        MAIN,
        {
          locale: 'en-US',
          text: 'cloud',
          globalFilter: 'tech',
          itemIds: [],
          offset: 0,
          partnerIds: [await partnerId('muller-cloud')],
        },
        1,
      );
      await database.breakWrites();
      try {
        await stats.flush();
        // Counted while the database was away.
        countTimes(stats, 2, 'cloud');
        expect(stats.figures().counting).toMatchObject({ failedFlushes: 1, waiting: 6 });
        expect(failures).toEqual([4]);
      } finally {
        await database.repairWrites();
      }
      await stats.flush();
      await stats.flush();
      const insights = await store.insights(query());
      expect(insights.texts).toEqual([{ text: 'cloud', searches: 5, zeroResults: 0, clicks: 1 }]);
      expect(stats.figures().counting).toMatchObject({ flushes: 1, failedFlushes: 1, waiting: 0 });
    });

    it('keeps a bounded number of rows waiting; past it new rows are dropped and counted as such', async () => {
      const stats = new SearchStats(store, { now: clock, maxWaiting: 3 });
      countTimes(stats, 2, 'one');
      countTimes(stats, 1, 'two');
      countTimes(stats, 1, 'three');
      countTimes(stats, 1, 'four');
      // A row already waiting still counts.
      countTimes(stats, 1, 'one');
      expect(stats.figures().counting).toMatchObject({ waiting: 5, dropped: 1 });
      await stats.flush();
      const insights = await store.insights(query({ minTextCount: 1 }));
      expect(insights.texts.map((text) => [text.text, text.searches])).toEqual([
        ['one', 3],
        ['three', 1],
        ['two', 1],
      ]);
    });

    it('keeps no text of a search that looks like an email address or a phone number', async () => {
      const stats = new SearchStats(store, { now: clock });
      countTimes(stats, 3, 'jane@example.com');
      countTimes(stats, 3, '+41 44 668 18 00');
      countTimes(stats, 3, 'banking', { items: [BANKING] });
      await stats.flush();
      const insights = await store.insights(query({ minTextCount: 1 }));
      expect(insights.redacted).toBe(6);
      expect(insights.texts.map((text) => text.text)).toEqual(['banking']);
    });
  });
}
