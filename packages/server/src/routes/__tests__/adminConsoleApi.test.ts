/**
 * The admin calls the operator's console uses (sites, definitions, a page of partners,
 * import dry runs, CSV and JSON imports, exports) through Fastify's inject, over a real
 * SQLite file and a real PostgreSQL server this file starts. Answers are parsed with the
 * contract's schemas, as the console parses them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerListQuery } from '@partners-network/contract';
import {
  ADMIN_SITES_PATH,
  adminSiteDefinitionsSchema,
  adminSitesSchema,
  exportPath,
  importPath,
  importReportSchema,
  importSummarySchema,
  partnerPageSchema,
  partnerPath,
  partnersPath,
  problemSchema,
  siteDefinitionsPath,
} from '@partners-network/contract';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import { openPostgresStore, openSqliteStore } from '../../service/openStore';
import type { TestPostgres } from '../../store/postgres/__tests__/startPostgres';
import { startPostgres } from '../../store/postgres/__tests__/startPostgres';
import { FILLER_COUNT, GOLD, MAIN, OTHER, storeFixture } from '../../store/__tests__/storeFixture';

const TOKEN = 'console-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MAIN_COUNT = FILLER_COUNT + 4;

const folder = mkdtempSync(join(tmpdir(), 'partners-console-api-'));
let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  await postgres.destroy();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

function describeConsoleApi(name: string, open: () => Promise<SearchService>) {
  describe(`the console's admin calls over ${name}`, () => {
    let store: SearchService;
    let app: FastifyInstance;

    beforeAll(async () => {
      store = await open();
      await store.importDirectory(storeFixture());
      await store.warm();
      app = await buildApp({ store, service: store, adminTokens: [TOKEN] });
    }, 60_000);

    afterAll(async () => {
      await app.close();
      await store.close();
    });

    async function listPartners(query: Partial<PartnerListQuery> = {}) {
      const response = await app.inject({
        url: partnersPath(MAIN),
        query: Object.fromEntries(
          Object.entries(query).map(([key, value]) => [key, String(value)]),
        ),
        headers: AUTH,
      });
      expect(response.statusCode).toBe(200);
      return partnerPageSchema.parse(response.json());
    }

    const slugsOf = async (query: Partial<PartnerListQuery> = {}) =>
      (await listPartners(query)).partners.map((partner) => partner.slug);

    function importFile(body: string, type: string, query: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url: importPath(MAIN),
        query,
        headers: { ...AUTH, 'content-type': type },
        payload: body,
      });
    }

    async function exportFile(format: 'csv' | 'json') {
      const response = await app.inject({
        url: exportPath(MAIN),
        query: { format },
        headers: AUTH,
      });
      expect(response.statusCode).toBe(200);
      return response;
    }

    it('every call needs the token', async () => {
      for (const url of [ADMIN_SITES_PATH, siteDefinitionsPath(MAIN), partnersPath(MAIN)]) {
        const response = await app.inject({ url, headers: { authorization: 'Bearer wrong' } });
        expect(response.statusCode).toBe(401);
      }
      const plain = await buildApp({ store, service: store });
      expect((await plain.inject({ url: ADMIN_SITES_PATH, headers: AUTH })).statusCode).toBe(404);
      await plain.close();
    });

    it('lists the sites with their partner counts', async () => {
      const response = await app.inject({ url: ADMIN_SITES_PATH, headers: AUTH });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(adminSitesSchema.parse(response.json()).sites).toEqual([
        { ...MAIN, partnerCount: MAIN_COUNT },
        { ...OTHER, partnerCount: 1 },
      ]);
    });

    it("reads a site's definitions with every locale's names", async () => {
      const response = await app.inject({ url: siteDefinitionsPath(MAIN), headers: AUTH });
      const definitions = adminSiteDefinitionsSchema.parse(response.json());
      expect(definitions.locales[0]).toBe('en-US');
      expect(definitions.locales).toEqual(expect.arrayContaining(['de-DE', 'fr-FR']));
      expect(definitions.defaultGlobalFilter).toBe('solutions');
      expect(definitions.globalFilters.map((filter) => filter.name)).toEqual(['tech', 'solutions']);
      expect(definitions.filterGroups.map((group) => group.key)).toEqual([
        'region',
        'level',
        'industry',
      ]);
      expect(definitions.filterGroups[1]?.filterItems[0]).toEqual({
        id: GOLD,
        name: { 'en-US': 'Gold', 'fr-FR': 'Or' },
      });
      const unknown = await app.inject({
        url: siteDefinitionsPath({ companyId: 'acme', scopeGroupId: 'nope' }),
        headers: AUTH,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('pages through the partners in editorial order by default', async () => {
      const first = await listPartners({ limit: 3 });
      expect(first.total).toBe(MAIN_COUNT);
      expect(first.partners.map((partner) => partner.slug)).toEqual([
        'muller-cloud',
        'sao-paulo-digital',
        'societe-generale-conseil',
      ]);
      expect(first.partners[0]).toMatchObject({
        title: { 'en-US': 'Müller Cloud GmbH', 'de-DE': 'Müller Wolke GmbH' },
        position: 10,
        globalFilters: ['tech'],
      });
      const last = await listPartners({ limit: 10, offset: 20 });
      expect(last.partners).toHaveLength(MAIN_COUNT - 20);
      expect(last.offset).toBe(20);
    });

    it('searches slugs and titles in any locale, case and accents aside', async () => {
      expect(await slugsOf({ q: 'SOCIETE' })).toEqual(['societe-generale-conseil']);
      expect(await slugsOf({ q: 'wolke' })).toEqual(['muller-cloud']);
      expect(await slugsOf({ q: 'horlo besan' })).toEqual(['besancon-horlogerie']);
      expect((await listPartners({ q: 'filler' })).total).toBe(FILLER_COUNT);
      expect(await slugsOf({ q: 'nothing-like-this' })).toEqual([]);
    });

    it('sorts by title and slug, either way', async () => {
      const byTitle = await slugsOf({ sort: 'title', limit: 2 });
      expect(byTitle).toEqual(['besancon-horlogerie', 'filler-partner-1']);
      const byTitleDown = await slugsOf({ sort: 'title', order: 'desc', limit: 1 });
      expect(byTitleDown).toEqual(['societe-generale-conseil']);
      // Numbers in titles sort as numbers: Filler Partner 2 before Filler Partner 10.
      const fillers = await slugsOf({ sort: 'title', q: 'filler', limit: 3 });
      expect(fillers).toEqual(['filler-partner-1', 'filler-partner-2', 'filler-partner-3']);
      const bySlugDown = await slugsOf({ sort: 'slug', order: 'desc', limit: 1 });
      expect(bySlugDown).toEqual(['societe-generale-conseil']);
    });

    it('refuses a bad query with a 400 naming it', async () => {
      const queries: Record<string, string>[] = [
        { limit: '0' },
        { limit: '101' },
        { offset: '-1' },
        { sort: 'id' },
      ];
      for (const query of queries) {
        const response = await app.inject({ url: partnersPath(MAIN), query, headers: AUTH });
        expect(response.statusCode).toBe(400);
        expect(problemSchema.parse(response.json()).title).toMatch(/limit|offset|sort/);
      }
    });

    it('lists a partner written or removed a moment ago, also by another server', async () => {
      const row = {
        slug: 'zeta-works',
        title: 'Zeta Works',
        url: '/partners/zeta-works',
        globalFilters: ['tech'],
      };
      const put = await app.inject({
        method: 'PUT',
        url: partnerPath(MAIN, 'zeta-works'),
        headers: AUTH,
        payload: row,
      });
      expect(put.statusCode).toBe(201);
      expect(await slugsOf({ q: 'zeta' })).toEqual(['zeta-works']);
      const other = await open();
      try {
        await other.putPartner(MAIN, {
          ...row,
          title: { 'en-US': 'Zeta Werke' },
          imageUrl: '/z.svg',
        });
      } finally {
        await other.close();
      }
      expect((await listPartners({ q: 'zeta' })).partners[0]?.title).toEqual({
        'en-US': 'Zeta Werke',
      });
      await app.inject({ method: 'DELETE', url: partnerPath(MAIN, 'zeta-works'), headers: AUTH });
      expect(await slugsOf({ q: 'zeta' })).toEqual([]);
    });

    it('exports JSON that imports back unchanged, one row per line', async () => {
      const response = await exportFile('json');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="partners-acme-main.json"',
      );
      const lines = response.payload.trimEnd().split('\n');
      expect(lines).toHaveLength(MAIN_COUNT + 2);
      const rows: unknown = JSON.parse(response.payload);
      expect(Array.isArray(rows) && rows[0]).toEqual({
        slug: 'muller-cloud',
        title: { 'en-US': 'Müller Cloud GmbH', 'de-DE': 'Müller Wolke GmbH' },
        summary: { 'en-US': 'Data platforms', 'de-DE': 'Datenplattformen' },
        url: '/partners/muller-cloud',
        imageUrl: '/logos/muller.svg',
        position: 10,
        globalFilters: ['tech'],
        filterItemIds: [102, 202, 302],
        locations: [],
      });
      const dryRun = await importFile(response.payload, 'application/json', {
        mode: 'replace',
        dryRun: 'true',
      });
      expect(importReportSchema.parse(dryRun.json())).toMatchObject({
        rows: MAIN_COUNT,
        addedCount: 0,
        changedCount: 0,
        unchangedCount: MAIN_COUNT,
        removedCount: 0,
        problemCount: 0,
      });
    });

    it('exports CSV with a column per locale that imports back unchanged', async () => {
      const response = await exportFile('csv');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, muller] = response.payload.split('\n');
      expect(header).toBe(
        'slug,title,title.de-DE,title.fr-FR,summary,summary.de-DE,summary.fr-FR,url,imageUrl,position,globalFilters,filterItemIds,contactEmails,contactWebhook,city,country,latitude,longitude,label,locations',
      );
      expect(muller).toBe(
        'muller-cloud,Müller Cloud GmbH,Müller Wolke GmbH,,Data platforms,Datenplattformen,,/partners/muller-cloud,/logos/muller.svg,10,tech,102|202|302,,,,,,,,',
      );
      const dryRun = await importFile(response.payload, 'text/csv', {
        mode: 'replace',
        dryRun: 'true',
      });
      expect(importReportSchema.parse(dryRun.json())).toMatchObject({
        changedCount: 0,
        unchangedCount: MAIN_COUNT,
        removedCount: 0,
        problemCount: 0,
      });
    });

    it("keeps a partner's contact channel through an export and an import", async () => {
      const withContact = {
        slug: 'contact-me',
        title: 'Contact Me',
        url: '/partners/contact-me',
        globalFilters: ['tech'],
        contact: { emails: ['sales@example.com', 'help@example.com'] },
      };
      const put = await app.inject({
        method: 'PUT',
        url: partnerPath(MAIN, 'contact-me'),
        headers: AUTH,
        payload: withContact,
      });
      expect(put.statusCode).toBe(201);
      for (const format of ['csv', 'json'] as const) {
        const file = await exportFile(format);
        expect(file.payload).toContain('sales@example.com');
        const type = format === 'csv' ? 'text/csv' : 'application/json';
        const report = importReportSchema.parse(
          (await importFile(file.payload, type, { mode: 'replace', dryRun: 'true' })).json(),
        );
        expect(report).toMatchObject({ changedCount: 0, removedCount: 0, problemCount: 0 });
      }
      await app.inject({ method: 'DELETE', url: partnerPath(MAIN, 'contact-me'), headers: AUTH });
    });

    it('a dry run names each bad row and its line, and writes nothing', async () => {
      const csv = [
        'slug,title,url,globalFilters,filterItemIds',
        'new-one,New One,/partners/new-one,tech,',
        'Bad Slug,Bad,/partners/bad,tech,',
        'muller-cloud,Müller Cloud AG,/partners/muller-cloud,tech,999',
        'no-url,No Url,javascript:alert(1),tech,',
      ].join('\n');
      const before = await exportFile('json');
      const response = await importFile(csv, 'text/csv', { dryRun: 'true' });
      expect(response.statusCode).toBe(200);
      const report = importReportSchema.parse(response.json());
      expect(report.problems).toEqual([
        {
          row: 2,
          line: 3,
          field: 'slug',
          message: 'slug must be lowercase letters, digits and single hyphens',
        },
        {
          row: 4,
          line: 5,
          field: 'url',
          message: 'url must be a path starting with / or an http(s) address',
        },
        { row: 3, line: 4, field: 'filterItemIds', message: 'unknown filter item id 999' },
      ]);
      expect(report).toMatchObject({ rows: 4, problemCount: 3, addedCount: 0, added: [] });
      expect((await exportFile('json')).payload).toBe(before.payload);
      // Applied, the same file is refused whole with the first problems named.
      const applied = await importFile(csv, 'text/csv');
      expect(applied.statusCode).toBe(400);
      expect(problemSchema.parse(applied.json()).title).toBe(
        'row 2 (line 3): slug: slug must be lowercase letters, digits and single hyphens; ' +
          'row 4 (line 5): url: url must be a path starting with / or an http(s) address; ' +
          'nothing was changed',
      );
      expect((await exportFile('json')).payload).toBe(before.payload);
    });

    it('a dry run says what would be added, changed and removed; applying does it', async () => {
      const rows = [
        { slug: 'fresh-partner', title: 'Fresh', url: '/partners/fresh', globalFilters: ['tech'] },
        {
          slug: 'muller-cloud',
          title: { 'en-US': 'Müller Cloud AG', 'de-DE': 'Müller Wolke AG' },
          summary: { 'en-US': 'Data platforms', 'de-DE': 'Datenplattformen' },
          url: '/partners/muller-cloud',
          imageUrl: '/logos/muller.svg',
          globalFilters: ['tech'],
          filterItemIds: [102, 202, 302],
        },
        {
          slug: 'sao-paulo-digital',
          title: 'São Paulo Digital',
          summary: 'Commerce in Latin America',
          url: 'https://example.test/sao',
          imageUrl: '/logos/sao.svg',
          globalFilters: ['tech', 'solutions'],
          filterItemIds: [102, 201, 302],
        },
      ];
      const body = JSON.stringify(rows, null, 2);
      const upsert = importReportSchema.parse(
        (await importFile(body, 'application/json', { dryRun: 'true' })).json(),
      );
      expect(upsert).toMatchObject({
        mode: 'upsert',
        added: ['fresh-partner'],
        changed: ['muller-cloud'],
        unchangedCount: 1,
        removed: [],
        removedCount: 0,
      });
      const replace = importReportSchema.parse(
        (await importFile(body, 'application/json', { dryRun: 'true', mode: 'replace' })).json(),
      );
      expect(replace.removedCount).toBe(MAIN_COUNT - 2);
      expect(replace.removed).toContain('besancon-horlogerie');
      expect(await slugsOf({ q: 'fresh' })).toEqual([]);

      const applied = await importFile(body, 'application/json');
      expect(importSummarySchema.parse(applied.json())).toEqual({
        sites: 1,
        partnersCreated: 1,
        partnersUpdated: 2,
      });
      expect(await slugsOf({ q: 'fresh' })).toEqual(['fresh-partner']);
      const again = importReportSchema.parse(
        (await importFile(body, 'application/json', { dryRun: 'true' })).json(),
      );
      expect(again).toMatchObject({ addedCount: 0, changedCount: 0, unchangedCount: 3 });
    });

    it('a JSON file names the line where a bad row starts', async () => {
      const body = [
        '[',
        '  {"slug": "ok-row", "title": "Ok", "url": "/ok", "globalFilters": ["tech"]},',
        '  {',
        '    "slug": "no-title",',
        '    "title": "",',
        '    "url": "/bad",',
        '    "globalFilters": ["tech"]',
        '  },',
        '  {"slug": "no-such-filter", "title": "X", "url": "/x", "globalFilters": ["nope"]}',
        ']',
      ].join('\n');
      const report = importReportSchema.parse(
        (await importFile(body, 'application/json', { dryRun: 'true' })).json(),
      );
      // The row schema's problems first, then the import rules' over the rows that passed it.
      expect(report.problems).toEqual([
        { row: 2, line: 3, field: 'title', message: 'title is required' },
        { row: 3, line: 9, field: 'globalFilters', message: 'unknown global filter "nope"' },
      ]);
    });

    it('refuses a file that is not JSON or CSV, another site, and a bad dryRun', async () => {
      const broken = await importFile('[{"slug": ', 'application/json', { dryRun: 'true' });
      expect(broken.statusCode).toBe(400);
      expect(problemSchema.parse(broken.json()).title).toMatch(/^not a valid JSON file/);
      const otherSite = await importFile(
        JSON.stringify([{ ...OTHER, slug: 'x', title: 'X', url: '/x', globalFilters: ['tech'] }]),
        'application/json',
        { dryRun: 'true' },
      );
      expect(importReportSchema.parse(otherSite.json()).problems[0]?.message).toBe(
        'companyId and scopeGroupId must be those of the address',
      );
      const badFlag = await importFile('[]', 'application/json', { dryRun: 'yes' });
      expect(problemSchema.parse(badFlag.json()).title).toBe('dryRun must be true or false');
      const badFormat = await app.inject({
        url: exportPath(MAIN),
        query: { format: 'xml' },
        headers: AUTH,
      });
      expect(badFormat.statusCode).toBe(400);
    });
  });
}

// Each suite opens its database twice: the app's store, then "another server" on it.
describeConsoleApi('SQLite', async () => openSqliteStore({ path: join(folder, 'console.db') }));

let postgresUrl: string | undefined;
describeConsoleApi('PostgreSQL', async () => {
  // The suite's second store ("another server") opens the same database.
  postgresUrl ??= await postgres.createDatabase();
  return openPostgresStore({ connectionString: postgresUrl, poolSize: 3 });
});
