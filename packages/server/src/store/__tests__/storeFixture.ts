/** A small directory with known answers, shared by the store and route tests. */
import type { DirectoryData, PartnerInput } from '../DirectoryData';

export const MAIN = { companyId: 'acme', scopeGroupId: 'main' };
export const OTHER = { companyId: 'acme', scopeGroupId: 'other' };

export const ZURICH = 101;
export const SAO_PAULO = 102;
export const BESANCON = 103;
export const GOLD = 201;
export const SILVER = 202;
export const BANKING = 301;
export const RETAIL = 302;

export const FILLER_COUNT = 23;

function filler(index: number): PartnerInput {
  const slug = `filler-partner-${index}`;
  return {
    slug,
    title: { 'en-US': `Filler Partner ${index}` },
    summary: { 'en-US': 'Generic services' },
    url: `/partners/${slug}`,
    imageUrl: `/logos/${slug}.svg`,
    position: 100 + index,
    globalFilters: ['tech'],
    filterItemIds: [index % 2 === 0 ? ZURICH : BESANCON],
  };
}

export function storeFixture(): DirectoryData {
  return {
    sites: [
      {
        ...MAIN,
        defaultGlobalFilter: 'solutions',
        filterGroups: [
          {
            key: 'region',
            name: { 'en-US': 'Region', 'fr-FR': 'Région', 'de-DE': 'Region' },
            filterItems: [
              { id: ZURICH, name: { 'en-US': 'Zürich', 'fr-FR': 'Zurich' } },
              { id: SAO_PAULO, name: { 'en-US': 'São Paulo' } },
              { id: BESANCON, name: { 'en-US': 'Besançon' } },
            ],
          },
          {
            key: 'level',
            name: { 'en-US': 'Partner level', 'fr-FR': 'Niveau', 'de-DE': 'Partnerstufe' },
            showAsCategory: true,
            filterItems: [
              { id: GOLD, name: { 'en-US': 'Gold', 'fr-FR': 'Or' } },
              { id: SILVER, name: { 'en-US': 'Silver', 'fr-FR': 'Argent', 'de-DE': 'Silber' } },
            ],
          },
          {
            key: 'industry',
            name: { 'en-US': 'Industry', 'fr-FR': 'Secteur' },
            filterItems: [
              { id: BANKING, name: { 'en-US': 'Banking' } },
              { id: RETAIL, name: { 'en-US': 'Retail', 'fr-FR': 'Commerce de détail' } },
            ],
          },
        ],
        globalFilters: [
          {
            name: 'tech',
            label: { 'en-US': 'Technology Partners', 'fr-FR': 'Partenaires technologiques' },
            filterGroups: ['region', 'level', 'industry'],
          },
          {
            name: 'solutions',
            label: { 'en-US': 'Solution Partners', 'de-DE': 'Lösungspartner' },
            filterGroups: ['level', 'region'],
          },
        ],
        partners: [
          {
            slug: 'societe-generale-conseil',
            title: { 'en-US': 'Société Générale Conseil' },
            summary: {
              'en-US': 'Cloud consulting for banks',
              'fr-FR': 'Conseil cloud pour les banques',
            },
            url: '/partners/societe-generale-conseil',
            imageUrl: '/logos/societe.svg',
            position: 30,
            globalFilters: ['tech', 'solutions'],
            filterItemIds: [ZURICH, GOLD, BANKING],
          },
          {
            slug: 'muller-cloud',
            title: { 'en-US': 'Müller Cloud GmbH', 'de-DE': 'Müller Wolke GmbH' },
            summary: { 'en-US': 'Data platforms', 'de-DE': 'Datenplattformen' },
            url: '/partners/muller-cloud',
            imageUrl: '/logos/muller.svg',
            position: 10,
            globalFilters: ['tech'],
            filterItemIds: [SAO_PAULO, SILVER, RETAIL],
          },
          {
            slug: 'sao-paulo-digital',
            title: { 'en-US': 'São Paulo Digital' },
            summary: { 'en-US': 'Commerce in Latin America' },
            url: 'https://example.test/sao',
            imageUrl: '/logos/sao.svg',
            position: 20,
            globalFilters: ['tech', 'solutions'],
            filterItemIds: [SAO_PAULO, GOLD, RETAIL],
          },
          {
            slug: 'besancon-horlogerie',
            title: { 'en-US': 'Besançon Horlogerie Numérique' },
            summary: { 'en-US': 'Precision software' },
            url: '/partners/besancon-horlogerie',
            imageUrl: '/logos/besancon.svg',
            position: 40,
            globalFilters: ['solutions'],
            filterItemIds: [BESANCON, SILVER],
          },
          ...Array.from({ length: FILLER_COUNT }, (_, index) => filler(index + 1)),
        ],
      },
      {
        ...OTHER,
        globalFilters: [{ name: 'tech', label: { 'en-US': 'Other Tech' }, filterGroups: [] }],
        partners: [
          {
            slug: 'secret-cloud',
            title: { 'en-US': 'Secret Cloud Partner' },
            url: '/partners/secret-cloud',
            imageUrl: '/logos/secret.svg',
            globalFilters: ['tech'],
          },
        ],
      },
    ],
  };
}

/** One more partner of the 'tech' global filter, titled in en-US. */
export function techPartner(
  slug: string,
  title: string,
  filterItemIds: number[] = [],
): PartnerInput {
  return {
    slug,
    title: { 'en-US': title },
    url: `/partners/${slug}`,
    imageUrl: `/logos/${slug}.svg`,
    globalFilters: ['tech'],
    filterItemIds,
  };
}

/** An import of these partners into the MAIN site. */
export function intoMain(...partners: PartnerInput[]): DirectoryData {
  return { sites: [{ ...MAIN, partners }] };
}
