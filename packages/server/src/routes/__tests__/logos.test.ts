import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { renderLogo } from '../../logos/renderLogo';
import { logos } from '../logos';

async function logoApp() {
  const app = Fastify();
  await app.register(logos);
  return app;
}

describe('logos', () => {
  it('draws the initials without the legal form, the same way every time', () => {
    expect(renderLogo('muller-sohne-digital-gmbh')).toContain('>MS</text>');
    expect(renderLogo('sao-paulo-cloud-ltda')).toContain('>SP</text>');
    expect(renderLogo('acme')).toContain('>A</text>');
    expect(renderLogo('acme')).toBe(renderLogo('acme'));
  });

  it('gives different partners different colours', () => {
    const fill = (slug: string) => /fill="(hsl[^"]+)"/.exec(renderLogo(slug))?.[1];
    const colours = new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map(fill));
    expect(colours.size).toBeGreaterThan(1);
  });

  it('serves a cacheable SVG and answers 304 to a matching ETag', async () => {
    const app = await logoApp();
    const response = await app.inject({
      url: '/partner-assets/logos/zurich-data-analytics-ag.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.payload).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.payload).toContain('>ZD</text>');
    expect(response.payload).not.toMatch(/href|https?:\/\/(?!www\.w3\.org)/);
    const etag = response.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({
      url: '/partner-assets/logos/zurich-data-analytics-ag.svg',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('answers 404 for anything that is not a slug.svg', async () => {
    const app = await logoApp();
    for (const file of ['x.png', 'UPPER.svg', '..%2Fsecret.svg', '%3Cscript%3E.svg', '-a.svg']) {
      const response = await app.inject({ url: `/partner-assets/logos/${file}` });
      expect(response.statusCode).toBe(404);
    }
    await app.close();
  });
});
