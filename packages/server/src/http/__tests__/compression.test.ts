import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { searchPath, searchResponseSchema } from '@partners-network/contract';
import { MAIN } from '../../store/__tests__/storeFixture';
import { useFixtureApp } from '../../__tests__/useFixtureApp';

const fixture = useFixtureApp('compress');

function searchWith(acceptEncoding?: string) {
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
      resultsPerPage: 50,
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
