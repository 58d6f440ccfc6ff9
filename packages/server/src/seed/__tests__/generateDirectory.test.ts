import { describe, expect, it } from 'vitest';
import { directoryDataSchema } from '../../store/DirectoryData';
import { openSqliteStore } from '../../service/openStore';
import {
  SEED_COMPANY_ID,
  SEED_DEFAULT_GLOBAL_FILTER,
  SEED_SCOPE_GROUP_ID,
  SEED_SECOND_SCOPE_GROUP_ID,
  generateDirectory,
  slugify,
} from '../generateDirectory';
import { seedIfEmpty } from '../../service/seedIfEmpty';
import { SEED_CITIES } from '../seedCities';
import { gazetteer } from '../../geo/loadGazetteer';

const MAIN = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };

describe('generateDirectory', () => {
  it('gives every partner one to three real cities of its regions, the first the head office of several', () => {
    const [main, second] = directoryDataSchema.parse(
      generateDirectory({ partnerCount: 1000 }),
    ).sites;
    const regionNames = new Map(
      main?.filterGroups
        .find((group) => group.key === 'region')
        ?.filterItems.map((item) => [item.id, item.name['en-US'] ?? '']),
    );
    const counts = new Set<number>();
    for (const partner of main?.partners ?? []) {
      counts.add(partner.locations.length);
      const regions = partner.filterItemIds.flatMap((id) => regionNames.get(id) ?? []);
      const cities = regions.flatMap((region) => SEED_CITIES.get(region) ?? []);
      for (const location of partner.locations) {
        expect(
          cities.some(([city, country]) => city === location.city && country === location.country),
        ).toBe(true);
      }
      expect(new Set(partner.locations.map((location) => location.city)).size).toBe(
        partner.locations.length,
      );
      if (partner.locations.length > 1) expect(partner.locations[0]?.label).toBe('Head office');
    }
    expect([...counts].sort()).toEqual([1, 2, 3]);
    expect(
      second?.partners.map((partner) => partner.locations.map((location) => location.city)),
    ).toEqual([['Zürich'], ['Genève'], ['Bern'], ['Basel'], ['Lausanne'], ['Lugano']]);
  });

  it('places each seed city where the gazetteer does', () => {
    const world = gazetteer();
    const second = directoryDataSchema.parse(generateDirectory()).sites[1]?.partners ?? [];
    const all = [
      ...[...SEED_CITIES.values()].flat(),
      ...second.flatMap((partner) =>
        partner.locations.map(
          (location) =>
            [location.city, location.country, location.latitude, location.longitude] as const,
        ),
      ),
    ];
    expect(all.length).toBeGreaterThan(140);
    for (const [city, country, latitude, longitude] of all) {
      const found = world.find(city, country);
      expect(found, `${city}, ${country}`).toBeDefined();
      const known = world.city(found?.ordinal ?? 0);
      expect([city, known.latitude, known.longitude]).toEqual([city, latitude, longitude]);
    }
  });

  it('is deterministic and sized by the partner count', () => {
    expect(generateDirectory()).toEqual(generateDirectory());
    expect(generateDirectory({ seed: 2 })).not.toEqual(generateDirectory());
    const parsed = directoryDataSchema.parse(generateDirectory({ partnerCount: 1000 }));
    expect(parsed.sites[0]?.partners).toHaveLength(1000);
    expect(parsed.sites.map((site) => site.scopeGroupId)).toEqual([
      SEED_SCOPE_GROUP_ID,
      SEED_SECOND_SCOPE_GROUP_ID,
    ]);
  });

  it('is realistic: programmes, groups, accents, locales, long summaries, local links', () => {
    const site = directoryDataSchema.parse(generateDirectory()).sites[0];
    expect(site?.partners).toHaveLength(260);
    expect(site?.globalFilters.length).toBeGreaterThanOrEqual(5);
    expect(site?.defaultGlobalFilter).toBe(SEED_DEFAULT_GLOBAL_FILTER);
    expect(site?.filterGroups.length).toBeGreaterThanOrEqual(4);
    const itemCounts = site?.filterGroups.map((group) => group.filterItems.length) ?? [];
    expect(itemCounts.filter((count) => count > 5).length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...itemCounts)).toBe(12);
    const partners = site?.partners ?? [];
    expect(partners.some((partner) => /[éüãç]/.test(partner.title['en-US'] ?? ''))).toBe(true);
    expect(partners.some((partner) => (partner.summary['en-US']?.length ?? 0) > 200)).toBe(true);
    expect(partners.some((partner) => partner.summary['fr-FR'])).toBe(true);
    expect(partners.some((partner) => !partner.summary['de-DE'])).toBe(true);
    expect(new Set(partners.map((partner) => partner.slug)).size).toBe(partners.length);
    for (const partner of partners) {
      expect(partner.url).toBe(`/partners/${partner.slug}`);
      expect(partner.imageUrl).toBe(`/partner-assets/logos/${partner.slug}.svg`);
    }
  });

  it("labels every filter in Liferay's 13 default languages on request, English as before", () => {
    const LIFERAY_LOCALES = [
      'ar-SA',
      'ca-ES',
      'zh-CN',
      'nl-NL',
      'en-US',
      'fi-FI',
      'fr-FR',
      'de-DE',
      'hu-HU',
      'ja-JP',
      'pt-BR',
      'es-ES',
      'sv-SE',
    ].sort();
    const three = directoryDataSchema.parse(generateDirectory());
    const all = directoryDataSchema.parse(generateDirectory({ allLanguages: true }));
    const labels = (data: typeof all) =>
      data.sites.flatMap((site) => [
        ...site.globalFilters.map((filter) => filter.label),
        ...site.filterGroups.flatMap((group) => [
          group.name,
          ...group.filterItems.map((item) => item.name),
        ]),
      ]);
    for (const label of labels(all)) {
      expect(Object.keys(label).sort()).toEqual(LIFERAY_LOCALES);
      for (const value of Object.values(label)) expect(value).not.toBe('');
    }
    // Only labels gain languages: the rest, and every en-US, fr-FR and de-DE text, stay.
    const firstThree = (label: Record<string, string>) => ({
      'en-US': label['en-US'],
      'fr-FR': label['fr-FR'],
      'de-DE': label['de-DE'],
    });
    expect(labels(all).map(firstThree)).toEqual(labels(three));
    expect(all.sites.map((site) => site.partners)).toEqual(
      three.sites.map((site) => site.partners),
    );
    const japanese = all.sites[0]?.globalFilters.find(
      (filter) => filter.name === SEED_DEFAULT_GLOBAL_FILTER,
    );
    expect(japanese?.label['ja-JP']).toBe('ソリューションパートナー');
    expect(all.sites[0]?.filterGroups[0]?.name['ar-SA']).toBe('المنطقة');
  });

  it('makes slugs without accents', () => {
    expect(slugify('Société Lumière Conseil SA')).toBe('societe-lumiere-conseil-sa');
    expect(slugify('Łódź Müller & Söhne')).toBe('lodz-muller-sohne');
  });
});

describe('seedIfEmpty', () => {
  it('seeds once, then leaves the data alone', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    expect(await seedIfEmpty(store, { partnerCount: 50 })).toBe(true);
    expect(await seedIfEmpty(store, { partnerCount: 80 })).toBe(false);
    const result = await store.search(
      MAIN,
      { globalFilter: '', text: '', filterItemIds: [], offset: 0, resultsPerPage: 100 },
      'fr-FR',
    );
    expect(result?.appliedCriteria.globalFilter).toBe(SEED_DEFAULT_GLOBAL_FILTER);
    expect(result?.totalFound).toBeGreaterThan(10);
    expect(result?.totalFound).toBeLessThan(50);
    expect(result?.partners[0]?.categories.length).toBeGreaterThan(0);
    expect(result?.partners[0]?.categories.length).toBeLessThanOrEqual(4);
    const societe = await store.search(
      MAIN,
      {
        globalFilter: '',
        text: 'societe lumiere',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 5,
      },
      'de-DE',
    );
    expect(societe?.partners[0]?.title).toBe('Société Lumière Conseil SA');
    await store.close();
  });
});
