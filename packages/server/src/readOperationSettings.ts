import { DEFAULT_SHUTDOWN_DRAIN_MS } from './http/drain';
import type { RateLimitSettings } from './http/rateLimit';
import { DEFAULT_STATS_FLUSH_MS } from './stats/SearchStats';

/** How the server runs in production, from the environment (both `npm start` and server.ts). */
export interface OperationSettings {
  /** SHUTDOWN_DRAIN_MS: how long answers go on after SIGTERM (default 5000). */
  drainMs: number;
  /** RATE_LIMIT_PER_MINUTE: requests a minute per client on the API; 0 (default) is off. */
  rateLimit: RateLimitSettings;
  /** TRUST_PROXY: take the client's address from X-Forwarded-For (default false). */
  trustProxy: boolean;
  /** STATS (on, off) and STATS_FLUSH_MS (60000): counting searches and cards opened. */
  stats: StatsSettings;
}

export interface StatsSettings {
  /** STATS=off: nothing is counted (stored counts stay readable). */
  enabled: boolean;
  /** STATS_FLUSH_MS: how often counts are added to the database, at most every minute. */
  flushMs: number;
}

function readStats(env: NodeJS.ProcessEnv): StatsSettings {
  const value = env.STATS ?? 'on';
  if (value !== 'on' && value !== 'off') throw new Error(`STATS must be on or off, got "${value}"`);
  return {
    enabled: value === 'on',
    flushMs: readInteger(
      'STATS_FLUSH_MS',
      env.STATS_FLUSH_MS ?? String(DEFAULT_STATS_FLUSH_MS),
      100,
      DEFAULT_STATS_FLUSH_MS,
    ),
  };
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
    stats: readStats(env),
  };
}
