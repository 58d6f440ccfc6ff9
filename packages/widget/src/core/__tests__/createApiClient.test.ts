import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../ApiError';
import { createApiClient } from '../createApiClient';
import { FILTER_GROUPS_URL, SEARCH_URL, definitions, portal, searchAnswer } from './fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterAll(() => server.close());

const criteria = {
  globalFilter: 'technology',
  text: 'café',
  filterItemIds: [1, 2],
  offset: 10,
  resultsPerPage: 10,
};

/** Records the one request the test makes. */
function capture(method: 'get' | 'post', url: string, body: JsonBodyType) {
  const seen: { request: Request | null; body: unknown } = { request: null, body: undefined };
  server.use(
    http[method](url, async ({ request }) => {
      seen.request = request.clone();
      seen.body = method === 'post' ? await request.json() : undefined;
      return HttpResponse.json(body);
    }),
  );
  return seen;
}

describe('fetchFilterDefinitions', () => {
  it('GETs the filter groups of the scope with the locale and JSON headers', async () => {
    const seen = capture('get', FILTER_GROUPS_URL, definitions);
    const result = await createApiClient({ portal }).fetchFilterDefinitions();
    expect(result).toEqual(definitions);
    const request = seen.request;
    expect(request?.method).toBe('GET');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe('/o/preferred-partners/v1/20097/20121/filter-groups');
    expect(url.searchParams.get('locale')).toBe('fr-FR');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('accept-language')).toBe('fr-FR');
    expect(request?.credentials).toBe('same-origin');
    // Tokens are for state-changing calls only.
    expect(request?.headers.get('x-csrf-token')).toBeNull();
    expect(request?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('uses en-US when the portal gives no language id', async () => {
    const seen = capture('get', FILTER_GROUPS_URL, definitions);
    await createApiClient({ portal: { ...portal, languageId: '' } }).fetchFilterDefinitions();
    expect(new URL(seen.request?.url ?? '').searchParams.get('locale')).toBe('en-US');
    expect(seen.request?.headers.get('accept-language')).toBe('en-US');
  });

  it('rejects definitions of the wrong shape with a "shape" ApiError', async () => {
    capture('get', FILTER_GROUPS_URL, { globalFilters: [{ name: 'x' }], filterGroups: [] });
    const error = await createApiClient({ portal })
      .fetchFilterDefinitions()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'shape', status: 200 });
    expect(String(error)).toMatch(/filter-groups answered with an unexpected shape: globalFilters/);
  });
});

describe('searchPartners', () => {
  it('POSTs the criteria as JSON with both anti-forgery headers on the same origin', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('a b/c=')}`;
    const seen = capture('post', SEARCH_URL, searchAnswer(criteria));
    const result = await createApiClient({ portal }).searchPartners(criteria);
    expect(result.partners).toHaveLength(10);
    expect(seen.body).toEqual(criteria);
    const headers = seen.request?.headers;
    expect(new URL(seen.request?.url ?? '').search).toBe('?locale=fr-FR');
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.get('accept-language')).toBe('fr-FR');
    expect(headers?.get('x-xsrf-token')).toBe('a b/c=');
    expect(headers?.get('x-csrf-token')).toBe('liferay-token');
  });

  it('echoes a quoted cookie without its quotes, as the server reads it', async () => {
    document.cookie = 'XSRF-TOKEN="quoted-token"';
    const seen = capture('post', SEARCH_URL, searchAnswer(criteria));
    await createApiClient({ portal }).searchPartners(criteria);
    expect(seen.request?.headers.get('x-xsrf-token')).toBe('quoted-token');
  });

  it('sends no token header it has no token for', async () => {
    const seen = capture('post', SEARCH_URL, searchAnswer(criteria));
    await createApiClient({ portal: { ...portal, authToken: null } }).searchPartners(criteria);
    expect(seen.request?.headers.get('x-xsrf-token')).toBeNull();
    expect(seen.request?.headers.get('x-csrf-token')).toBeNull();
  });

  it('never sends the tokens to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=secret';
    const seen = capture('post', 'https://api.partners.example/*', searchAnswer(criteria));
    await createApiClient({
      portal: { ...portal, apiBaseUrl: 'https://api.partners.example/' },
    }).searchPartners(criteria);
    expect(seen.request?.url).toBe(
      'https://api.partners.example/o/preferred-partners/v1/20097/20121/search?locale=fr-FR',
    );
    expect(seen.request?.headers.get('x-xsrf-token')).toBeNull();
    expect(seen.request?.headers.get('x-csrf-token')).toBeNull();
  });

  it('encodes the scope ids in the path', async () => {
    const seen = capture('post', '*/search', searchAnswer(criteria));
    await createApiClient({
      portal: { ...portal, companyId: '1/2', scopeGroupId: '?x' },
    }).searchPartners(criteria);
    expect(new URL(seen.request?.url ?? '').pathname).toBe(
      '/o/preferred-partners/v1/1%2F2/%3Fx/search',
    );
  });

  it.each([
    [
      'http',
      () =>
        HttpResponse.json({ status: 'BAD_REQUEST', title: 'text is too long' }, { status: 400 }),
      'POST /o/preferred-partners/v1/20097/20121/search answered HTTP 400: text is too long',
    ],
    [
      'http',
      () => new HttpResponse('oops', { status: 502 }),
      'POST /o/preferred-partners/v1/20097/20121/search answered HTTP 502',
    ],
    [
      'notJson',
      () => new HttpResponse('<html></html>', { status: 200 }),
      'POST /o/preferred-partners/v1/20097/20121/search answered with a body that is not JSON',
    ],
    [
      'shape',
      () => HttpResponse.json({ ...searchAnswer(criteria), totalFound: -1 }),
      'POST /o/preferred-partners/v1/20097/20121/search answered with an unexpected shape: totalFound: less than 0',
    ],
    [
      'network',
      () => HttpResponse.error(),
      'POST /o/preferred-partners/v1/20097/20121/search failed: Failed to fetch',
    ],
  ])('turns a bad answer into a %s ApiError', async (kind, answer, message) => {
    server.use(http.post(SEARCH_URL, answer));
    const error = await createApiClient({ portal })
      .searchPartners(criteria)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind });
    // The words are a chunk (core/logTexts.ts): the error has them when it is thrown.
    expect(error instanceof Error ? error.message : '').toBe(message);
  });

  it('reports an aborted call as "aborted"', async () => {
    server.use(
      http.post(SEARCH_URL, async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json(searchAnswer(criteria));
      }),
    );
    const abort = new AbortController();
    const call = createApiClient({ portal }).searchPartners(criteria, abort.signal);
    abort.abort();
    // No words to load for it: its message is what was aborted.
    await expect(call).rejects.toMatchObject({
      kind: 'aborted',
      message: 'POST /o/preferred-partners/v1/20097/20121/search',
    });
  });

  it('reports an unusable apiBaseUrl as an ApiError', async () => {
    await expect(
      createApiClient({ portal: { ...portal, apiBaseUrl: 'http://[broken' } }).searchPartners(
        criteria,
      ),
    ).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      message: 'http://[broken/o/preferred-partners/v1/20097/20121/search is not a usable address',
    });
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      portal,
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify(searchAnswer(criteria)), { status: 200 });
      },
    });
    await client.searchPartners(criteria);
    expect(calls).toEqual([
      'http://localhost:3000/o/preferred-partners/v1/20097/20121/search?locale=fr-FR',
    ]);
  });
});
