/**
 * A small admin API for component tests (MSW): two sites, a few partners, and every
 * request recorded with its headers, so a test can check what the console sent. Answers
 * have the contract's shapes; the real API is tested on real databases in packages/server.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type {
  AdminSiteDefinitions,
  ImportReport,
  Insights,
  PartnerAnswer,
  Scope,
  TuningPreviewAnswer,
  SiteTuning,
} from '@partners-network/contract';
import {
  ADMIN_SITES_PATH,
  exportPath,
  importPath,
  insightsPath,
  partnersPath,
  siteDefinitionsPath,
  siteTuningSchema,
  tuningPath,
  tuningPreviewPath,
  tuningPreviewSchema,
} from '@partners-network/contract';

export const TOKEN = 'right-token';
export const MAIN: Scope = { companyId: '20097', scopeGroupId: '20121' };
export const SECOND: Scope = { companyId: '20097', scopeGroupId: '20122' };

export const DEFINITIONS: AdminSiteDefinitions = {
  locales: ['en-US', 'fr-FR'],
  globalFilters: [
    { name: 'solution-partners', label: { 'en-US': 'Solution Partners' } },
    { name: 'technology-partners', label: { 'en-US': 'Technology Partners' } },
  ],
  defaultGlobalFilter: 'solution-partners',
  filterGroups: [
    {
      key: 'region',
      name: { 'en-US': 'Region' },
      showAsCategory: false,
      filterItems: [
        { id: 40001, name: { 'en-US': 'Western Europe' } },
        { id: 40002, name: { 'en-US': 'Nordics', 'fr-FR': 'Pays nordiques' } },
      ],
    },
    {
      key: 'level',
      name: { 'en-US': 'Partner level' },
      showAsCategory: true,
      filterItems: [{ id: 40301, name: { 'en-US': 'Gold' } }],
    },
  ],
};

export function partner(slug: string, title: string, position: number): PartnerAnswer {
  return {
    slug,
    title: { 'en-US': title },
    summary: {},
    url: `/partners/${slug}`,
    imageUrl: `/partner-assets/logos/${slug}.svg`,
    position,
    globalFilters: ['solution-partners'],
    filterItemIds: [],
  };
}

export interface Recorded {
  method: string;
  url: URL;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

export interface FakeApi {
  requests: Recorded[];
  partners: PartnerAnswer[];
  /** The next import dry run's answer. */
  report: ImportReport;
  /** The site's saved tuning. */
  tuning: SiteTuning;
  /** The answer of GET …/insights (its period and locale are those asked). */
  insights: Insights;
  handlers: ReturnType<typeof http.get>[];
}

/** Three days of a site's counts, every list with an entry or two. */
export const INSIGHTS: Insights = {
  from: '2026-03-01',
  to: '2026-03-03',
  locale: null,
  locales: ['en-US', 'fr-FR'],
  minTextCount: 3,
  totals: {
    searches: 40,
    zeroResults: 10,
    zeroResultRate: 0.25,
    clicks: 12,
    clickThroughRate: 0.4,
    otherSearches: 7,
    redactedSearches: 2,
    otherZeroResultSearches: 1,
  },
  days: [
    { day: '2026-03-01', searches: 10, zeroResults: 2 },
    { day: '2026-03-02', searches: 0, zeroResults: 0 },
    { day: '2026-03-03', searches: 30, zeroResults: 8 },
  ],
  topSearches: [
    { text: 'cloud', searches: 20, zeroResults: 0, clicks: 9 },
    { text: '<b>kubernetes</b>', searches: 9, zeroResults: 9, clicks: 0 },
  ],
  zeroResultSearches: [
    {
      text: '<b>kubernetes</b>',
      globalFilter: { name: 'solution-partners', label: 'Solution Partners' },
      filterItems: [{ id: 40002, name: 'Nordics', group: 'Region' }],
      searches: 9,
    },
  ],
  filterItems: [
    {
      globalFilter: { name: 'solution-partners', label: 'Solution Partners' },
      id: 40002,
      name: 'Nordics',
      group: 'Region',
      searches: 11,
      zeroResults: 9,
    },
  ],
  partners: [
    { partnerId: 1, slug: 'partner-1', title: 'Partner 01', clicks: 8 },
    { partnerId: 99, slug: null, title: null, clicks: 4 },
  ],
  positions: [
    { position: 1, clicks: 8, rate: 0.2667 },
    { position: 2, clicks: 4, rate: 0.1333 },
  ],
};

/** The site's insights once its counts are erased. */
const EMPTY_INSIGHTS: Insights = {
  ...INSIGHTS,
  locales: [],
  totals: {
    searches: 0,
    zeroResults: 0,
    zeroResultRate: 0,
    clicks: 0,
    clickThroughRate: 0,
    otherSearches: 0,
    redactedSearches: 0,
    otherZeroResultSearches: 0,
  },
  days: INSIGHTS.days.map((day) => ({ ...day, searches: 0, zeroResults: 0 })),
  topSearches: [],
  zeroResultSearches: [],
  filterItems: [],
  partners: [],
  positions: [],
};

const emptyReport: ImportReport = {
  mode: 'upsert',
  rows: 0,
  added: [],
  addedCount: 0,
  changed: [],
  changedCount: 0,
  unchangedCount: 0,
  removed: [],
  removedCount: 0,
  problems: [],
  problemCount: 0,
};

const unauthorized = () =>
  HttpResponse.json(
    { status: 'UNAUTHORIZED', title: 'a valid admin token is required' },
    { status: 401 },
  );

export function fakeAdminApi(count = 30): FakeApi {
  const api: FakeApi = {
    requests: [],
    partners: Array.from({ length: count }, (_, index) =>
      partner(
        `partner-${index + 1}`,
        `Partner ${String(index + 1).padStart(2, '0')}`,
        (index + 1) * 10,
      ),
    ),
    report: emptyReport,
    tuning: { synonymSets: [], queryRules: [] },
    insights: INSIGHTS,
    handlers: [],
  };
  const record = async (request: Request) => {
    api.requests.push({
      method: request.method,
      url: new URL(request.url),
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body: request.method === 'GET' ? '' : await request.clone().text(),
    });
    return request.headers.get('authorization') === `Bearer ${TOKEN}`;
  };
  api.handlers = [
    http.get(ADMIN_SITES_PATH, async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      return HttpResponse.json({
        sites: [
          { ...MAIN, partnerCount: api.partners.length },
          { ...SECOND, partnerCount: 3 },
        ],
      });
    }),
    http.get(`${siteDefinitionsPath(MAIN)}`, async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      return HttpResponse.json(DEFINITIONS);
    }),
    http.get(siteDefinitionsPath(SECOND), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      return HttpResponse.json(DEFINITIONS);
    }),
    http.get(`/o/preferred-partners/v1/:company/:site/partners`, async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const sort = url.searchParams.get('sort');
      let found = api.partners.filter((p) => (p.title['en-US'] ?? '').toLowerCase().includes(q));
      if (sort === 'title') {
        found = [...found].sort((a, b) =>
          (a.title['en-US'] ?? '').localeCompare(b.title['en-US'] ?? ''),
        );
      }
      if (url.searchParams.get('order') === 'desc') found = [...found].reverse();
      return HttpResponse.json({
        partners: found.slice(offset, offset + limit),
        total: found.length,
        offset,
        limit,
      });
    }),
    http.get(`${partnersPath(MAIN)}/:slug`, async ({ request, params }) => {
      if (!(await record(request))) return unauthorized();
      const found = api.partners.find((p) => p.slug === params.slug);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ status: 'NOT_FOUND', title: 'no partner' }, { status: 404 });
    }),
    http.put(`${partnersPath(MAIN)}/:slug`, async ({ request, params }) => {
      if (!(await record(request))) return unauthorized();
      const exists = api.partners.some((p) => p.slug === params.slug);
      return HttpResponse.json({}, { status: exists ? 200 : 201 });
    }),
    http.delete(`${partnersPath(MAIN)}/:slug`, async ({ request, params }) => {
      if (!(await record(request))) return unauthorized();
      api.partners = api.partners.filter((p) => p.slug !== params.slug);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(importPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      if (new URL(request.url).searchParams.get('dryRun') === 'true') {
        return HttpResponse.json(api.report);
      }
      return HttpResponse.json({
        sites: 1,
        partnersCreated: api.report.addedCount,
        partnersUpdated: api.report.changedCount,
      });
    }),
    http.get(insightsPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      const url = new URL(request.url);
      return HttpResponse.json({
        ...api.insights,
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        locale: url.searchParams.get('locale'),
      });
    }),
    http.delete(insightsPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      api.insights = EMPTY_INSIGHTS;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(tuningPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      return HttpResponse.json(api.tuning);
    }),
    http.put(tuningPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      const parsed = siteTuningSchema.safeParse(await request.json());
      if (!parsed.success) {
        return HttpResponse.json({ status: 'BAD_REQUEST', title: 'bad tuning' }, { status: 400 });
      }
      api.tuning = parsed.data;
      return HttpResponse.json(api.tuning);
    }),
    http.post(tuningPreviewPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      const parsed = tuningPreviewSchema.safeParse(await request.json());
      if (!parsed.success) {
        return HttpResponse.json({ status: 'BAD_REQUEST', title: 'bad preview' }, { status: 400 });
      }
      return HttpResponse.json(
        previewAnswer(api.partners, parsed.data.tuning, parsed.data.criteria.text),
      );
    }),
    http.get(exportPath(MAIN), async ({ request }) => {
      if (!(await record(request))) return unauthorized();
      return new HttpResponse('slug,title\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="partners-20097-20121.csv"',
        },
      });
    }),
  ];
  return api;
}

/**
 * A small stand-in for the server's tuned search: a title holds the text or one of its
 * synonyms; a rule's pinned partners first (their positions named), its hidden ones left out. Enough for the view's
 * tests to tell the draft was used; the real one is tested in packages/server.
 */
function previewAnswer(
  partners: readonly PartnerAnswer[],
  tuning: SiteTuning,
  text: string,
): TuningPreviewAnswer {
  const query = text.trim().toLowerCase();
  const words = new Set([query]);
  for (const set of tuning.synonymSets) {
    const phrases = set.kind === 'equivalent' ? set.phrases : [set.from];
    const found = set.kind === 'equivalent' ? set.phrases : set.to;
    if (phrases.some((phrase) => phrase.toLowerCase() === query)) {
      for (const phrase of found) words.add(phrase.toLowerCase());
    }
  }
  const rule = tuning.queryRules.find((candidate) => candidate.query.toLowerCase() === query);
  const titleOf = (partner: PartnerAnswer) => partner.title['en-US'] ?? partner.slug;
  const matching = partners.filter((partner) =>
    [...words].some((word) => titleOf(partner).toLowerCase().includes(word)),
  );
  const pinned = (rule?.pinned ?? []).flatMap((slug) => partners.filter((p) => p.slug === slug));
  const shown = [...pinned, ...matching.filter((p) => !pinned.includes(p))].filter(
    (partner) => !(rule?.hidden ?? []).includes(partner.slug),
  );
  const page = shown.slice(0, 10);
  return {
    partners: page.map((partner) => ({
      image: { url: partner.imageUrl },
      categories: [],
      title: titleOf(partner),
      summary: partner.summary['en-US'] ?? '',
      url: partner.url,
    })),
    totalFound: shown.length,
    error: false,
    filterGroups: [],
    searchPartnersCriteria: { text, filterItemIds: [] },
    pinnedPositions: page.flatMap((partner, at) => (pinned.includes(partner) ? [at] : [])),
  };
}

/** The recorded requests to a path, by method. */
export function requestsTo(api: FakeApi, method: string, path: string): Recorded[] {
  return api.requests.filter(
    (request) => request.method === method && request.url.pathname === path,
  );
}

/**
 * The fake API for a test file: an MSW server listening for the whole file, a fresh API
 * (its partners, its recorded requests) for each test. `server.use()` overrides an answer.
 */
export function serveFakeAdminApi(count?: number) {
  const server = setupServer();
  let api: FakeApi | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    api = fakeAdminApi(count);
    server.use(...api.handlers);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    server,
    get api(): FakeApi {
      if (!api) throw new Error('the fake admin API starts before each test');
      return api;
    },
  };
}
