import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locatedSearchCriteriaSchema } from '@partners-network/contract';
import { RecentJsonBodies } from '../RecentJsonBodies';

let app: FastifyInstance;
let checks = 0;
const seen: unknown[] = [];

beforeAll(async () => {
  app = Fastify();
  await app.register(async (plugin) => {
    const bodies = new RecentJsonBodies((body) => {
      checks += 1;
      return locatedSearchCriteriaSchema.safeParse(body);
    });
    bodies.register(plugin);
    plugin.post('/search', async (request, reply) => {
      const criteria = bodies.check(request.body);
      if (!criteria.success) return reply.code(400).send({ refused: true });
      seen.push(criteria.data);
      return { text: criteria.data.text };
    });
  });
  // Outside the plugin: Fastify's own JSON parser, untouched.
  app.post('/elsewhere', async (request) => ({ frozen: Object.isFrozen(request.body) }));
});

afterAll(async () => {
  await app.close();
});

const criteria = {
  globalFilter: 'all',
  text: 'cloud',
  filterItemIds: [3],
  offset: 0,
  resultsPerPage: 10,
};
const post = (url: string, payload: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('RecentJsonBodies', () => {
  it('checks an identical body once and hands out the same frozen criteria', async () => {
    const before = checks;
    const first = await post('/search', JSON.stringify(criteria));
    const second = await post('/search', JSON.stringify(criteria));
    expect(first.json()).toEqual({ text: 'cloud' });
    expect(second.json()).toEqual({ text: 'cloud' });
    expect(checks - before).toBe(1);
    const [one, two] = seen.slice(-2);
    expect(one).toBe(two);
    expect(Object.isFrozen(one)).toBe(true);
    expect(() => {
      if (
        typeof one === 'object' &&
        one &&
        'filterItemIds' in one &&
        Array.isArray(one.filterItemIds)
      )
        one.filterItemIds.push(4);
    }).toThrow(TypeError);
  });

  it('refuses a refused body every time it comes, and checks a new text anew', async () => {
    const bad = JSON.stringify({ ...criteria, resultsPerPage: 0 });
    expect((await post('/search', bad)).statusCode).toBe(400);
    expect((await post('/search', bad)).statusCode).toBe(400);
    const before = checks;
    expect((await post('/search', JSON.stringify({ ...criteria, text: 'data' }))).json()).toEqual({
      text: 'data',
    });
    expect(checks - before).toBe(1);
  });

  it.each([
    ['malformed JSON', '{"text": '],
    ['an empty body', ''],
    ['a poisoned prototype', '{"__proto__": {"polluted": true}}'],
  ])('answers %s as Fastify does, kept or not', async (_name, payload) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post('/search', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400 });
    }
  });

  it('leaves the JSON parser of routes outside its plugin alone', async () => {
    expect((await post('/elsewhere', JSON.stringify(criteria))).json()).toEqual({ frozen: false });
  });
});
