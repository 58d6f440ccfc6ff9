/** The admin API's tuning calls over a real SQLite file, through Fastify's inject. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  problemSchema,
  siteTuningSchema,
  tuningPreviewAnswerSchema,
} from '@partners-network/contract';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import { openSqliteStore } from '../../service/openStore';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';

const folder = mkdtempSync(join(tmpdir(), 'partners-admin-tuning-'));
const TOKEN = 'tuning-secret-token';
const tuningUrl = `${API_BASE_PATH}/${MAIN.companyId}/${MAIN.scopeGroupId}/tuning`;
const auth = { authorization: `Bearer ${TOKEN}` };
let store: SearchService;
let app: FastifyInstance;

beforeAll(async () => {
  store = openSqliteStore({ path: join(folder, 'tuning.db') });
  await store.importDirectory(storeFixture());
  app = await buildApp({ store, service: store, adminTokens: [TOKEN] });
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

const criteria = {
  globalFilter: 'tech',
  text: 'kubernetes',
  filterItemIds: [],
  offset: 0,
  resultsPerPage: 10,
};
const tuning = {
  synonymSets: [{ kind: 'oneWay', from: 'kubernetes', to: ['data platforms'] }],
  queryRules: [{ query: 'cloud', pinned: ['filler-partner-3'], hidden: [] }],
};

describe('the admin tuning calls', () => {
  it('answer 401 without the admin token, and 404 for an unknown site', async () => {
    const anonymous = await app.inject({ url: tuningUrl });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await app.inject({
      url: `${API_BASE_PATH}/acme/nowhere/tuning`,
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuse a bad tuning naming its field, and a partner the site does not have', async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: tuningUrl,
      headers: auth,
      payload: { synonymSets: [{ kind: 'equivalent', phrases: ['only one'] }], queryRules: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(problemSchema.parse(bad.json()).title).toMatch(/synonymSets\[0\]\.phrases/);
    const unknownSlug = await app.inject({
      method: 'PUT',
      url: tuningUrl,
      headers: auth,
      payload: { synonymSets: [], queryRules: [{ query: 'x', pinned: ['nobody'], hidden: [] }] },
    });
    expect(unknownSlug.statusCode).toBe(400);
    expect(problemSchema.parse(unknownSlug.json()).title).toMatch(
      /queryRules\.0\.pinned\.0: no partner with slug nobody/,
    );
  });

  it('previews a tuning, then saves it for every visitor', async () => {
    const preview = await app.inject({
      method: 'POST',
      url: `${tuningUrl}/preview?locale=en-US`,
      headers: auth,
      payload: { tuning, criteria },
    });
    expect(preview.statusCode).toBe(200);
    const previewed = tuningPreviewAnswerSchema.parse(preview.json());
    expect(previewed.partners.map((partner) => partner.title)).toEqual(['Müller Cloud GmbH']);
    expect(previewed.pinnedPositions).toEqual([]);
    expect((await store.search(MAIN, criteria, 'en-US'))?.totalFound).toBe(0);

    const saved = await app.inject({
      method: 'PUT',
      url: tuningUrl,
      headers: auth,
      payload: tuning,
    });
    expect(saved.statusCode).toBe(200);
    expect(siteTuningSchema.parse(saved.json())).toEqual(tuning);
    const read = await app.inject({ url: tuningUrl, headers: auth });
    expect(read.json()).toEqual(tuning);
    expect((await store.search(MAIN, criteria, 'en-US'))?.totalFound).toBe(1);
    const pinned = await store.search(MAIN, { ...criteria, text: 'cloud' }, 'en-US');
    expect(pinned?.partners[0]?.title).toBe('Filler Partner 3');
  });

  it("marks the cards the text's rule pinned, in the preview only", async () => {
    const preview = async (text: string, rules: unknown[]) => {
      const response = await app.inject({
        method: 'POST',
        url: `${tuningUrl}/preview?locale=en-US`,
        headers: auth,
        payload: {
          tuning: { synonymSets: [], queryRules: rules },
          criteria: { ...criteria, text },
        },
      });
      expect(response.statusCode).toBe(200);
      return tuningPreviewAnswerSchema.parse(response.json());
    };
    const rule = { query: 'Cloud', pinned: ['filler-partner-4', 'filler-partner-3'], hidden: [] };
    // The rule's query is folded as the search folds a text: case and accents aside.
    const pinned = await preview('CLOUD', [rule]);
    expect(pinned.partners.slice(0, 2).map((partner) => partner.title)).toEqual([
      'Filler Partner 4',
      'Filler Partner 3',
    ]);
    expect(pinned.pinnedPositions).toEqual([0, 1]);
    expect(pinned.partners.length).toBeGreaterThan(2);
    // Another text, or no rule: nothing is marked, whatever comes first.
    expect((await preview('cloud computing', [rule])).pinnedPositions).toEqual([]);
    expect((await preview('cloud', [])).pinnedPositions).toEqual([]);
    // The public search answer never says so.
    const answer = await app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/${MAIN.companyId}/${MAIN.scopeGroupId}/search?locale=en-US`,
      payload: { ...criteria, text: 'cloud' },
    });
    expect(answer.body).not.toContain('pinnedPositions');
  });
});
