/**
 * A deterministic, realistic directory for the demo, the tests and the benchmarks:
 * the same options always give the same data (seeded PRNG, no Math.random).
 */
import type { DirectoryData, LocalizedText, SiteData } from '../store/DirectoryData';
import type { Random } from './createRandom';
import { createRandom } from './createRandom';
import { logoUrl } from '../logos/renderLogo';
import { EXTRA_LABEL_LOCALES, EXTRA_LABELS } from './extraLabels';
import type { SeedCity } from './seedCities';
import { SEED_CITIES } from './seedCities';

export const SEED_COMPANY_ID = '20097';
export const SEED_SCOPE_GROUP_ID = '20121';
/** A second, small site of the same company: proves answers never mix sites. */
export const SEED_SECOND_SCOPE_GROUP_ID = '20122';
export const SEED_DEFAULT_GLOBAL_FILTER = 'solution-partners';
export const DEFAULT_PARTNER_COUNT = 260;

export interface GenerateDirectoryOptions {
  /** Partners of the main site; default 260 (benchmarks ask 1k, 10k, 100k). */
  partnerCount?: number;
  seed?: number;
  /** Adds the small second site; default true. */
  secondSite?: boolean;
  /**
   * Filter labels (global filters, groups, items) in all 13 of Liferay's default
   * languages, not only en-US, fr-FR and de-DE; default false. Every locale a site has
   * is one more copy of its search index, so the benchmarks' large directories keep 3.
   */
  allLanguages?: boolean;
}

type Texts = readonly [en: string, fr: string, de: string];

const text = ([en, fr, de]: Texts): LocalizedText => ({ 'en-US': en, 'fr-FR': fr, 'de-DE': de });

type Label = (texts: Texts) => LocalizedText;

/** A label in every language of EXTRA_LABELS too (those it has). */
const textInAllLanguages: Label = (texts) => {
  const extra = EXTRA_LABELS.get(texts[0]) ?? [];
  const label = text(texts);
  EXTRA_LABEL_LOCALES.forEach((locale, index) => {
    const value = extra[index];
    if (value !== undefined) label[locale] = value;
  });
  return label;
};

const REGIONS: readonly Texts[] = [
  ['Western Europe', "Europe de l'Ouest", 'Westeuropa'],
  [
    'Germany, Austria & Switzerland',
    'Allemagne, Autriche et Suisse',
    'Deutschland, Österreich & Schweiz',
  ],
  ['Nordics', 'Pays nordiques', 'Nordeuropa'],
  ['Southern Europe', 'Europe du Sud', 'Südeuropa'],
  ['Eastern Europe', "Europe de l'Est", 'Osteuropa'],
  ['North America', 'Amérique du Nord', 'Nordamerika'],
  ['Latin America', 'Amérique latine', 'Lateinamerika'],
  ['Middle East', 'Moyen-Orient', 'Naher Osten'],
  ['Africa', 'Afrique', 'Afrika'],
  ['Asia Pacific', 'Asie-Pacifique', 'Asien-Pazifik'],
  ['Japan', 'Japon', 'Japan'],
  ['Oceania', 'Océanie', 'Ozeanien'],
];

const INDUSTRIES: readonly Texts[] = [
  ['Banking & Finance', 'Banque et finance', 'Banken & Finanzen'],
  ['Insurance', 'Assurance', 'Versicherungen'],
  ['Healthcare', 'Santé', 'Gesundheitswesen'],
  ['Manufacturing', 'Industrie manufacturière', 'Fertigung'],
  ['Retail', 'Commerce de détail', 'Einzelhandel'],
  ['Public Sector', 'Secteur public', 'Öffentlicher Sektor'],
  ['Energy & Utilities', 'Énergie et services publics', 'Energie & Versorgung'],
  ['Telecommunications', 'Télécommunications', 'Telekommunikation'],
  ['Education', 'Éducation', 'Bildung'],
];

const EXPERTISE: readonly Texts[] = [
  ['Cloud Migration', 'Migration vers le cloud', 'Cloud-Migration'],
  ['Digital Experience', 'Expérience numérique', 'Digitale Erlebnisse'],
  ['Commerce', 'Commerce électronique', 'E-Commerce'],
  ['Data & Analytics', 'Données et analyse', 'Daten & Analyse'],
  ['Integration', 'Intégration', 'Integration'],
  ['Security', 'Sécurité', 'Sicherheit'],
  ['Artificial Intelligence', 'Intelligence artificielle', 'Künstliche Intelligenz'],
  ['Customer Portals', 'Portails clients', 'Kundenportale'],
];

const LEVELS: readonly Texts[] = [
  ['Platinum', 'Platine', 'Platin'],
  ['Gold', 'Or', 'Gold'],
  ['Silver', 'Argent', 'Silber'],
  ['Registered', 'Enregistré', 'Registriert'],
];

const LANGUAGES: readonly Texts[] = [
  ['English', 'Anglais', 'Englisch'],
  ['French', 'Français', 'Französisch'],
  ['German', 'Allemand', 'Deutsch'],
  ['Spanish', 'Espagnol', 'Spanisch'],
  ['Portuguese', 'Portugais', 'Portugiesisch'],
  ['Italian', 'Italien', 'Italienisch'],
];

const GLOBAL_FILTERS: readonly {
  name: string;
  label: Texts;
  groups: readonly string[];
  share: number;
}[] = [
  {
    name: SEED_DEFAULT_GLOBAL_FILTER,
    label: ['Solution Partners', 'Partenaires solutions', 'Lösungspartner'],
    groups: ['region', 'industry', 'expertise', 'partner-level', 'language'],
    share: 0.6,
  },
  {
    name: 'technology-partners',
    label: ['Technology Partners', 'Partenaires technologiques', 'Technologiepartner'],
    groups: ['region', 'industry', 'expertise', 'partner-level'],
    share: 0.35,
  },
  {
    name: 'consulting-partners',
    label: ['Consulting Partners', 'Partenaires conseil', 'Beratungspartner'],
    groups: ['region', 'industry', 'partner-level'],
    share: 0.3,
  },
  {
    name: 'training-partners',
    label: ['Training Partners', 'Partenaires de formation', 'Schulungspartner'],
    groups: ['region', 'language', 'partner-level'],
    share: 0.15,
  },
  {
    name: 'cloud-partners',
    label: ['Cloud Partners', 'Partenaires cloud', 'Cloud-Partner'],
    groups: ['region', 'expertise', 'partner-level'],
    share: 0.25,
  },
  {
    name: 'oem-partners',
    label: ['OEM Partners', 'Partenaires OEM', 'OEM-Partner'],
    groups: ['region', 'industry'],
    share: 0.1,
  },
];

/** First partners have fixed names, so demos and tests can count on them. */
const FIXED_TITLES = [
  'Société Lumière Conseil SA',
  'Müller & Söhne Digital GmbH',
  'São Paulo Cloud Ltda.',
  'Zürich Data Analytics AG',
  'Besançon Informatique SARL',
];

const NAME_STARTS = [
  'Société',
  'Müller',
  'São Paulo',
  'Zürich',
  'Besançon',
  'Lumière',
  'Nordlicht',
  'Alpenglühen',
  'Horizon',
  'Bleu Ciel',
  'Océan',
  'Château',
  'Fjord',
  'Atlas',
  'Vértice',
  'Göteborg',
  'Équinoxe',
  'Citadelle',
  'Brücke',
  'Polaris',
  'Mistral',
  'Aurora',
  'Köln',
  'Genève',
  'Montréal',
  'Cortex',
  'Quantum',
  'Kiruna',
  'Málaga',
  'Łódź',
];
const NAME_MIDDLES = [
  'Digital',
  'Consulting',
  'Systems',
  'Solutions',
  'Conseil',
  'Technik',
  'Labs',
  'Cloud',
  'Data',
  'Informatique',
  'Software',
  'Integration',
  'Services',
  'Analytics',
  'Beratung',
];
const NAME_ENDS = ['GmbH', 'SA', 'SARL', 'AG', 'Ltd', 'Inc.', 'SAS', 'Ltda.', 'Oy', 'BV', ''];

export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface ItemDef {
  id: number;
  name: Texts;
}

function items(firstId: number, names: readonly Texts[]): ItemDef[] {
  return names.map((name, index) => ({ id: firstId + index, name }));
}

function pickTexts(item: ItemDef | undefined, locale: 0 | 1 | 2): string {
  return item?.name[locale] ?? '';
}

function summaryTexts(
  random: Random,
  title: string,
  region: ItemDef | undefined,
  industry: ItemDef | undefined,
  expertise: ItemDef | undefined,
): { en: string; fr: string; de: string } {
  const projects = random.int(12, 480);
  const long = random.chance(0.4);
  const lower = (value: string) => value.toLowerCase();
  const en =
    `${title} helps ${lower(pickTexts(industry, 0))} teams with ${lower(pickTexts(expertise, 0))} across ${pickTexts(region, 0)}.` +
    (long
      ? ` Our certified consultants have delivered more than ${projects} projects, from discovery workshops to managed services, and we stay with our customers long after go-live so that every portal keeps improving.`
      : '');
  const fr =
    `${title} accompagne les équipes du secteur ${lower(pickTexts(industry, 1))} en ${lower(pickTexts(expertise, 1))}, région ${pickTexts(region, 1)}.` +
    (long
      ? ` Nos consultants certifiés ont mené plus de ${projects} projets, des ateliers de cadrage aux services managés, et nous restons aux côtés de nos clients bien après la mise en production.`
      : '');
  const de =
    `${title} unterstützt Teams aus ${pickTexts(industry, 2)} bei ${pickTexts(expertise, 2)} in ${pickTexts(region, 2)}.` +
    (long
      ? ` Unsere zertifizierten Berater haben mehr als ${projects} Projekte umgesetzt, von Discovery-Workshops bis zu Managed Services, und begleiten unsere Kunden auch lange nach dem Go-live.`
      : '');
  return { en, fr, de };
}

type PartnerLocation = SiteData['partners'][number]['locations'][number];

function locationOf([city, country, latitude, longitude]: SeedCity): PartnerLocation {
  return { city, country, latitude, longitude };
}

/**
 * One to three real cities of the partner's regions, distinct; the first is the head
 * office when there are several. Drawn from their own random sequence, so the rest of
 * the directory is what it was before partners had locations.
 */
function locationsIn(regions: readonly ItemDef[], places: Random): PartnerLocation[] {
  const cities = regions.flatMap((region) => SEED_CITIES.get(region.name[0]) ?? []);
  if (cities.length === 0) return [];
  const chosen = places.sample(cities, places.int(1, 3)).map(locationOf);
  const [first, ...others] = chosen;
  if (!first) return [];
  return others.length === 0 ? [first] : [{ ...first, label: 'Head office' }, ...others];
}

/** The title's slug, numbered from its second use on. */
function uniqueSlug(title: string, usedSlugs: Map<string, number>): string {
  const base = slugify(title);
  const seen = usedSlugs.get(base) ?? 0;
  usedSlugs.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

function mainSite(partnerCount: number, random: Random, places: Random, label: Label): SiteData {
  const regions = items(40001, REGIONS);
  const industries = items(40101, INDUSTRIES);
  const expertise = items(40201, EXPERTISE);
  const levels = items(40301, LEVELS);
  const languages = items(40401, LANGUAGES);
  const group = (key: string, name: Texts, list: ItemDef[], showAsCategory = false) => ({
    key,
    name: label(name),
    showAsCategory,
    filterItems: list.map((item) => ({ id: item.id, name: label(item.name) })),
  });

  const usedSlugs = new Map<string, number>();
  const partners: SiteData['partners'] = [];
  for (let index = 0; index < partnerCount; index += 1) {
    const title =
      FIXED_TITLES[index] ??
      [random.pick(NAME_STARTS), random.pick(NAME_MIDDLES), random.pick(NAME_ENDS)]
        .filter((part) => part !== '')
        .join(' ');
    const slug = uniqueSlug(title, usedSlugs);

    const partnerRegions = random.sample(regions, random.int(1, 2));
    const partnerIndustries = random.sample(industries, random.int(1, 3));
    const partnerExpertise = random.sample(expertise, random.int(1, 3));
    const level = random.pick(levels);
    const partnerLanguages = random.sample(languages, random.int(1, 2));
    const filters = GLOBAL_FILTERS.filter((filter) => random.chance(filter.share)).map(
      (filter) => filter.name,
    );
    const summary = summaryTexts(
      random,
      title,
      partnerRegions[0],
      partnerIndustries[0],
      partnerExpertise[0],
    );
    // Some partners are translated, some partly, some not: fallback gets exercised.
    const translation = index % 4;
    partners.push({
      slug,
      title: { 'en-US': title },
      summary: {
        'en-US': summary.en,
        ...(translation === 0 || translation === 1 ? { 'fr-FR': summary.fr } : {}),
        ...(translation === 0 || translation === 2 ? { 'de-DE': summary.de } : {}),
      },
      url: `/partners/${slug}`,
      imageUrl: logoUrl(slug),
      position: (index + 1) * 10,
      // Fixed partners are always in the default programme, where visitors land.
      globalFilters:
        filters.includes(SEED_DEFAULT_GLOBAL_FILTER) || (filters.length > 0 && !FIXED_TITLES[index])
          ? filters
          : [SEED_DEFAULT_GLOBAL_FILTER, ...filters],
      filterItemIds: [
        ...partnerRegions,
        ...partnerIndustries,
        ...partnerExpertise,
        level,
        ...partnerLanguages,
      ].map((item) => item.id),
      locations: locationsIn(partnerRegions, places),
      // Every third partner can be contacted from the page (issue 26): its mail goes to a
      // made-up address of the reserved .example domain.
      ...(index % 3 === 0 ? { contact: { emails: [`partners@${slug}.example`] } } : {}),
    });
  }

  return {
    companyId: SEED_COMPANY_ID,
    scopeGroupId: SEED_SCOPE_GROUP_ID,
    defaultGlobalFilter: SEED_DEFAULT_GLOBAL_FILTER,
    filterGroups: [
      group('region', ['Region', 'Région', 'Region'], regions),
      group('industry', ['Industry', 'Secteur', 'Branche'], industries),
      group('expertise', ['Expertise', 'Expertise', 'Fachgebiet'], expertise, true),
      group(
        'partner-level',
        ['Partner level', 'Niveau de partenariat', 'Partnerstufe'],
        levels,
        true,
      ),
      group('language', ['Service language', 'Langue de service', 'Servicesprache'], languages),
    ],
    globalFilters: GLOBAL_FILTERS.map((filter) => ({
      name: filter.name,
      label: label(filter.label),
      filterGroups: [...filter.groups],
    })),
    partners,
  };
}

/** The city of each canton of the second site, as the gazetteer gives it. */
const CANTON_CITIES: readonly SeedCity[] = [
  ['Zürich', 'CH', 47.36667, 8.55],
  ['Genève', 'CH', 46.20222, 6.14569],
  ['Bern', 'CH', 46.94809, 7.44744],
  ['Basel', 'CH', 47.55839, 7.57327],
  ['Lausanne', 'CH', 46.516, 6.63282],
  ['Lugano', 'CH', 46.01008, 8.96004],
];

function secondSite(label: Label): SiteData {
  const cantons: Texts[] = [
    ['Zürich', 'Zurich', 'Zürich'],
    ['Geneva', 'Genève', 'Genf'],
    ['Bern', 'Berne', 'Bern'],
    ['Basel', 'Bâle', 'Basel'],
    ['Vaud', 'Vaud', 'Waadt'],
    ['Ticino', 'Tessin', 'Tessin'],
  ];
  const titles = [
    'Alpenrose Informatik AG',
    'Léman Numérique SA',
    'Bärengraben Systems GmbH',
    'Rheinknie Daten AG',
    'Lavaux Conseil Sàrl',
    'Ceresio Software SA',
  ];
  return {
    companyId: SEED_COMPANY_ID,
    scopeGroupId: SEED_SECOND_SCOPE_GROUP_ID,
    defaultGlobalFilter: 'reseller-partners',
    filterGroups: [
      {
        key: 'canton',
        name: label(['Canton', 'Canton', 'Kanton']),
        showAsCategory: true,
        filterItems: cantons.map((name, index) => ({ id: 50001 + index, name: label(name) })),
      },
    ],
    globalFilters: [
      {
        name: 'reseller-partners',
        label: label(['Reseller Partners', 'Partenaires revendeurs', 'Vertriebspartner']),
        filterGroups: ['canton'],
      },
      {
        name: 'service-partners',
        label: label(['Service Partners', 'Partenaires de services', 'Servicepartner']),
        filterGroups: ['canton'],
      },
    ],
    partners: titles.map((title, index) => {
      const slug = slugify(title);
      return {
        slug,
        title: { 'en-US': title },
        summary: { 'en-US': `${title} serves customers in Switzerland.` },
        url: `/partners/${slug}`,
        imageUrl: logoUrl(slug),
        position: (index + 1) * 10,
        globalFilters:
          index % 2 === 0 ? ['reseller-partners'] : ['reseller-partners', 'service-partners'],
        filterItemIds: [50001 + index],
        locations: CANTON_CITIES[index] ? [locationOf(CANTON_CITIES[index])] : [],
      };
    }),
  };
}

export function generateDirectory(options: GenerateDirectoryOptions = {}): DirectoryData {
  const random = createRandom(options.seed ?? 20121);
  const places = createRandom((options.seed ?? 20121) + 25);
  const label = options.allLanguages ? textInAllLanguages : text;
  const partnerCount = options.partnerCount ?? DEFAULT_PARTNER_COUNT;
  const sites = [mainSite(partnerCount, random, places, label)];
  if (options.secondSite ?? true) sites.push(secondSite(label));
  return { sites };
}
