import { createServer } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { filterGroupsPath, problemSchema, searchPath } from '@partners-network/contract';
import { MAIN } from '../../store/__tests__/storeFixture';
import { useFixtureApp } from '../../__tests__/useFixtureApp';
import { buildApp } from '../../app';
import type { ContentSecurityPolicyDirectives } from '../securityHeaders';
import { API_CONTENT_SECURITY_POLICY, helmetOptions } from '../securityHeaders';

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
  // Up to 64 characters an id could be a site's: 404. Longer, no site can have it: a 400
  // that names the parameter (http/checkScopeIds.ts), past 8192 the router's own 400.
  it.each([
    [1, 404],
    [64, 404],
    [65, 400],
    [201, 400],
    [5_000, 400],
    [12_000, 400],
  ])('answers an id of %i characters with %i', async (length, status) => {
    const id = 'x'.repeat(length);
    for (const [name, scope] of [
      ['companyId', { ...MAIN, companyId: id }],
      ['scopeGroupId', { ...MAIN, scopeGroupId: id }],
    ] as const) {
      const definitions = await fixture.app.inject({ url: filterGroupsPath(scope) });
      expect(definitions.statusCode).toBe(status);
      const problem = problemSchema.parse(definitions.json());
      expect(problem.status).toBe(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      if (status === 400 && length <= 8192) expect(problem.title).toMatch(new RegExp(`^${name} `));
      expectSecurityHeaders(definitions);
      const searched = await fixture.app.inject({ ...search(XSRF), url: searchPath(scope) });
      expect(searched.statusCode).toBe(status);
      // The title names the ids but never echoes kilobytes of them.
      expect(problemSchema.parse(searched.json()).title.length).toBeLessThan(300);
    }
  });
});

/** What helmet's own middleware sets, on a real answer of a plain Node server. */
async function helmetsOwnHeaders(policy: ContentSecurityPolicyDirectives) {
  const middleware = helmet(helmetOptions(policy));
  const server = createServer((request, response) => {
    middleware(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const plainNode = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    return Object.fromEntries([...answer.headers].filter(([name]) => !plainNode.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the security headers are helmet's own, computed once", () => {
  it("an answer carries exactly what helmet's middleware sets, for the API's policy", async () => {
    const expected = await helmetsOwnHeaders(API_CONTENT_SECURITY_POLICY);
    const response = await fixture.app.inject({ url: '/healthz' });
    for (const [name, value] of Object.entries(expected)) {
      expect([name, response.headers[name]]).toEqual([name, value]);
    }
    expect(Object.keys(expected)).toContain('content-security-policy');
  });

  it("and for a host's own policy, on its pages as on the API", async () => {
    const policy = { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] };
    const expected = await helmetsOwnHeaders(policy);
    const store = fixture.store;
    const app = await buildApp({ store, contentSecurityPolicy: policy });
    app.get('/host-page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    try {
      for (const url of ['/host-page', filterGroupsPath(MAIN)]) {
        const response = await app.inject({ url });
        for (const [name, value] of Object.entries(expected)) {
          expect([url, name, response.headers[name]]).toEqual([url, name, value]);
        }
      }
    } finally {
      await app.close();
    }
  });
});
