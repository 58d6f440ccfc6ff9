import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@partners-network/contract';
import {
  generateDirectory,
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
} from '../../seed/generateDirectory';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { runImport } from '../runImport';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples');
const folder = mkdtempSync(join(tmpdir(), 'partners-import-'));
const MAIN = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };
let store: SearchService;
let fileCounter = 0;

function writeFile(name: string, content: string): string {
  fileCounter += 1;
  const path = join(folder, `${fileCounter}-${name}`);
  writeFileSync(path, content);
  return path;
}

async function run(file: string, progressFrom?: number, replace = false) {
  const lines: string[] = [];
  const code = await runImport({
    file,
    store,
    companyId: SEED_COMPANY_ID,
    scopeGroupId: SEED_SCOPE_GROUP_ID,
    log: (line) => lines.push(line),
    progressFrom,
    replace,
  });
  return { code, lines };
}

async function find(text: string, locale = 'en-US') {
  const criteria: SearchCriteria = {
    globalFilter: 'technology-partners',
    text,
    filterItemIds: [],
    offset: 0,
    resultsPerPage: 100,
  };
  const result = await store.search(MAIN, criteria, locale);
  return result?.partners ?? [];
}

async function everything() {
  const all = [];
  for (const globalFilter of ['solution-partners', 'technology-partners', 'cloud-partners']) {
    all.push(
      await store.search(
        MAIN,
        { globalFilter, text: '', filterItemIds: [], offset: 0, resultsPerPage: 100 },
        'fr-FR',
      ),
    );
  }
  return all;
}

beforeEach(async () => {
  store = openSqliteStore({ path: join(folder, `db-${(fileCounter += 1)}.db`) });
  await store.importDirectory(generateDirectory({ partnerCount: 40, secondSite: false }));
});
afterEach(async () => {
  await store.close();
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('runImport', () => {
  it.each([['partners.json'], ['partners.csv']])('imports the example %s', async (name) => {
    const { code, lines } = await run(join(examples, name));
    expect(code).toBe(0);
    expect(lines).toEqual([
      'imported 2 partner(s): 2 new, 0 updated',
      'took the coordinates of 2 location(s) from the gazetteer',
    ]);
    const lisboa = await find('lisboa');
    expect(lisboa).toHaveLength(1);
    expect(lisboa[0]?.url).toBe('https://lisboa-dados.example/');
    const helvetia = await store.search(
      MAIN,
      {
        globalFilter: 'cloud-partners',
        text: 'helvetia',
        filterItemIds: [40201],
        offset: 0,
        resultsPerPage: 5,
      },
      'fr-FR',
    );
    expect(helvetia?.partners[0]?.title).toBe('Helvetia Atelier Cloud SA');
    expect(helvetia?.partners[0]?.image.url).toBe('/partner-assets/logos/helvetia-cloud-werk.svg');
    const german = await store.search(
      MAIN,
      {
        globalFilter: 'cloud-partners',
        text: 'versicherer',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 5,
      },
      'de-DE',
    );
    expect(german?.partners[0]?.title).toBe('Helvetia Cloud Werk AG');
  });

  it('updates partners by slug on a second import', async () => {
    await run(join(examples, 'partners.csv'));
    const second = await run(join(examples, 'partners.json'));
    expect(second.code).toBe(0);
    expect(second.lines[0]).toBe('imported 2 partner(s): 0 new, 2 updated');
    expect(await find('lisboa')).toHaveLength(1);
  });

  it('refuses a CSV file with bad rows, names their lines, and changes nothing', async () => {
    const before = await everything();
    const file = writeFile(
      'bad.csv',
      [
        'slug,title,url,globalFilters,filterItemIds,position',
        'good-row,Good Row,/partners/good-row,technology-partners,40001,',
        'Bad Slug,Bad,/partners/x,technology-partners,,',
        'evil,Evil,javascript:alert(1),technology-partners,,',
        'no-filter,No Filter,/partners/no-filter,,,',
        'bad-ids,Bad Ids,/partners/bad-ids,technology-partners,abc,-3',
      ].join('\n'),
    );
    const { code, lines } = await run(file);
    expect(code).toBe(1);
    expect(lines).toEqual([
      'line 3: slug: slug must be lowercase letters, digits and single hyphens',
      'line 4: url: url must be a path starting with / or an http(s) address',
      'line 5: globalFilters: at least one global filter is needed',
      expect.stringMatching(/^line 6: position: /),
      expect.stringMatching(/^line 6: filterItemIds\.0: /),
      '4 bad row(s) of 5: nothing was imported',
    ]);
    expect(await everything()).toEqual(before);
    expect(await find('good row')).toEqual([]);
  });

  it('refuses a JSON file whose rows name unknown filters, with their lines', async () => {
    const before = await everything();
    const file = writeFile(
      'refs.json',
      JSON.stringify(
        [
          {
            slug: 'fine',
            title: 'Fine',
            url: '/partners/fine',
            globalFilters: ['technology-partners'],
          },
          {
            slug: 'lost',
            title: 'Lost',
            url: '/partners/lost',
            globalFilters: ['no-such-programme'],
          },
          {
            slug: 'fine',
            title: 'Twice',
            url: '/partners/fine',
            globalFilters: ['technology-partners'],
          },
          {
            slug: 'ids',
            title: { 'en-US': 'Ids' },
            url: '/partners/ids',
            globalFilters: ['technology-partners'],
            filterItemIds: [99999],
          },
        ],
        null,
        2,
      ),
    );
    const { code, lines } = await run(file);
    expect(code).toBe(1);
    expect(lines).toEqual([
      'line 2: slug: slug "fine" is listed twice',
      'line 10: globalFilters: unknown global filter "no-such-programme"',
      'line 18: slug: slug "fine" is listed twice',
      'line 26: filterItemIds: unknown filter item id 99999',
      '4 problem(s) in 4 rows: nothing was imported',
    ]);
    expect(await everything()).toEqual(before);
  });

  it('reports a file that is not JSON or CSV at all', async () => {
    const json = await run(writeFile('broken.json', '[{"slug": '));
    expect(json.code).toBe(1);
    expect(json.lines[0]).toMatch(/not a valid JSON file/);
    const csv = await run(writeFile('broken.csv', 'slug,title\n"unclosed,x\n'));
    expect(csv.code).toBe(1);
    expect(csv.lines[0]).toMatch(/not a valid CSV file/);
  });

  it('in replace mode removes the site partners the file does not name', async () => {
    const before = await find('');
    expect(before.length).toBeGreaterThan(2);
    const { code, lines } = await run(join(examples, 'partners.json'), undefined, true);
    expect(code).toBe(0);
    expect(lines[0]).toBe('imported 2 partner(s): 2 new, 0 updated, 40 removed');
    const titles = (await everything()).flatMap(
      (result) => result?.partners.map((partner) => partner.title) ?? [],
    );
    expect([...new Set(titles)].sort()).toEqual(['Helvetia Atelier Cloud SA', 'Lisboa Dados Lda.']);
  });

  it('shows progress on a large file', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => ({
      slug: `bulk-${index}`,
      title: `Bulk ${index}`,
      url: `/partners/bulk-${index}`,
      globalFilters: ['technology-partners'],
    }));
    const { code, lines } = await run(writeFile('bulk.json', JSON.stringify(rows)), 10);
    expect(code).toBe(0);
    expect(lines).toContain('written 25 of 25 partners');
    expect(lines).toContain('indexed 25 of 25 partners');
    expect(await find('bulk')).toHaveLength(25);
  });

  it('imports a whole directory object, creating a new site', async () => {
    const site = {
      companyId: 'c9',
      scopeGroupId: 's9',
      globalFilters: [{ name: 'all', label: { 'en-US': 'All' }, filterGroups: [] }],
      partners: [
        {
          slug: 'solo',
          title: { 'en-US': 'Solo' },
          url: '/partners/solo',
          imageUrl: '/x.svg',
          globalFilters: ['all'],
        },
      ],
    };
    const { code } = await run(writeFile('directory.json', JSON.stringify({ sites: [site] })));
    expect(code).toBe(0);
    expect(await store.hasScope({ companyId: 'c9', scopeGroupId: 's9' })).toBe(true);
  });

  it.each([['partners.json'], ['partners.csv']])(
    'keeps the locations of %s, coordinates given or taken from the gazetteer',
    async (name) => {
      expect((await run(join(examples, name))).code).toBe(0);
      const helvetia = await store.getPartner(MAIN, 'helvetia-cloud-werk');
      expect(helvetia?.locations).toEqual([
        {
          city: 'Zürich',
          country: 'CH',
          latitude: 47.36667,
          longitude: 8.55,
          label: 'Head office',
        },
        { city: 'Genève', country: 'CH', latitude: 46.20222, longitude: 6.14569 },
      ]);
      const lisboa = await store.getPartner(MAIN, 'lisboa-dados');
      expect(lisboa?.locations).toEqual([
        { city: 'Lisbon', country: 'PT', latitude: 38.71667, longitude: -9.13333 },
      ]);
    },
  );

  it('refuses a city the gazetteer does not know, naming the row, the field and the city', async () => {
    const before = await everything();
    const file = writeFile(
      'unknown-city.csv',
      [
        'slug,title,url,globalFilters,city,country',
        'in-lyon,In Lyon,/partners/in-lyon,technology-partners,Lyon,FR',
        'in-lyonn,In Lyonn,/partners/in-lyonn,technology-partners,Lyonn,FR',
      ].join('\n'),
    );
    const { code, lines } = await run(file);
    expect(code).toBe(1);
    expect(lines[0]).toBe(
      'line 3: locations.0.city: the gazetteer knows no city "Lyonn" in FR: check its spelling, or give its latitude and longitude',
    );
    expect(await everything()).toEqual(before);
  });

  it('takes the most populous of several cities of one name, and says so', async () => {
    const rows = [
      {
        slug: 'springfield-systems',
        title: 'Springfield Systems',
        url: '/partners/springfield-systems',
        globalFilters: ['technology-partners'],
        locations: [
          { city: 'Lyon', country: 'FR' },
          { city: 'Springfield', country: 'US' },
        ],
      },
    ];
    const { code, lines } = await run(writeFile('springfield.json', JSON.stringify(rows, null, 2)));
    expect(code).toBe(0);
    expect(lines).toContain('took the coordinates of 2 location(s) from the gazetteer');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^line 2: locations\.1\.city: \d+ cities of US are named "Springfield": took the most populous, at 37\.2\d*, -93\.2\d*$/,
      ),
    );
    const stored = await store.getPartner(MAIN, 'springfield-systems');
    expect(stored?.locations[1]).toMatchObject({ city: 'Springfield', latitude: 37.21533 });
  });

  it('refuses bad locations before anything else, naming each field', async () => {
    const eleven = JSON.stringify(
      Array.from({ length: 10 }, () => ({ city: 'Lyon', country: 'FR' })),
    );
    const file = writeFile(
      'bad-locations.csv',
      [
        'slug,title,url,globalFilters,city,country,latitude,longitude,locations',
        'a,A,/partners/a,technology-partners,Lyon,France,,,',
        'b,B,/partners/b,technology-partners,Lyon,FR,north,4.8,',
        'c,C,/partners/c,technology-partners,Lyon,FR,45.7,,',
        'd,D,/partners/d,technology-partners,Lyon,FR,,,not json',
        `e,E,/partners/e,technology-partners,Lyon,FR,,,"${eleven.replaceAll('"', '""')}"`,
        'f,F,/partners/f,technology-partners,,FR,95,4.8,',
      ].join('\n'),
    );
    const { code, lines } = await run(file);
    expect(code).toBe(1);
    expect(lines).toEqual([
      'line 2: locations.0.country: country must be an ISO 3166-1 alpha-2 code in capitals, such as FR',
      'line 3: locations.0.latitude: latitude must be a number',
      "line 4: locations.0.latitude: latitude and longitude go together: give both, or neither to take the city's",
      'line 5: locations: locations must be a list of locations (in CSV, a JSON array)',
      'line 6: locations: a partner has at most 10 locations',
      'line 7: locations.0.city: city is required',
      'line 7: locations.0.latitude: latitude must be between -90 and 90',
      '6 bad row(s) of 6: nothing was imported',
    ]);
  });
});
