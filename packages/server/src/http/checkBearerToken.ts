import { createHash, timingSafeEqual } from 'node:crypto';

/** Which configured token a request used: its place in ADMIN_TOKEN and a fingerprint. */
export interface TokenMatch {
  index: number;
  /** First 8 hex digits of its SHA-256: names the token in logs without giving it away. */
  fingerprint: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Tokens from ADMIN_TOKEN: comma-separated, blanks ignored, so a token can be rotated. */
export function parseAdminTokens(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

/**
 * The token of an `Authorization: Bearer …` header among the configured ones, compared
 * in constant time (digests of equal length, every token compared), or undefined.
 */
export function checkBearerToken(
  header: string | undefined,
  tokens: readonly string[],
): TokenMatch | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const given = digest(match?.[1] ?? '');
  let found: TokenMatch | undefined;
  tokens.forEach((token, index) => {
    const expected = digest(token);
    if (timingSafeEqual(given, expected) && match && found === undefined) {
      found = { index, fingerprint: expected.toString('hex').slice(0, 8) };
    }
  });
  return found;
}
