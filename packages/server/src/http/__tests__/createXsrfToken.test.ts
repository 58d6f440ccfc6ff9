import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie } from '@partners-network/contract';
import { createXsrfToken } from '../createXsrfToken';
import { hasValidXsrfToken } from '../hasValidXsrfToken';

describe('createXsrfToken', () => {
  it('makes a fresh unguessable token and its cookie header', () => {
    const first = createXsrfToken();
    const second = createXsrfToken();
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.cookieHeader).toBe(`XSRF-TOKEN=${first.token}; Path=/; SameSite=Strict`);
  });

  it('gives a cookie that, echoed in the header, passes the check', () => {
    const { token, cookieHeader } = createXsrfToken();
    const cookie = cookieHeader.split(';')[0] ?? '';
    expect(readCookie(cookie, 'XSRF-TOKEN')).toBe(token);
    expect(hasValidXsrfToken({ cookie, 'x-xsrf-token': token })).toBe(true);
    expect(hasValidXsrfToken({ cookie, 'x-xsrf-token': `${token}x` })).toBe(false);
    expect(hasValidXsrfToken({ cookie })).toBe(false);
  });

  it('reads the cookie as the page does, whatever else the Cookie header holds', () => {
    // Pieces a Cookie header is made of, the anti-forgery cookie's name among them, so that
    // its pair comes first, later, twice, quoted, encoded, spaced or inside another's value.
    const piece = fc.constantFrom(
      'XSRF-TOKEN',
      'XSRF-TOKENS',
      'xsrf-token',
      '=',
      ';',
      '; ',
      ' ',
      '"',
      '%41',
      '%',
      'abc',
      'tok_-9',
      'é',
      '\t',
    );
    const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
    // Pairs as browsers send them, names and values made of the same pieces.
    const pairs = fc
      .array(
        fc.tuple(fc.oneof(fc.constant('XSRF-TOKEN'), text), fc.constantFrom('=', ' =', '= '), text),
        { maxLength: 4 },
      )
      .chain((list) =>
        fc
          .constantFrom(';', '; ', ';  ')
          .map((separator) => list.map((pair) => pair.join('')).join(separator)),
      );
    fc.assert(
      fc.property(fc.oneof(text, pairs), (cookie) => {
        const value = readCookie(cookie, 'XSRF-TOKEN');
        expect(hasValidXsrfToken({ cookie, 'x-xsrf-token': value })).toBe(Boolean(value));
        expect(hasValidXsrfToken({ cookie, 'x-xsrf-token': `${value ?? ''}x` })).toBe(false);
      }),
      { numRuns: 5000 },
    );
    const { token } = createXsrfToken();
    for (const cookie of [
      `XSRF-TOKEN=${token}`,
      `JSESSIONID=a1; GUEST_LANGUAGE_ID=en_US; XSRF-TOKEN=${token}; COOKIE_SUPPORT=true`,
      `XSRF-TOKEN="${token}"`,
      `other=XSRF-TOKEN=x; XSRF-TOKEN=${token}`,
    ]) {
      expect(hasValidXsrfToken({ cookie, 'x-xsrf-token': token })).toBe(true);
    }
  });
});
