/** Fuzzing both calls with fast-check: whatever a client sends, the answer is 200 or a 4xx problem. */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { API_BASE_PATH, problemSchema, searchResponseSchema } from '@partners-network/contract';
import { MAIN } from '../store/__tests__/storeFixture';
import { useFixtureApp } from './useFixtureApp';

const fixture = useFixtureApp('fuzz');

function expectAnswered(response: LightMyRequestResponse): void {
  expect(
    response.statusCode === 200 || (response.statusCode >= 400 && response.statusCode < 500),
  ).toBe(true);
  if (response.statusCode === 200) return;
  expect(problemSchema.safeParse(response.json()).success).toBe(true);
}

const anyValue = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.integer(), fc.double());
/** Criteria-like objects: each field anything, sometimes close to valid, sometimes missing. */
const criteriaLike = fc.record(
  {
    globalFilter: fc.oneof(fc.constantFrom('', 'tech', 'solutions', 'TECH'), fc.string(), anyValue),
    text: fc.oneof(
      fc.constantFrom('', 'cloud', 'data an', 'zür'),
      fc.string({ unit: 'binary' }),
      anyValue,
    ),
    filterItemIds: fc.oneof(
      fc.array(fc.oneof(fc.integer(), fc.double(), anyValue), { maxLength: 600 }),
      anyValue,
    ),
    offset: fc.oneof(fc.nat(), fc.integer(), fc.double(), anyValue),
    resultsPerPage: fc.oneof(fc.integer({ min: -5, max: 200 }), anyValue),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  criteriaLike.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 2000 }),
);
const id = fc.oneof(
  fc.constantFrom(MAIN.companyId, MAIN.scopeGroupId),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const locale = fc.oneof(
  fc.constantFrom('', 'fr_FR', 'de-de', 'pt-BR', 'xx'),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

it('any JSON body to the search answers 200 or a 4xx problem, never 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(body, locale, fc.boolean(), async (payload, loc, validScope) => {
      const response = await fixture.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/${validScope ? MAIN.companyId : 'x'}/${MAIN.scopeGroupId}/search?locale=${encodeURIComponent(loc)}`,
        headers: {
          'content-type': 'application/json',
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
        },
        payload,
      });
      expectAnswered(response);
      if (response.statusCode === 200) searchResponseSchema.parse(response.json());
    }),
    { numRuns: 1500 },
  );
});

it('any ids, locale and body to either call answer 200 or a 4xx problem, never 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      id,
      id,
      locale,
      fc.constantFrom(['GET', 'filter-groups'] as const, ['POST', 'search'] as const),
      body,
      async (company, site, loc, call, payload) => {
        const [method, name] = call;
        const response = await fixture.app.inject({
          method,
          url: `${API_BASE_PATH}/${encodeURIComponent(company)}/${encodeURIComponent(site)}/${name}?locale=${encodeURIComponent(loc)}`,
          headers: {
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=t',
            'x-xsrf-token': 't',
          },
          ...(method === 'POST' ? { payload } : {}),
        });
        expectAnswered(response);
      },
    ),
    { numRuns: 1000 },
  );
});
