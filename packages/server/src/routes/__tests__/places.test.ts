import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place, Scope } from '@partners-network/contract';
import { placesPath, placesResponseSchema } from '@partners-network/contract';
import { buildApp } from '../../app';
import { gazetteer } from '../../geo/loadGazetteer';
import {
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  SEED_SECOND_SCOPE_GROUP_ID,
  generateDirectory,
} from '../../seed/generateDirectory';
import type { SearchService } from '../../service/SearchService';
import { directoryDataSchema } from '../../store/DirectoryData';
import { openSqliteStore } from '../../service/openStore';

const folder = mkdtempSync(join(tmpdir(), 'partners-places-'));
const MAIN = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };
const SECOND = { ...MAIN, scopeGroupId: SEED_SECOND_SCOPE_GROUP_ID };
const directory = generateDirectory();
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  // Read once before the tests: from its cache a fraction of a second, built 3 to 5 s.
  gazetteer();
  store = openSqliteStore({ path: join(folder, 'places.db') });
  await store.importDirectory(directory);
  app = await buildApp({ store });
}, 60_000);

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

async function suggest(q: string, locale = 'en-US', scope: Scope = MAIN) {
  const response = await app.inject({
    url: `${placesPath(scope)}?q=${encodeURIComponent(q)}&locale=${locale}`,
  });
  return response;
}

async function places(q: string, locale = 'en-US', scope: Scope = MAIN): Promise<Place[]> {
  const response = await suggest(q, locale, scope);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return placesResponseSchema.parse(response.json()).places;
}

/** Partners of the main seed site with a location in the city. */
function seedPartnersIn(city: string): number {
  const site = directoryDataSchema.parse(directory).sites[0];
  return (site?.partners ?? []).filter((partner) =>
    partner.locations.some((location) => location.city === city),
  ).length;
}

describe('GET …/places', () => {
  it('suggests Lyon first for "Lyo", with its country in the locale and its partners counted', async () => {
    const [lyon] = await places('Lyo', 'fr_FR');
    expect(lyon).toMatchObject({ name: 'Lyon', country: 'FR', countryName: 'France' });
    expect(lyon?.latitude).toBeCloseTo(45.75, 1);
    expect(lyon?.partnerCount).toBe(seedPartnersIn('Lyon'));
    expect(lyon?.partnerCount).toBeGreaterThan(0);
  });

  it('answers in the visitor’s language where the gazetteer has the name', async () => {
    expect((await places('Maila', 'de-DE'))[0]).toMatchObject({
      name: 'Mailand',
      countryName: 'Italien',
    });
    expect((await places('Paris', 'ar-SA'))[0]).toMatchObject({
      name: 'باريس',
      countryName: 'فرنسا',
    });
    expect((await places('Paris', 'ja-JP'))[0]).toMatchObject({ name: 'パリ', country: 'FR' });
  });

  it("keeps a locale's country names once, as /metrics shows", async () => {
    const memo = async (name: string) => {
      const text = (await app.inject({ url: '/metrics' })).payload;
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`${name}{cache="memo-country-names"}`));
      return Number(line?.slice(line.lastIndexOf(' ') + 1));
    };
    const [hits, misses] = [await memo('pn_cache_hits_total'), await memo('pn_cache_misses_total')];
    await places('Lyo', 'pt-BR');
    await places('Pari', 'pt-BR');
    // The first suggestions made the locale's names (a miss); every later country is a hit.
    expect((await memo('pn_cache_misses_total')) - misses).toBe(1);
    expect((await memo('pn_cache_hits_total')) - hits).toBeGreaterThan(0);
    expect(await memo('pn_cache_entries')).toBeGreaterThan(0);
  });

  it('forgives typos and folds diacritics, and marks the cities with partners', async () => {
    const [zurich] = await places('Zurihc');
    expect(zurich).toMatchObject({
      name: 'Zürich',
      country: 'CH',
      partnerCount: seedPartnersIn('Zürich'),
    });
    expect((await places('sao pau'))[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    const springfield = await places('Springfield');
    expect(springfield[0]).toMatchObject({ country: 'US', partnerCount: 0 });
  });

  it('gives at most 8 cities, best known first', async () => {
    const found = await places('S');
    expect(found).toHaveLength(8);
    expect(found.slice(0, 3).map((place) => place.name)).toEqual([
      'Shanghai',
      'Shenzhen',
      'São Paulo',
    ]);
  });

  it('counts only the partners of the site asked', async () => {
    expect((await places('Lugano', 'en-US', SECOND))[0]).toMatchObject({
      name: 'Lugano',
      partnerCount: 1,
    });
    expect((await places('Lugano'))[0]).toMatchObject({ name: 'Lugano', partnerCount: 0 });
  });

  it('shows a partner written since the site was built', async () => {
    expect((await places('Annecy'))[0]).toMatchObject({ name: 'Annecy', partnerCount: 0 });
    await store.putPartner(MAIN, {
      slug: 'annecy-numerique',
      title: { 'en-US': 'Annecy Numérique' },
      url: '/partners/annecy-numerique',
      imageUrl: '/logo.svg',
      globalFilters: ['solution-partners'],
      locations: [{ city: 'Annecy', country: 'FR' }],
    });
    expect((await places('Annecy'))[0]).toMatchObject({ name: 'Annecy', partnerCount: 1 });
  });

  it.each([
    ['no q', '', 'q is required'],
    ['a q of spaces', '?q=%20%20', 'q is required: the beginning of a city name'],
    ['a q with digits', '?q=Lyon%203', 'q may hold only letters, spaces, hyphens and apostrophes'],
    [
      'a q with markup',
      '?q=%3Cscript%3E',
      'q may hold only letters, spaces, hyphens and apostrophes',
    ],
    ['a q of 101 letters', `?q=${'a'.repeat(101)}`, 'q is longer than 100 characters'],
  ])('answers 400 to %s, naming q', async (_label, query, title) => {
    const response = await app.inject({ url: `${placesPath(MAIN)}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'BAD_REQUEST', title });
  });

  it('answers 404 for an unknown site', async () => {
    const response = await suggest('Lyo', 'en-US', { ...MAIN, scopeGroupId: '999' });
    expect(response.statusCode).toBe(404);
  });
});
