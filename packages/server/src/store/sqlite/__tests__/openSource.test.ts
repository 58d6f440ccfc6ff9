import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MAIN, storeFixture } from '../../__tests__/storeFixture';
import { openSqliteStore } from '../../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-sqlite-'));
let counter = 0;
const nextPath = () => join(folder, `store-${(counter += 1)}.db`);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('SqliteStore', () => {
  it('keeps its data in the file across openings', async () => {
    const path = nextPath();
    const first = openSqliteStore({ path });
    await first.importDirectory(storeFixture());
    await first.close();
    const second = openSqliteStore({ path });
    expect(await second.isEmpty()).toBe(false);
    const result = await second.search(
      MAIN,
      { globalFilter: 'tech', text: 'muller', filterItemIds: [], offset: 0, resultsPerPage: 10 },
      'en-US',
    );
    expect(result?.partners.map((partner) => partner.title)).toEqual(['Müller Cloud GmbH']);
    await second.close();
  });

  it('creates the folder of a new database file', async () => {
    const store = openSqliteStore({ path: join(folder, 'nested', 'deeper', 'p.db') });
    expect(await store.isEmpty()).toBe(true);
    await store.close();
  });
});

describe('SqliteStore paging a long search', () => {
  it('answers pages past the ids it keeps of a search, in order and complete', async () => {
    const store = openSqliteStore({ path: nextPath() });
    await store.importDirectory(storeFixture());
    const count = 150;
    await store.importDirectory({
      sites: [
        {
          ...MAIN,
          partners: Array.from({ length: count }, (_, index) => ({
            slug: `many-${index}`,
            title: { 'en-US': `Many Partner ${index}` },
            url: `/partners/many-${index}`,
            imageUrl: `/logos/many-${index}.svg`,
            position: 10_000 + index,
            globalFilters: ['tech'],
          })),
        },
      ],
    });
    const page = async (offset: number) => {
      const result = await store.search(
        MAIN,
        { globalFilter: 'tech', text: 'many', filterItemIds: [], offset, resultsPerPage: 10 },
        'en-US',
      );
      return {
        total: result?.totalFound,
        titles: result?.partners.map((partner) => partner.title),
      };
    };
    const titles = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `Many Partner ${from + index}`);
    // The first page, then one across and one past the first 100 ids kept.
    expect(await page(0)).toEqual({ total: count, titles: titles(0, 10) });
    expect(await page(95)).toEqual({ total: count, titles: titles(95, 105) });
    expect(await page(140)).toEqual({ total: count, titles: titles(140, 150) });
    expect(await page(10)).toEqual({ total: count, titles: titles(10, 20) });
    expect(await page(150)).toEqual({ total: count, titles: [] });
    await store.close();
  });
});

describe('SqliteStore with two connections', () => {
  it('sees what another process imported, without a restart', async () => {
    const path = nextPath();
    const server = openSqliteStore({ path });
    await server.importDirectory(storeFixture());
    const criteria = {
      globalFilter: 'tech',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 100,
    };
    const before = await server.search(MAIN, criteria, 'en-US');
    const cli = openSqliteStore({ path });
    await cli.importDirectory({
      sites: [
        {
          ...MAIN,
          partners: [
            {
              slug: 'late-arrival',
              title: { 'en-US': 'Late Arrival' },
              url: '/partners/late-arrival',
              imageUrl: '/logos/late.svg',
              globalFilters: ['tech'],
            },
          ],
        },
      ],
    });
    await cli.close();
    // The server polls the sites' change versions (every 100 ms) and lays the change over
    // its index, answering from the previous one meanwhile. Generous wait: the machine may be
    // busy; how soon is measured by npm run bench.
    await vi.waitFor(
      async () => {
        const after = await server.search(MAIN, criteria, 'en-US');
        expect(after?.totalFound).toBe((before?.totalFound ?? 0) + 1);
        expect(after?.partners.at(-1)?.title).toBe('Late Arrival');
      },
      { timeout: 10_000, interval: 50 },
    );
    await server.close();
  });
});
