import type { IncomingHttpHeaders } from 'node:http';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, readCookie } from '@partners-network/contract';

const HEADER = XSRF_HEADER_NAME.toLowerCase();

/**
 * Whether two strings are equal, in a time that depends on their length only (not on where
 * they first differ), so the answer's timing tells nothing of the cookie's value. The same
 * check as `crypto.timingSafeEqual` over their UTF-16 code units, without two Buffers made
 * on every search.
 */
function sameInConstantTime(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ given.charCodeAt(index);
  }
  return difference === 0;
}

/**
 * Double-submit check: a POST must send the X-XSRF-TOKEN header equal to the
 * XSRF-TOKEN cookie. Another site can make the browser send the cookie but cannot
 * read it, so it cannot copy it into the header.
 */
export function hasValidXsrfToken(headers: IncomingHttpHeaders): boolean {
  const header = headers[HEADER];
  const cookie = readCookie(headers.cookie ?? '', XSRF_COOKIE_NAME);
  if (typeof header !== 'string' || header === '' || !cookie) return false;
  return sameInConstantTime(cookie, header);
}
