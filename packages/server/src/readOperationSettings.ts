import { DEFAULT_SHUTDOWN_DRAIN_MS } from './http/drain';
import type { RateLimitSettings } from './http/rateLimit';

/** How the server runs in production, from the environment (both `npm start` and server.ts). */
export interface OperationSettings {
  /** SHUTDOWN_DRAIN_MS: how long answers go on after SIGTERM (default 5000). */
  drainMs: number;
  /** RATE_LIMIT_PER_MINUTE: requests a minute per client on the API; 0 (default) is off. */
  rateLimit: RateLimitSettings;
  /** TRUST_PROXY: take the client's address from X-Forwarded-For (default false). */
  trustProxy: boolean;
}

export function readInteger(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number {
  const number = Number(value);
  if (
    value === undefined ||
    value.trim() === '' ||
    !Number.isInteger(number) ||
    number < min ||
    number > max
  ) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value ?? ''}"`);
  }
  return number;
}

function readBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** Throws with the variable's name and the allowed values on a bad one. */
export function readOperationSettings(env: NodeJS.ProcessEnv): OperationSettings {
  return {
    drainMs: readInteger(
      'SHUTDOWN_DRAIN_MS',
      env.SHUTDOWN_DRAIN_MS ?? String(DEFAULT_SHUTDOWN_DRAIN_MS),
      0,
      600_000,
    ),
    rateLimit: {
      perMinute: readInteger(
        'RATE_LIMIT_PER_MINUTE',
        env.RATE_LIMIT_PER_MINUTE ?? '0',
        0,
        1_000_000,
      ),
    },
    trustProxy: readBoolean('TRUST_PROXY', env.TRUST_PROXY),
  };
}
