/**
 * What every PartnerSource must answer about its changes, run over each source by
 * stores.test.ts (a real SQLite file, a real PostgreSQL server): a server lays exactly
 * these changes over its index, so a wrong answer here is a wrong search there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchService } from '../../service/SearchService';
import type { PartnerSource } from '../PartnerSource';
import { readWholeSite } from '../PartnerSource';
import { MAIN, intoMain, storeFixture, techPartner } from './storeFixture';

export function describeSourceContract(
  name: string,
  openEmptySource: () => Promise<PartnerSource>,
): void {
  describe(`PartnerSource changes: ${name}`, () => {
    let source: PartnerSource;
    let service: SearchService;

    async function versionOfMain(): Promise<number> {
      const versions = await source.siteVersions();
      const main = versions.find((site) => site.scope.scopeGroupId === MAIN.scopeGroupId);
      if (!main) throw new Error('the main site is missing');
      return main.version;
    }

    beforeEach(async () => {
      source = await openEmptySource();
      service = new SearchService(source);
      await service.importDirectory(storeFixture());
    });
    afterEach(async () => {
      await service.close();
    });

    it('names the partners written and removed after a version, and nothing before it', async () => {
      const before = await versionOfMain();
      const removed = await source.readPartner(MAIN, 'filler-partner-3');
      await service.putPartner(MAIN, techPartner('filler-partner-1', 'Filler Edited'));
      await service.putPartner(MAIN, techPartner('brand-new', 'Brand New'));
      await service.deletePartner(MAIN, 'filler-partner-3');

      const changes = await source.changesSince(MAIN, before, 100);
      if (changes === undefined || changes === 'reload') throw new Error(`got ${changes}`);
      expect(changes.version).toBe(before + 3);
      // In editorial order (position, then id), as loadSite gives partners.
      expect(changes.upserts.map((partner) => partner.slug)).toEqual([
        'filler-partner-1',
        'brand-new',
      ]);
      expect(changes.upserts[0]?.record.title['en-US']).toBe('Filler Edited');
      expect(changes.removedIds).toEqual([removed?.id]);
      expect(changes.definitions).toEqual((await readWholeSite(source, MAIN))?.definitions);

      const sinceEdit = await source.changesSince(MAIN, before + 1, 100);
      if (sinceEdit === undefined || sinceEdit === 'reload') throw new Error(`got ${sinceEdit}`);
      expect(sinceEdit.upserts.map((partner) => partner.slug)).toEqual(['brand-new']);

      const latest = await source.changesSince(MAIN, before + 3, 100);
      expect(latest).toEqual({ ...changes, upserts: [], removedIds: [] });
    });

    it('loads a site in one snapshot: a write during the load is not in its pages', async () => {
      const loaded = await source.loadSite(MAIN, async (head, pages) => {
        await service.putPartner(MAIN, techPartner('written-meanwhile', 'Written Meanwhile'));
        const slugs: string[] = [];
        for await (const page of pages) slugs.push(...page.map((partner) => partner.slug));
        return { head, slugs };
      });
      expect(loaded?.slugs).toHaveLength(loaded?.head.partnerCount ?? -1);
      expect(loaded?.slugs).not.toContain('written-meanwhile');
      expect(await versionOfMain()).toBe((loaded?.head.version ?? 0) + 1);
      const after = await readWholeSite(source, MAIN);
      expect(after?.partners.map((partner) => partner.slug)).toContain('written-meanwhile');
    });

    it('asks for a whole load past the limit, and knows no unknown site', async () => {
      await service.importDirectory(
        intoMain(...['a', 'b', 'c'].map((slug) => techPartner(`extra-${slug}`, slug))),
      );
      const after = await versionOfMain();
      expect(await source.changesSince(MAIN, after - 1, 2)).toBe('reload');
      expect(await source.changesSince(MAIN, after - 1, 3)).toMatchObject({ version: after });
      expect(
        await source.changesSince({ companyId: 'acme', scopeGroupId: 'nowhere' }, 0, 10),
      ).toBeUndefined();
    });

    it('lays a change over the served index instead of building the site whole', async () => {
      await service.warm();
      const [main] = service.state().sites.filter((site) => site.scopeGroupId === 'main');
      expect(main?.laidPartners).toBe(0);
      await service.putPartner(MAIN, techPartner('laid-partner', 'Laid Partner'));
      const laid = service.state().sites.find((site) => site.scopeGroupId === 'main');
      expect(laid).toMatchObject({ laidPartners: 1, partners: (main?.partners ?? 0) + 1 });
      const result = await service.search(
        MAIN,
        {
          globalFilter: 'tech',
          text: 'laid partner',
          filterItemIds: [],
          offset: 0,
          resultsPerPage: 10,
        },
        'en-US',
      );
      expect(result?.partners.map((partner) => partner.title)).toEqual(['Laid Partner']);
    });

    it("stores each partner's locations, and reads them back in every read", async () => {
      const before = await versionOfMain();
      await service.putPartner(MAIN, {
        ...techPartner('located', 'Located Partner'),
        locations: [
          { city: 'Lyon', country: 'FR', latitude: 45.75, longitude: 4.85, label: 'Head office' },
          { city: 'Genève', country: 'CH' },
        ],
      });
      const expected = [
        { city: 'Lyon', country: 'FR', latitude: 45.75, longitude: 4.85, label: 'Head office' },
        { city: 'Genève', country: 'CH', latitude: 46.20222, longitude: 6.14569 },
      ];
      expect((await source.readPartner(MAIN, 'located'))?.record.locations).toEqual(expected);
      expect((await service.getPartner(MAIN, 'located'))?.locations).toEqual(expected);
      const changes = await source.changesSince(MAIN, before, 100);
      if (changes === undefined || changes === 'reload') throw new Error(`got ${changes}`);
      expect(changes.upserts[0]?.record.locations).toEqual(expected);
      const whole = await readWholeSite(source, MAIN);
      const partners = whole?.partners ?? [];
      expect(partners.find((partner) => partner.slug === 'located')?.record.locations).toEqual(
        expected,
      );
      // Partners without locations keep records without them, and read as having none.
      expect(
        partners.find((partner) => partner.slug === 'filler-partner-1')?.record,
      ).not.toHaveProperty('locations');
      expect((await service.getPartner(MAIN, 'filler-partner-1'))?.locations).toEqual([]);
    });

    it('refuses a city the gazetteer does not know, and writes nothing', async () => {
      const before = await versionOfMain();
      const attempt = service.putPartner(MAIN, {
        ...techPartner('lost', 'Lost Partner'),
        locations: [{ city: 'Nowhere-upon-Nothing', country: 'FR' }],
      });
      await expect(attempt).rejects.toMatchObject({
        issues: [
          {
            path: ['sites', 0, 'partners', 0, 'locations', 0, 'city'],
            message: expect.stringContaining('no city "Nowhere-upon-Nothing" in FR'),
          },
        ],
      });
      expect(await versionOfMain()).toBe(before);
      expect(await source.readPartner(MAIN, 'lost')).toBeUndefined();
    });
  });
}
