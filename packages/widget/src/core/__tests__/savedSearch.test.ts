import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../test/logsWritten';
import { decodeSavedSearch } from '../savedSearch';
import { encodeSavedSearch } from '../writeLocation';
import type { SavedSearch } from '../types';

const saved: SavedSearch = {
  globalFilter: 'technology',
  filterItemIds: [3, 14],
  text: "Société d'Été œuvre",
  offset: 20,
  resultsPerPage: 10,
};

afterEach(() => {
  vi.restoreAllMocks();
});

function utf8Base64(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

describe('saved search codec', () => {
  it('round-trips, accents and œ included', () => {
    const encoded = encodeSavedSearch(saved);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeSavedSearch(encoded)).toEqual(saved);
  });

  it('writes UTF-8 base64 JSON, as any other tool would read it', () => {
    const json: unknown = JSON.parse(
      Buffer.from(encodeSavedSearch(saved), 'base64').toString('utf8'),
    );
    expect(json).toEqual(saved);
  });

  it('reads base64url without padding', () => {
    const url = Buffer.from(JSON.stringify(saved), 'utf8').toString('base64url');
    expect(url).not.toContain('=');
    expect(decodeSavedSearch(url)).toEqual(saved);
  });

  it("reads a value whose '+' a raw query string turned into a space", () => {
    const encoded = encodeSavedSearch({ ...saved, text: 'þþþþ' });
    expect(encoded).toContain('+');
    expect(decodeSavedSearch(encoded.replace(/\+/g, ' '))).toEqual({ ...saved, text: 'þþþþ' });
  });

  it('reads a Latin-1 value made with plain btoa()', () => {
    const latin1 = btoa(JSON.stringify({ ...saved, text: 'café' }));
    expect(decodeSavedSearch(latin1)).toEqual({ ...saved, text: 'café' });
  });

  it('ignores extra fields', () => {
    expect(decodeSavedSearch(utf8Base64({ ...saved, extra: true }))).toEqual(saved);
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['impossible base64 length', 'abcde'],
    ['not JSON', btoa('{not json')],
    ['JSON of the wrong type', utf8Base64([1, 2])],
    ['a missing field', utf8Base64({ ...saved, text: undefined })],
    ['ids that are not integers', utf8Base64({ ...saved, filterItemIds: ['3'] })],
    ['a negative offset', utf8Base64({ ...saved, offset: -10 })],
    ['resultsPerPage over 100', utf8Base64({ ...saved, resultsPerPage: 1000 })],
    ['text with forbidden characters', utf8Base64({ ...saved, text: '<script>' })],
    ['text over 150 characters', utf8Base64({ ...saved, text: 'a'.repeat(151) })],
    ['a prototype trick', utf8Base64(JSON.parse('{"__proto__": {"offset": 1}}'))],
  ])('ignores %s with a warning', async (_label, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeSavedSearch(value)).toBeNull();
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('ignoring the search parameter');
  });
});

describe('saved search near a point (issue 25)', () => {
  const located: SavedSearch = {
    ...saved,
    near: { latitude: 45.75, longitude: 4.85, label: 'Lyon' },
    radiusKm: 40.234,
    sort: 'distance',
  };

  it('round-trips the point, its label, the radius and the order', () => {
    expect(decodeSavedSearch(encodeSavedSearch(located))).toEqual(located);
  });

  it.each([
    ['a latitude off the globe', { near: { latitude: 999, longitude: 4.85 } }],
    ['a longitude that is text', { near: { latitude: 45, longitude: '4.85' } }],
    ['a radius of 0', { radiusKm: 0 }],
    ['a radius wider than the Earth', { radiusKm: 40_000 }],
    ['an unknown order', { sort: 'price' }],
    ['a label of 201 characters', { near: { latitude: 1, longitude: 1, label: 'x'.repeat(201) } }],
  ])(
    'ignores %s, with a console warning naming it, and keeps the text and items',
    async (_, change) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(decodeSavedSearch(utf8Base64({ ...saved, ...change }))).toEqual(saved);
      await logsWritten();
      expect(warn).toHaveBeenCalledTimes(1);
      // Only those are dropped, and the warning says so.
      expect(warn.mock.calls[0]?.[0]).toMatch(
        new RegExp(
          `ignoring the search parameter's location and sort only: wrong shape: ${Object.keys(change)[0]}\\b`,
        ),
      );
    },
  );

  it('ignores the whole search when more than the location is wrong', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = { ...located, radiusKm: 0, text: '<script>' };
    expect(decodeSavedSearch(utf8Base64(bad))).toBeNull();
    await logsWritten();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('ignoring the search parameter: wrong shape: '),
    );
  });
});
