/**
 * The three engines of the side-by-side bench behind one interface: ours (SiteIndex,
 * as the server builds it) and the peers MiniSearch and Orama, each configured as its
 * documentation recommends for fuzzy prefix search over title, categories and summary.
 */
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import type { LocatedSearchCriteria } from '@partners-network/contract';
import type { StoredSite } from '@partners-network/server';
import {
  CacheKind,
  SiteAnswers,
  SiteIndexBuilder,
  answerCaches,
  buildSite,
  searchTerms,
} from '@partners-network/server';

export interface BenchDocument {
  title: string;
  categories: string;
  summary: string;
  /** Expertise names (the card's badges), for judging category searches. */
  badges: string[];
}

export interface SearchEngine {
  name: string;
  /**
   * Builds the engine's index of the documents (in editorial order); `site` is the stored
   * site they come from, for an engine that answers as the server does.
   */
  build(documents: readonly BenchDocument[], site: StoredSite): Promise<void>;
  /** Ordinals of the first 10 partners, best first, and how many match. */
  search(text: string): Promise<{ top: number[]; total: number }>;
  /** Lets the index be collected. */
  drop(): void;
}

const MARKS = /\p{M}+/gu;
/** Case and diacritics folded, as MiniSearch's documentation shows for accents. */
const fold = (term: string) => term.toLowerCase().normalize('NFD').replace(MARKS, '');

const GLOBAL = 0;

export function ours(): SearchEngine {
  let index: ReturnType<SiteIndexBuilder['build']> | undefined;
  return {
    name: 'ours (SiteIndex)',
    async build(docs) {
      const builder = new SiteIndexBuilder(docs.length);
      docs.forEach((_, ordinal) => builder.addToGlobalFilter(GLOBAL, ordinal));
      builder.addLocale(
        'en-US',
        docs.map((doc, ordinal) => ({ ordinal, documentId: ordinal + 1, ...doc })),
      );
      index = builder.build();
    },
    async search(text) {
      if (!index) throw new Error('not built');
      const query = {
        locale: 'en-US',
        globalFilterId: GLOBAL,
        itemGroups: [],
        terms: searchTerms(text),
      };
      // What the server asks for a first page: the first ten and the total.
      const found = index.findFirst(query, 10);
      return { top: Array.from(found.ordinals), total: found.total };
    },
    drop() {
      index = undefined;
    },
  };
}

/**
 * Ours as the server answers (answer/SiteAnswers over the site built as a server builds
 * it): the first ten, the global filter's count, the steps out of zero results, the
 * cards and their highlights. One global filter and no filter groups, as the figure has
 * always been taken. Counts and cards are kept as a server keeps them; whole answers and
 * ordered partners are not, so every timed search finds, ranks and highlights again.
 */
export function oursAnswering(): SearchEngine {
  return answeringEngine('ours, with counts and highlights', () => ({}));
}

/**
 * Ours as the server answers a search near a city (issue 25): the same texts, each near
 * one of the directory's own cities in turn; every other one within 100 km, and every
 * third one without its text (ordered by distance alone). Each card measures its distance.
 */
export function oursNear(): SearchEngine {
  let cities: { latitude: number; longitude: number }[] = [];
  // Each text keeps its city, radius and order in every pass (the passes time one search).
  const turns = new Map<string, number>();
  return answeringEngine(
    'ours, near a city',
    (text) => {
      const turn = turns.get(text) ?? turns.size;
      turns.set(text, turn);
      const point = cities[turn % Math.max(1, cities.length)];
      if (!point) throw new Error('the directory has no locations');
      return {
        near: point,
        ...(turn % 2 === 1 ? { radiusKm: 100 } : {}),
        ...(turn % 3 === 2 ? { text: '' } : { text }),
      };
    },
    (site) => {
      cities = citiesOf(site);
    },
  );
}

/** The directory's own cities, one point each (the first location seen of each). */
export function citiesOf(site: StoredSite): { latitude: number; longitude: number }[] {
  const seen = new Map<string, { latitude: number; longitude: number }>();
  for (const partner of site.partners) {
    for (const location of partner.record.locations ?? []) {
      seen.set(`${location.country}:${location.city}`, location);
    }
  }
  return [...seen.values()];
}

/**
 * The directory with one global filter (`all`) holding every partner, built as the server
 * builds a site, and its answers with nothing kept: each search is answered afresh.
 */
/** The section's criteria for a typed text: every partner ('all'), no items, a first page. */
export function textCriteria(text: string) {
  return { globalFilter: 'all', text, filterItemIds: [], offset: 0, resultsPerPage: 10 };
}

export async function buildAnsweringSite(site: StoredSite) {
  const built = await buildSite(
    {
      ...site,
      definitions: {
        ...site.definitions,
        globalFilters: [{ id: GLOBAL, name: 'all', position: 0, labels: {}, groupIds: [] }],
        defaultGlobalFilterId: GLOBAL,
      },
      partners: site.partners.map((partner) => ({
        ...partner,
        record: { ...partner.record, globalFilters: ['all'] },
      })),
    },
    { workerFrom: Infinity },
  );
  const unkept = <V extends object>(kind: string) =>
    new CacheKind<V>({ name: kind, maxEntries: 1 });
  const answers = new SiteAnswers(built, {
    ...answerCaches(),
    answers: unkept('answers'),
    firstPages: unkept('first-pages'),
    orderedIds: unkept('ordered-ids'),
  });
  return { built, answers };
}

/** An engine over SiteAnswers; `change` adds to each search's criteria. */
function answeringEngine(
  name: string,
  change: (text: string) => Partial<LocatedSearchCriteria>,
  onBuild: (site: StoredSite) => void = () => {},
): SearchEngine {
  let answers: SiteAnswers | undefined;
  return {
    name,
    async build(_docs, site) {
      onBuild(site);
      answers = (await buildAnsweringSite(site)).answers;
    },
    async search(text) {
      if (!answers) throw new Error('not built');
      const criteria = { ...textCriteria(text), ...change(text) };
      const answer = answers.answer(criteria, 'en-US');
      // Not judged for relevance (the cards carry no ordinals): only timed.
      return { top: [], total: answer.totalFound };
    },
    drop() {
      answers = undefined;
    },
  };
}

export function miniSearch(): SearchEngine {
  let index: MiniSearch<{ id: number } & BenchDocument> | undefined;
  return {
    name: 'MiniSearch 7.2',
    async build(docs) {
      index = new MiniSearch({
        fields: ['title', 'categories', 'summary'],
        processTerm: fold,
        searchOptions: {
          boost: { title: 3, categories: 2 },
          prefix: true,
          fuzzy: 0.2,
          combineWith: 'AND',
        },
      });
      index.addAll(docs.map((doc, id) => ({ id, ...doc })));
    },
    async search(text) {
      if (!index) throw new Error('not built');
      const results = index.search(text);
      return {
        top: results.slice(0, 10).map((result) => Number(result.id)),
        total: results.length,
      };
    },
    drop() {
      index = undefined;
    },
  };
}

export function orama(): SearchEngine {
  const schema = {
    ordinal: 'number',
    title: 'string',
    categories: 'string',
    summary: 'string',
  } as const;
  let db: ReturnType<typeof create<typeof schema>> | undefined;
  return {
    name: 'Orama 3.1',
    async build(docs) {
      db = create({ schema });
      await insertMultiple(
        db,
        docs.map((doc, ordinal) => ({
          ordinal,
          title: doc.title,
          categories: doc.categories,
          summary: doc.summary,
        })),
      );
    },
    async search(text) {
      if (!db) throw new Error('not built');
      const results = await oramaSearch(db, {
        term: text,
        properties: ['title', 'categories', 'summary'],
        boost: { title: 3, categories: 2 },
        tolerance: 1,
        // threshold stays at its default: threshold 0 (every term must match) made
        // accented and several-word searches find nothing in Orama 3.1.18.
        limit: 10,
      });
      return {
        top: results.hits.map((hit) => hit.document.ordinal),
        total: results.count,
      };
    },
    drop() {
      db = undefined;
    },
  };
}
