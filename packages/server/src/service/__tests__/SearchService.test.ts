/** The service with its index built in a worker thread answers exactly as on the main thread. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@partners-network/contract';
import { openSource } from '../../store/sqlite/openSource';
import {
  BESANCON,
  GOLD,
  MAIN,
  SAO_PAULO,
  ZURICH,
  intoMain,
  storeFixture,
  techPartner,
} from '../../store/__tests__/storeFixture';
import { SearchService } from '../SearchService';

const folder = mkdtempSync(join(tmpdir(), 'partners-service-'));
let inline: SearchService;
let worker: SearchService;

beforeAll(async () => {
  inline = new SearchService(openSource({ path: join(folder, 'inline.db') }));
  worker = new SearchService(openSource({ path: join(folder, 'worker.db') }), { workerFrom: 0 });
  for (const service of [inline, worker]) await service.importDirectory(storeFixture());
  await inline.warm();
  // Not warmed: warm() builds on the main thread (nothing is served yet); a site first
  // loaded by a search, as a site rebuilt while serving, is built in a worker.
});

afterAll(async () => {
  await inline.close();
  await worker.close();
  rmSync(folder, { recursive: true, force: true });
});

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
  ...overrides,
});

describe('SearchService with its index built in a worker thread', () => {
  it('answers every kind of search exactly as the main-thread index does', async () => {
    const cases: [Partial<SearchCriteria>, string][] = [
      [{}, 'en-US'],
      [{ offset: 10 }, 'fr-FR'],
      [{ text: 'clou' }, 'en-US'],
      [{ text: 'filler', offset: 5, resultsPerPage: 4 }, 'en-US'],
      [{ filterItemIds: [SAO_PAULO, BESANCON] }, 'de-DE'],
      [{ text: 'generic', filterItemIds: [BESANCON] }, 'en-US'],
      [{ globalFilter: 'solutions', filterItemIds: [GOLD] }, 'fr-FR'],
      [{ text: 'argent' }, 'fr-FR'],
    ];
    for (const [overrides, locale] of cases) {
      const expected = await inline.search(MAIN, criteria(overrides), locale);
      expect(expected?.totalFound).toBeGreaterThan(0);
      expect(await worker.search(MAIN, criteria(overrides), locale)).toEqual(expected);
    }
    expect(worker.state().sites.map((site) => site.indexBuiltInWorker)).toEqual([true]);
    expect(inline.state().sites.map((site) => site.indexBuiltInWorker)).toEqual([false, false]);
  });

  it('builds on the main thread while warm() loads the sites, before anything is served', async () => {
    const path = join(folder, 'warmed.db');
    const warmed = new SearchService(openSource({ path }), { workerFrom: 0 });
    try {
      await warmed.importDirectory(storeFixture());
      await warmed.warm();
      expect(warmed.state().sites.map((site) => site.indexBuiltInWorker)).toEqual([false, false]);
    } finally {
      await warmed.close();
    }
  });

  it('swaps in a rebuilt worker index after a write', async () => {
    await worker.importDirectory(intoMain(techPartner('thread-partner', 'Thread Partner')));
    const result = await worker.search(MAIN, criteria({ text: 'thread' }), 'en-US');
    expect(result?.partners.map((partner) => partner.title)).toEqual(['Thread Partner']);
  });
});

describe('SearchService answers kept whole', () => {
  it('answers a repeated search from its cache, and a changed site afresh', async () => {
    const hits = () => inline.figures().caches.find((cache) => cache.cache === 'answers')?.hits;
    const asked = criteria({ text: 'clou', filterItemIds: [SAO_PAULO, BESANCON] });
    const first = await inline.search(MAIN, asked, 'en-US');
    const before = hits() ?? 0;
    // Kept as its JSON: the same kept answer, and the same objects read back from it.
    expect(await inline.search(MAIN, asked, 'en-US')).toEqual(first);
    const kept = await inline.searchKept(MAIN, asked, 'en-US');
    expect(await inline.searchKept(MAIN, asked, 'en-US')).toBe(kept);
    expect(hits()).toBe(before + 3);
    // The same items in another order: the answer echoes them as sent, so it is its own.
    const reordered = await inline.search(
      MAIN,
      { ...asked, filterItemIds: [BESANCON, SAO_PAULO] },
      'en-US',
    );
    expect(reordered?.appliedCriteria.filterItemIds).toEqual([BESANCON, SAO_PAULO]);
    expect(reordered?.partners).toEqual(first?.partners);

    await inline.importDirectory(
      intoMain(techPartner('cloudy-besancon', 'Cloudy Besançon', [BESANCON])),
    );
    const after = await inline.search(MAIN, asked, 'en-US');
    expect(after?.totalFound).toBe((first?.totalFound ?? 0) + 1);
  });

  it('unpacks a card once for every answer that shows it, in each locale, until a change', async () => {
    const cards = () => inline.figures().caches.find((cache) => cache.cache === 'cards');
    const shown = await inline.search(MAIN, criteria({ text: 'cloud' }), 'en-US');
    const hitsBefore = cards()?.hits ?? 0;
    // Another search showing the same partners: their cards come unpacked already.
    const again = await inline.search(MAIN, criteria({ text: 'clou' }), 'en-US');
    expect(cards()?.hits).toBeGreaterThan(hitsBefore);
    const sameTitle = again?.partners.find(
      (partner) => partner.title === shown?.partners[0]?.title,
    );
    expect(sameTitle?.summary).toBe(shown?.partners[0]?.summary);
    // Another locale is another card (its own texts).
    const french = await inline.search(MAIN, criteria({ text: 'cloud' }), 'fr-FR');
    expect(french?.partners.map((partner) => partner.summary)).not.toEqual(
      shown?.partners.map((partner) => partner.summary),
    );
    // A changed partner shows its new card at once, never the one unpacked before.
    await inline.importDirectory(intoMain(techPartner('card-partner', 'Cardamom One')));
    const before = await inline.search(MAIN, criteria({ text: 'cardamom' }), 'en-US');
    expect(before?.partners.map((partner) => partner.title)).toEqual(['Cardamom One']);
    await inline.importDirectory(intoMain(techPartner('card-partner', 'Cardamom Two')));
    const after = await inline.search(MAIN, criteria({ text: 'cardamom' }), 'en-US');
    expect(after?.partners.map((partner) => partner.title)).toEqual(['Cardamom Two']);
  });
});

describe('SearchService following another process while it is searched', () => {
  it('answers the searches in flight during a swap and keeps none of their old answers', async () => {
    const path = join(folder, 'followed.db');
    const writer = new SearchService(openSource({ path }));
    await writer.importDirectory(storeFixture());
    const reader = new SearchService(openSource({ path }), { workerFrom: 0 });
    await reader.warm();
    try {
      for (let count = 1; count <= 3; count += 1) {
        const slug = `live-partner-${count}`;
        await writer.putPartner(MAIN, techPartner(slug, `Live Partner ${count}`, [ZURICH]));
        // Searches queued on the index being replaced: they are answered after the swap,
        // as a busy server's are, each from the index it started on.
        const inFlight = Array.from({ length: 400 }, (_, at) =>
          reader.search(MAIN, criteria({ text: at % 2 === 0 ? 'live' : 'live partner' }), 'en-US'),
        );
        await reader.catchUp();
        const answers = await Promise.allSettled(inFlight);
        expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
        for (const text of ['live', 'live partner']) {
          const live = await reader.search(MAIN, criteria({ text }), 'en-US');
          expect(live?.totalFound).toBe(count);
        }
      }
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});
