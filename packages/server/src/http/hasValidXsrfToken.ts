import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, readCookie } from '@partners-network/contract';

/**
 * Double-submit check: a POST must send the X-XSRF-TOKEN header equal to the
 * XSRF-TOKEN cookie. Another site can make the browser send the cookie but cannot
 * read it, so it cannot copy it into the header.
 */
export function hasValidXsrfToken(headers: IncomingHttpHeaders): boolean {
  const header = headers[XSRF_HEADER_NAME.toLowerCase()];
  const cookie = readCookie(headers.cookie ?? '', XSRF_COOKIE_NAME);
  if (typeof header !== 'string' || header === '' || !cookie) return false;
  const expected = Buffer.from(cookie);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
