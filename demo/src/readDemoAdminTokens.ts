/**
 * The demo's admin tokens: ADMIN_TOKEN's (comma-separated), and with `--console` one more,
 * random, made for this run and printed, so someone trying the demo can open the operator's
 * console without choosing a token first. Nothing is stored: the next run makes another.
 */
import { randomBytes } from 'node:crypto';
import { parseAdminTokens } from '@partners-network/server';

export interface DemoAdminTokens {
  tokens: string[];
  /** The token made for this run, to print; undefined without `--console`. */
  generated: string | undefined;
}

export function readDemoAdminTokens(
  adminToken: string | undefined,
  args: readonly string[],
): DemoAdminTokens {
  const tokens = parseAdminTokens(adminToken);
  if (!args.includes('--console')) return { tokens, generated: undefined };
  // 32 random bytes, as `openssl rand -base64 32` makes for ADMIN_TOKEN.
  const generated = randomBytes(32).toString('base64url');
  return { tokens: [...tokens, generated], generated };
}
