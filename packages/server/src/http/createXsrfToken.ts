import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE_NAME } from '@partners-network/contract';

export interface XsrfToken {
  token: string;
  /** Value for a Set-Cookie header. Readable by page scripts on purpose: the widget echoes it. */
  cookieHeader: string;
}

/** A fresh random anti-forgery token for a host page to set as the XSRF-TOKEN cookie. */
export function createXsrfToken(): XsrfToken {
  const token = randomBytes(32).toString('base64url');
  return { token, cookieHeader: `${XSRF_COOKIE_NAME}=${token}; Path=/; SameSite=Strict` };
}
