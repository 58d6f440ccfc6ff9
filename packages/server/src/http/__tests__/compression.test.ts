import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { filterGroupsPath, searchPath, searchResponseSchema } from '@partners-network/contract';
import { MAIN, storeFixture } from '../../store/__tests__/storeFixture';
import { compressAnswer, compressAnswerNow, compressDraftNow } from '../compression';
import { useFixtureApp } from '../../__tests__/useFixtureApp';

const fixture = useFixtureApp('compress');

function searchWith(acceptEncoding?: string, resultsPerPage = 50) {
  return fixture.app.inject({
    method: 'POST',
    url: `${searchPath(MAIN)}?locale=en-US`,
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    payload: JSON.stringify({
      globalFilter: 'tech',
      text: '',
      filterItemIds: [],
      offset: 0,
      resultsPerPage,
    }),
  });
}

describe('API answers above 1 KB', () => {
  it('are sent as brotli when the client takes it, with Vary', async () => {
    const plain = await searchWith();
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await searchWith('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const body = searchResponseSchema.parse(
      JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()),
    );
    expect(body).toEqual(searchResponseSchema.parse(plain.json()));
  });

  it('are sent as gzip to a client without brotli', async () => {
    const gzip = await searchWith('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual((await searchWith()).json());
  });

  it('leave small answers alone', async () => {
    const health = await fixture.app.inject({
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers).not.toHaveProperty('content-encoding');
    expect(health.json()).toEqual({ status: 'UP' });
  });
});

const BROWSER = 'gzip, deflate, br, zstd';
const titles = (payload: Buffer) =>
  searchResponseSchema
    .parse(JSON.parse(brotliDecompressSync(payload).toString()))
    .partners.map((partner) => partner.title);

describe('compressed answers the server keeps', () => {
  it('carry the same JSON as plain in each encoding, and the same kept bytes once asked again', async () => {
    const [brotli, brotliAgain, gzip, gzipAgain, plain] = await Promise.all([
      searchWith(BROWSER),
      searchWith(BROWSER),
      searchWith('gzip'),
      searchWith('gzip'),
      searchWith(),
    ]);
    const [brotliKept, gzipKept] = [await searchWith(BROWSER), await searchWith('gzip')];
    expect(brotliKept.rawPayload.equals(await searchWith(BROWSER).then((r) => r.rawPayload))).toBe(
      true,
    );
    expect(gzipKept.rawPayload.equals(await searchWith('gzip').then((r) => r.rawPayload))).toBe(
      true,
    );
    expect(brotliAgain?.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
    });
    expect(gzipAgain?.headers['content-encoding']).toBe('gzip');
    // A plain answer over 1 KB says it depends on Accept-Encoding as well.
    expect(plain?.headers.vary).toBe('Accept-Encoding');
    const json = plain?.json<unknown>();
    for (const answer of [brotli, brotliAgain, brotliKept]) {
      expect(
        JSON.parse(brotliDecompressSync(answer?.rawPayload ?? Buffer.alloc(0)).toString()),
      ).toEqual(json);
    }
    for (const answer of [gzip, gzipAgain, gzipKept]) {
      expect(JSON.parse(gunzipSync(answer?.rawPayload ?? Buffer.alloc(0)).toString())).toEqual(
        json,
      );
    }
  });

  it.each([
    ['br', BROWSER, 30],
    ['gzip', 'gzip', 40],
  ] as const)(
    "in %s go quick to the first client, then in the library's bytes, with the same headers and JSON",
    async (encoding, acceptEncoding, resultsPerPage) => {
      // A page size no other test asks for: the first request makes its answer and bytes.
      const made = await searchWith(acceptEncoding, resultsPerPage);
      const again = await searchWith(acceptEncoding, resultsPerPage);
      const kept = await searchWith(acceptEncoding, resultsPerPage);
      const plain = await searchWith(undefined, resultsPerPage);
      const sameFor = (headers: Record<string, unknown>) => {
        const { date: _date, 'x-request-id': _id, 'content-length': _length, ...rest } = headers;
        return rest;
      };
      expect(sameFor(again.headers)).toEqual(sameFor(made.headers));
      expect(made.headers).toMatchObject({
        'content-encoding': encoding,
        vary: 'Accept-Encoding',
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decode(made.rawPayload).toString()).toBe(plain.payload);
      // The first client's bytes are the quick ones; asked again, the answer goes in zlib's
      // bytes at the app's settings (what the bench's compressed floor sends), kept from then.
      expect(made.rawPayload.equals(compressDraftNow(plain.payload, encoding))).toBe(true);
      // Brotli's quickest path short of its plainest (quality 1), gzip's quickest level.
      const quick =
        encoding === 'br'
          ? brotliCompressSync(plain.payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
          : gzipSync(plain.payload, { level: 1 });
      expect(made.rawPayload.equals(quick)).toBe(true);
      expect(again.rawPayload.equals(await compressAnswer(plain.payload, encoding))).toBe(true);
      expect(again.rawPayload.length).toBeLessThan(made.rawPayload.length);
      expect(kept.rawPayload.equals(again.rawPayload)).toBe(true);
    },
  );

  it('are made again once the directory changed: a renamed partner never shows its old name', async () => {
    const before = titles((await searchWith(BROWSER)).rawPayload);
    const directory = storeFixture();
    const renamed = (directory.sites[0]?.partners ?? []).find(
      (partner) => partner.title['en-US'] === before[0],
    );
    if (!renamed) throw new Error(`no partner titled ${before[0]}`);
    renamed.title = { 'en-US': 'Renamed Partner' };
    await fixture.store.importDirectory(directory);
    const after = titles((await searchWith(BROWSER)).rawPayload);
    expect(after).toContain('Renamed Partner');
    expect(after).not.toContain(before[0]);
  });

  it("leave small ones alone: the fixture's filter definitions (under 1 KB) go as they are", async () => {
    const definitions = () =>
      fixture.app.inject({
        url: `${filterGroupsPath(MAIN)}?locale=en-US`,
        headers: { 'accept-encoding': BROWSER },
      });
    const [first, second] = [await definitions(), await definitions()];
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBeLessThan(1024);
    expect(first.headers).not.toHaveProperty('content-encoding');
    expect(first.headers).not.toHaveProperty('vary');
    expect(second.json()).toEqual(first.json());
  });
});

describe('compressed bytes made on the request thread', () => {
  it("hold memory of their own length: a kept 2 KB answer does not keep zlib's 16 KB chunk", async () => {
    const json = JSON.stringify(
      Array.from({ length: 200 }, (_, index) => ({ id: index, title: `Partner ${index * 7919}` })),
    );
    for (const encoding of ['br', 'gzip'] as const) {
      const bytes = compressAnswerNow(json, encoding);
      expect(bytes.length).toBeLessThan(json.length / 2);
      expect(bytes.buffer.byteLength).toBe(bytes.length);
      expect(bytes.equals(await compressAnswer(json, encoding))).toBe(true);
      const draft = compressDraftNow(json, encoding);
      expect(draft.length).toBeLessThan(json.length / 2);
      expect(draft.buffer.byteLength).toBe(draft.length);
    }
  });
});
