import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { filterGroupsPath, problemSchema, searchPath } from '@partners-network/contract';
import { MAIN } from '../../store/__tests__/storeFixture';
import { useFixtureApp } from '../../__tests__/useFixtureApp';

const XSRF = { cookie: 'XSRF-TOKEN=t0k', 'x-xsrf-token': 't0k' };
const CRITERIA = {
  globalFilter: 'tech',
  text: '',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 5,
};

const fixture = useFixtureApp('headers');

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers).not.toHaveProperty('x-powered-by');
  expect(response.headers['x-request-id']).toMatch(/^[\w.:-]{1,128}$/);
}

const search = (headers: Record<string, string>, body: unknown = CRITERIA) => ({
  method: 'POST' as const,
  url: `${searchPath(MAIN)}?locale=en-US`,
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify(body),
});

describe('every kind of answer carries the security headers', () => {
  it.each([
    ['API 200 (filter groups)', { url: filterGroupsPath(MAIN) }, 200],
    ['API 200 (search)', search(XSRF), 200],
    ['API 400 (bad criteria)', search(XSRF, { ...CRITERIA, offset: -1 }), 400],
    ['API 403 (no anti-forgery token)', search({}), 403],
    ['API 404 (unknown site)', { url: filterGroupsPath({ ...MAIN, scopeGroupId: '1' }) }, 404],
    ['404 (no route)', { url: '/nothing/here' }, 404],
    ['400 (malformed address)', { url: '/o/preferred-partners/v1/%E0%A4%A/x/filter-groups' }, 400],
    ['/healthz', { url: '/healthz' }, 200],
    ['/readyz', { url: '/readyz' }, 200],
    ['logo', { url: '/partner-assets/logos/acme-gmbh.svg' }, 200],
  ])('%s', async (_name, request, status) => {
    const response = await fixture.app.inject(request);
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response);
  });
});

describe('an id of any length that names no company or site', () => {
  it.each([1, 150, 201, 5_000, 12_000])(
    'answers 404 for an id of %i characters',
    async (length) => {
      const id = 'x'.repeat(length);
      for (const scope of [
        { ...MAIN, companyId: id },
        { ...MAIN, scopeGroupId: id },
      ]) {
        const definitions = await fixture.app.inject({ url: filterGroupsPath(scope) });
        expect(definitions.statusCode).toBe(404);
        expect(problemSchema.parse(definitions.json()).status).toBe('NOT_FOUND');
        expectSecurityHeaders(definitions);
        const searched = await fixture.app.inject({ ...search(XSRF), url: searchPath(scope) });
        expect(searched.statusCode).toBe(404);
        // The title names the ids but never echoes kilobytes of them.
        expect(problemSchema.parse(searched.json()).title.length).toBeLessThan(300);
      }
    },
  );
});
