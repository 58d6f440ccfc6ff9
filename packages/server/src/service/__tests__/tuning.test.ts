/**
 * An operator's tuning over every source (a real SQLite file, a real PostgreSQL server
 * this file starts): saved with the site's version, laid into answers as steps without
 * rebuilding the site, seen by a second server over the same database, kept by imports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchCriteria, SiteTuning } from '@partners-network/contract';
import { answerCaches } from '../../answer/AnswerCaches';
import { DirectoryImportError } from '../../store/DirectoryImportError';
import type { PartnerSource } from '../../store/PartnerSource';
import type { TestPostgres } from '../../store/postgres/__tests__/startPostgres';
import { startPostgres } from '../../store/postgres/__tests__/startPostgres';
import { openSource as openPostgresSource } from '../../store/postgres/openSource';
import { openSource as openSqliteSource } from '../../store/sqlite/openSource';
import { MAIN, intoMain, storeFixture, techPartner } from '../../store/__tests__/storeFixture';
import { DirectoryWrites } from '../DirectoryWrites';
import { SearchService } from '../SearchService';
import { SiteLifecycle } from '../SiteLifecycle';

const folder = mkdtempSync(join(tmpdir(), 'partners-tuning-'));
let postgres: TestPostgres;
let counter = 0;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  await postgres.destroy();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 100,
  ...overrides,
});

const KUBERNETES: SiteTuning = {
  synonymSets: [{ kind: 'oneWay', from: 'kubernetes', to: ['data platforms'] }],
  queryRules: [],
};

async function titles(service: SearchService, text: string, overrides = {}) {
  const answer = await service.search(MAIN, criteria({ text, ...overrides }), 'en-US');
  return answer?.partners.map((partner) => partner.title);
}

function describeTuning(
  name: string,
  openSource: () => Promise<{ source: PartnerSource; reopen: () => Promise<PartnerSource> }>,
) {
  describe(`tuning over ${name}`, () => {
    it('finds partners for a search that found none once a synonym says what it means', async () => {
      const { source } = await openSource();
      const service = new SearchService(source);
      await service.importDirectory(storeFixture());
      expect(await titles(service, 'kubernetes')).toEqual([]);
      await service.putTuning(MAIN, KUBERNETES);
      const answer = await service.search(MAIN, criteria({ text: 'kubernetes' }), 'en-US');
      expect(answer?.partners.map((partner) => partner.title)).toEqual(['Müller Cloud GmbH']);
      // The words the rewrite matched are marked, and the counts count what is shown.
      const [partner] = answer?.partners ?? [];
      const marked = (partner?.highlights?.summary ?? []).map(([start, end]) =>
        partner?.summary.slice(start, end),
      );
      expect(marked).toEqual(['Data', 'platforms']);
      expect(answer?.globalFilterCounts?.find((count) => count.name === 'tech')?.count).toBe(1);
      // One way only: the phrase does not find kubernetes partners' synonyms back.
      expect(await service.getTuning(MAIN)).toEqual(KUBERNETES);
      await service.close();
    });

    it('pins partners first in the given order, hides others, for that query only', async () => {
      const { source } = await openSource();
      const service = new SearchService(source);
      await service.importDirectory(storeFixture());
      const before = (await titles(service, 'cloud')) ?? [];
      expect(before.length).toBeGreaterThan(1);
      await service.putTuning(MAIN, {
        synonymSets: [],
        queryRules: [
          {
            query: 'Cloud',
            pinned: ['filler-partner-2', 'sao-paulo-digital'],
            hidden: ['societe-generale-conseil'],
          },
        ],
      });
      const after = (await titles(service, 'cloud')) ?? [];
      expect(after.slice(0, 2)).toEqual(['Filler Partner 2', 'São Paulo Digital']);
      expect(after).not.toContain('Société Générale Conseil');
      const answer = await service.search(MAIN, criteria({ text: 'cloud' }), 'en-US');
      expect(answer?.totalFound).toBe(after.length);
      // Another query is not touched; the filters still apply to pinned partners.
      expect(await titles(service, 'cloud consulting')).toEqual(['Société Générale Conseil']);
      expect(await titles(service, 'cloud', { globalFilter: 'solutions' })).not.toContain(
        'Filler Partner 2',
      );
      await service.close();
    });

    it('refuses a rule naming a partner the site does not have, and changes nothing', async () => {
      const { source } = await openSource();
      const service = new SearchService(source);
      await service.importDirectory(storeFixture());
      const refused = service.putTuning(MAIN, {
        synonymSets: KUBERNETES.synonymSets,
        queryRules: [{ query: 'cloud', pinned: ['no-such-partner'], hidden: [] }],
      });
      await expect(refused).rejects.toBeInstanceOf(DirectoryImportError);
      await expect(refused).rejects.toMatchObject({
        issues: [{ path: ['queryRules', 0, 'pinned', 0] }],
      });
      expect(await service.getTuning(MAIN)).toEqual({ synonymSets: [], queryRules: [] });
      expect(await titles(service, 'kubernetes')).toEqual([]);
      await service.close();
    });

    it('is live on a second server and after a restart, and imports keep it', async () => {
      const { source, reopen } = await openSource();
      const writer = new SearchService(source);
      await writer.importDirectory(storeFixture());
      const reader = new SearchService(await reopen());
      await reader.warm();
      await writer.putTuning(MAIN, KUBERNETES);
      await reader.catchUp();
      expect(await titles(reader, 'kubernetes')).toEqual(['Müller Cloud GmbH']);
      await writer.importDirectory(intoMain(techPartner('kube-works', 'Kube Works')));
      await reader.catchUp();
      expect(await reader.getTuning(MAIN)).toEqual(KUBERNETES);
      await reader.close();
      await writer.close();
      const restarted = new SearchService(await reopen());
      expect(await titles(restarted, 'kubernetes')).toEqual(['Müller Cloud GmbH']);
      await restarted.close();
    });

    it('lays a tuning into the served site: the same whole build answers with it', async () => {
      const { source } = await openSource();
      const sites = new SiteLifecycle(source, { caches: answerCaches() });
      const writes = new DirectoryWrites(source, sites);
      await writes.importDirectory(storeFixture());
      const before = await sites.site(MAIN);
      await writes.putTuning(MAIN, KUBERNETES);
      const after = await sites.site(MAIN);
      expect(after?.answers.site.version).toBeGreaterThan(before?.answers.site.version ?? 0);
      expect(after?.answers.site.whole).toBe(before?.answers.site.whole);
      await sites.close();
      await source.close();
    });

    it('previews a tuning without saving it', async () => {
      const { source } = await openSource();
      const service = new SearchService(source);
      await service.importDirectory(storeFixture());
      const preview = await service.previewSearch(
        MAIN,
        KUBERNETES,
        criteria({ text: 'kubernetes' }),
        'en-US',
      );
      expect(preview?.answer.partners.map((partner) => partner.title)).toEqual([
        'Müller Cloud GmbH',
      ]);
      expect(preview?.pinnedPositions).toEqual([]);
      expect(await titles(service, 'kubernetes')).toEqual([]);
      await service.close();
    });
  });
}

describeTuning('SQLite', async () => {
  const path = join(folder, `tuning-${(counter += 1)}.db`);
  return { source: openSqliteSource({ path }), reopen: async () => openSqliteSource({ path }) };
});

describeTuning('PostgreSQL', async () => {
  const connectionString = await postgres.createDatabase();
  const open = () => openPostgresSource({ connectionString, poolSize: 3 });
  return { source: await open(), reopen: open };
});
