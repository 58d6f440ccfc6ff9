import { describe, expect, it } from 'vitest';
import { readOperationSettings } from '../readOperationSettings';

describe('readOperationSettings', () => {
  it('has documented defaults: 5 s drain, no rate limit, no trusted proxy, counting flushed every minute', () => {
    expect(readOperationSettings({})).toEqual({
      drainMs: 5000,
      rateLimit: { perMinute: 0 },
      trustProxy: false,
      stats: { enabled: true, flushMs: 60_000 },
    });
  });

  it('reads every variable', () => {
    expect(
      readOperationSettings({
        SHUTDOWN_DRAIN_MS: '250',
        RATE_LIMIT_PER_MINUTE: '600',
        TRUST_PROXY: 'true',
        STATS: 'off',
        STATS_FLUSH_MS: '500',
      }),
    ).toEqual({
      drainMs: 250,
      rateLimit: { perMinute: 600 },
      trustProxy: true,
      stats: { enabled: false, flushMs: 500 },
    });
  });

  it.each([
    [
      { SHUTDOWN_DRAIN_MS: '-1' },
      /SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "-1"/,
    ],
    [{ SHUTDOWN_DRAIN_MS: '' }, /SHUTDOWN_DRAIN_MS/],
    [{ RATE_LIMIT_PER_MINUTE: '1.5' }, /RATE_LIMIT_PER_MINUTE must be an integer/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true or false, got "yes"/],
    [{ STATS: 'no' }, /STATS must be on or off, got "no"/],
    // Counts reach the database at least every minute: a longer period is refused.
    [{ STATS_FLUSH_MS: '120000' }, /STATS_FLUSH_MS must be an integer from 100 to 60000/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readOperationSettings(env)).toThrow(message);
  });
});
