import { describe, expect, it } from 'vitest';
import {
  filterDefinitionsSchema,
  filterGroupsPath,
  problemSchema,
  searchPath,
  searchResponseSchema,
} from '@partners-network/contract';
import { buildApp } from '../app';
import { MAIN, SAO_PAULO, ZURICH } from '../store/__tests__/storeFixture';
import type { PartnerStore } from '../store/PartnerStore';
import { useFixtureApp } from './useFixtureApp';

const TOKEN = 'test-token-123';
const XSRF = { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': TOKEN };

const fixture = useFixtureApp('app');

const validCriteria = {
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
};

function postSearch(
  body: unknown,
  options: { headers?: Record<string, string>; scope?: typeof MAIN; query?: string } = {},
) {
  return fixture.app.inject({
    method: 'POST',
    url: `${searchPath(options.scope ?? MAIN)}${options.query ?? '?locale=en-US'}`,
    headers: { 'content-type': 'application/json', ...XSRF, ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A problem body: exactly status and title, nothing that leaks internals. */
function expectProblem(payload: string, status: string): string {
  const parsed = problemSchema.parse(JSON.parse(payload));
  expect(Object.keys(JSON.parse(payload))).toEqual(['status', 'title']);
  expect(parsed.status).toBe(status);
  expect(parsed.title).not.toMatch(/\/work|node_modules|\.ts\b|\bat .*:\d+/);
  return parsed.title;
}

describe('GET filter-groups', () => {
  it('answers the filter definitions in the locale, never cached', async () => {
    const response = await fixture.app.inject({ url: `${filterGroupsPath(MAIN)}?locale=fr_FR` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = filterDefinitionsSchema.parse(response.json());
    expect(body.defaultGlobalFilter).toBe('solutions');
    expect(body.globalFilters[0]).toEqual({ name: 'tech', label: 'Partenaires technologiques' });
    expect(body.filterGroups.map((group) => group.name)).toEqual(['Niveau', 'Région']);
  });

  it('falls back to en-US without a locale and ignores other query parameters', async () => {
    const response = await fixture.app.inject({ url: `${filterGroupsPath(MAIN)}?foo=bar` });
    expect(response.statusCode).toBe(200);
    expect(filterDefinitionsSchema.parse(response.json()).filterGroups[0]?.name).toBe(
      'Partner level',
    );
  });

  it('answers 404 for an unknown company or site', async () => {
    for (const scope of [
      { companyId: 'nope', scopeGroupId: 'main' },
      { companyId: 'acme', scopeGroupId: 'nope' },
    ]) {
      const response = await fixture.app.inject({ url: filterGroupsPath(scope) });
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(expectProblem(response.payload, 'NOT_FOUND')).toMatch(/company .* site/);
    }
  });

  it('answers 400 for a locale given twice', async () => {
    const response = await fixture.app.inject({
      url: `${filterGroupsPath(MAIN)}?locale=en-US&locale=fr-FR`,
    });
    expect(response.statusCode).toBe(400);
    expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(/locale/);
  });
});

describe('POST search', () => {
  it('answers partners, count, groups and the applied criteria with error false', async () => {
    const response = await postSearch(
      { ...validCriteria, text: 'wolk', filterItemIds: [SAO_PAULO, 777] },
      { query: '?locale=de-DE' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = searchResponseSchema.parse(response.json());
    expect(body.error).toBe(false);
    expect(body.totalFound).toBe(1);
    expect(body.partners.map((partner) => partner.title)).toEqual(['Müller Wolke GmbH']);
    expect(body.filterGroups.map((group) => group.name)).toEqual([
      'Region',
      'Partnerstufe',
      'Industry',
    ]);
    expect(body.searchPartnersCriteria).toEqual({
      globalFilter: 'tech',
      text: 'wolk',
      filterItemIds: [SAO_PAULO],
      offset: 0,
      resultsPerPage: 10,
    });
  });

  it('sends counts, highlights and zero-result steps with the answer', async () => {
    const typo = searchResponseSchema.parse(
      (await postSearch({ ...validCriteria, text: 'mullr' })).json(),
    );
    expect(typo.partners.map((partner) => [partner.title, partner.highlights])).toEqual([
      ['Müller Cloud GmbH', { title: [[0, 6]], summary: [] }],
    ]);
    expect(typo.globalFilterCounts).toEqual([
      { name: 'tech', count: 1 },
      { name: 'solutions', count: 0 },
    ]);
    expect(typo.filterGroups[0]?.filterItems.map((item) => item.count)).toEqual([0, 1, 0]);
    expect(typo.zeroResultSteps).toBeUndefined();
    const none = searchResponseSchema.parse(
      (await postSearch({ ...validCriteria, text: 'mullr', filterItemIds: [ZURICH] })).json(),
    );
    expect(none.totalFound).toBe(0);
    expect(none.zeroResultSteps).toEqual([
      { remove: { filterItemId: ZURICH }, text: 'mullr', filterItemIds: [], totalFound: 1 },
      { remove: { text: 'mullr' }, text: '', filterItemIds: [ZURICH], totalFound: 12 },
    ]);
  });

  it('ignores unknown extra fields and accepts a charset in the content type', async () => {
    const response = await postSearch(
      { ...validCriteria, text: 'muller', sortBy: 'name', extra: { nested: true } },
      { headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
    expect(response.statusCode).toBe(200);
    expect(searchResponseSchema.parse(response.json()).partners).toHaveLength(1);
  });

  it('pages with offset and resultsPerPage', async () => {
    const first = searchResponseSchema.parse(
      (await postSearch({ ...validCriteria, resultsPerPage: 2 })).json(),
    );
    const second = searchResponseSchema.parse(
      (await postSearch({ ...validCriteria, offset: 2, resultsPerPage: 2 })).json(),
    );
    expect(first.partners.map((partner) => partner.title)).toEqual([
      'Müller Cloud GmbH',
      'São Paulo Digital',
    ]);
    expect(second.partners.map((partner) => partner.title)).toEqual([
      'Société Générale Conseil',
      'Filler Partner 1',
    ]);
    expect(second.totalFound).toBe(first.totalFound);
  });

  it('answers 404 for an unknown site', async () => {
    const response = await postSearch(validCriteria, {
      scope: { companyId: 'acme', scopeGroupId: 'elsewhere' },
    });
    expect(response.statusCode).toBe(404);
    expectProblem(response.payload, 'NOT_FOUND');
  });

  describe('anti-forgery', () => {
    it.each([
      ['no cookie and no header', { cookie: '', 'x-xsrf-token': '' }],
      ['a header but no cookie', { cookie: 'other=1', 'x-xsrf-token': TOKEN }],
      ['a cookie but no header', { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': '' }],
      ['a header that differs', { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': 'forged' }],
      ['an empty cookie and header', { cookie: 'XSRF-TOKEN=', 'x-xsrf-token': '' }],
      // Compared character by character in constant time: every position counts.
      [
        'a header that differs in its last character only',
        { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': `${TOKEN.slice(0, -1)}~` },
      ],
      ['a header that is the start of the cookie', { 'x-xsrf-token': TOKEN.slice(0, -1) }],
      ['a header longer than the cookie', { 'x-xsrf-token': `${TOKEN}a` }],
    ])('answers 403 with %s', async (_, headers) => {
      const response = await postSearch(validCriteria, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(expectProblem(response.payload, 'FORBIDDEN')).toMatch(/X-XSRF-TOKEN/);
    });

    it('checks the token before anything else in the request', async () => {
      const response = await postSearch('{not json', { headers: { 'x-xsrf-token': 'forged' } });
      expect(response.statusCode).toBe(403);
    });

    it.each([
      ['in double quotes', `XSRF-TOKEN="${TOKEN}"`, TOKEN],
      ['URL-encoded', `XSRF-TOKEN=${encodeURIComponent('a/b+c=d')}`, 'a/b+c=d'],
    ])('accepts a cookie %s, as the widget reads it', async (_, cookie, header) => {
      const response = await postSearch(validCriteria, {
        headers: { cookie, 'x-xsrf-token': header },
      });
      expect(response.statusCode).toBe(200);
    });

    it('accepts the token among other cookies', async () => {
      const response = await postSearch(validCriteria, {
        headers: { cookie: `a=1; XSRF-TOKEN=${TOKEN}; b=2` },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('bad input answers 400 naming the problem', () => {
    it.each([
      ['text over 150 characters', { text: 'a'.repeat(151) }, /text is longer than 150/],
      ['text with characters outside the set', { text: 'cloud<script>' }, /text has characters/],
      ['a negative offset', { offset: -1 }, /offset must be 0 or more/],
      ['resultsPerPage 0', { resultsPerPage: 0 }, /resultsPerPage must be between 1 and 100/],
      ['resultsPerPage 101', { resultsPerPage: 101 }, /resultsPerPage must be between 1 and 100/],
      ['offset as a string', { offset: '1' }, /offset must be a number/],
      ['a fractional offset', { offset: 1.5 }, /offset must be an integer/],
      ['text as a number', { text: 5 }, /text must be a string/],
      ['filter ids that are not integers', { filterItemIds: ['40001'] }, /filterItemIds\[0\]/],
      ['filter ids not in a list', { filterItemIds: 40001 }, /filterItemIds must be an array/],
      ['a missing field', { globalFilter: undefined }, /globalFilter is required/],
    ])('%s', async (_, change, title) => {
      const response = await postSearch({ ...validCriteria, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(title);
    });

    it.each([
      ['malformed JSON', '{"globalFilter": ', /not valid JSON/],
      ['an empty body', '', /empty/],
      ['null', 'null', /request body must be an object/],
      ['an array', '[]', /request body must be an object/],
      ['a prototype attack', '{"__proto__": {"x": 1}}', /not valid JSON/],
    ])('%s', async (_, payload, title) => {
      const response = await postSearch(payload);
      expect(response.statusCode).toBe(400);
      expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(title);
    });

    it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['']])(
      'content type "%s"',
      async (contentType) => {
        const response = await postSearch(validCriteria, {
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode).toBe(400);
        expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(
          /Content-Type must be application\/json/,
        );
      },
    );

    it('an oversized body', async () => {
      const response = await postSearch({ ...validCriteria, padding: 'x'.repeat(20_000) });
      expect(response.statusCode).toBe(400);
      expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(/too large/);
    });

    it('a locale longer than any real one', async () => {
      const response = await postSearch(validCriteria, { query: `?locale=${'x'.repeat(65)}` });
      expect(response.statusCode).toBe(400);
      expect(expectProblem(response.payload, 'BAD_REQUEST')).toMatch(/locale/);
    });
  });
});

describe('other answers', () => {
  it('answers 404 in the problem format for an unknown path', async () => {
    const response = await fixture.app.inject({ url: '/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(expectProblem(response.payload, 'NOT_FOUND')).toBe('no resource at GET /no/such/thing');
  });

  it('answers a malformed address with 400 in the problem format', async () => {
    const response = await fixture.app.inject({
      url: '/o/preferred-partners/v1/%E0%A4%A/main/filter-groups',
    });
    expect(response.statusCode).toBe(400);
    expectProblem(response.payload, 'BAD_REQUEST');
  });

  it('answers a GET on the search path with 404, not a crash', async () => {
    const response = await fixture.app.inject({ url: searchPath(MAIN) });
    expect(response.statusCode).toBe(404);
  });

  it('reports health', async () => {
    const response = await fixture.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'UP' });
  });
});

describe('when the store fails', () => {
  const failing: PartnerStore = {
    hasScope: () => Promise.reject(new Error('disk I/O error at /var/secret/db.ts:12')),
    getFilterDefinitions: () => Promise.reject(new Error('disk I/O error at /var/secret/db.ts')),
    search: () => Promise.reject(new Error('disk I/O error at /var/secret/db.ts')),
    importDirectory: () => Promise.reject(new Error('no')),
    isEmpty: () => Promise.reject(new Error('disk I/O error at /var/secret/db.ts')),
    close: () => Promise.resolve(),
  };

  it('answers 500 without any internal detail, and 503 on health', async () => {
    const broken = await buildApp({ store: failing });
    const definitions = await broken.inject({ url: filterGroupsPath(MAIN) });
    expect(definitions.statusCode).toBe(500);
    expect(definitions.payload).not.toContain('secret');
    expectProblem(definitions.payload, 'INTERNAL_SERVER_ERROR');
    const searchResponse = await broken.inject({
      method: 'POST',
      url: searchPath(MAIN),
      headers: { 'content-type': 'application/json', ...XSRF },
      payload: JSON.stringify(validCriteria),
    });
    expect(searchResponse.statusCode).toBe(500);
    expect(searchResponse.payload).not.toContain('secret');
    const health = await broken.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    await broken.close();
  });
});

describe('over a real port', () => {
  it('serves both calls to fetch', async () => {
    const served = await buildApp({ store: fixture.store });
    const address = await served.listen({ port: 0, host: '127.0.0.1' });
    try {
      const definitions = await fetch(`${address}${filterGroupsPath(MAIN)}?locale=en-US`);
      expect(definitions.status).toBe(200);
      const { defaultGlobalFilter } = filterDefinitionsSchema.parse(await definitions.json());
      const response = await fetch(`${address}${searchPath(MAIN)}?locale=en-US`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...XSRF },
        body: JSON.stringify({ ...validCriteria, globalFilter: defaultGlobalFilter }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = searchResponseSchema.parse(await response.json());
      expect(body.searchPartnersCriteria.globalFilter).toBe('solutions');
      expect(body.totalFound).toBe(3);
    } finally {
      await served.close();
    }
  });
});

describe('closing', () => {
  it('lets an in-flight request finish before close resolves', async () => {
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow: PartnerStore = {
      ...fixture.store,
      hasScope: (scope) => fixture.store.hasScope(scope),
      getFilterDefinitions: async (scope, locale) => {
        arrived();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return fixture.store.getFilterDefinitions(scope, locale);
      },
      search: (scope, criteria, locale) => fixture.store.search(scope, criteria, locale),
      importDirectory: (data) => fixture.store.importDirectory(data),
      isEmpty: () => fixture.store.isEmpty(),
      close: () => Promise.resolve(),
    };
    const served = await buildApp({ store: slow });
    const address = await served.listen({ port: 0, host: '127.0.0.1' });
    const response = fetch(`${address}${filterGroupsPath(MAIN)}`);
    await requestArrived;
    let closed = false;
    const closing = served.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    expect((await response).status).toBe(200);
    await closing;
    expect(closed).toBe(true);
  });
});
