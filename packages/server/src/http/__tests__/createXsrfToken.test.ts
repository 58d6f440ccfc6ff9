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
});
