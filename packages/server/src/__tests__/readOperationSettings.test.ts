import { describe, expect, it } from 'vitest';
import { readOperationSettings } from '../readOperationSettings';

describe('readOperationSettings', () => {
  it('has documented defaults: 5 s drain, no rate limit, no trusted proxy', () => {
    expect(readOperationSettings({})).toEqual({
      drainMs: 5000,
      rateLimit: { perMinute: 0 },
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    expect(
      readOperationSettings({
        SHUTDOWN_DRAIN_MS: '250',
        RATE_LIMIT_PER_MINUTE: '600',
        TRUST_PROXY: 'true',
      }),
    ).toEqual({ drainMs: 250, rateLimit: { perMinute: 600 }, trustProxy: true });
  });

  it.each([
    [
      { SHUTDOWN_DRAIN_MS: '-1' },
      /SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000, got "-1"/,
    ],
    [{ SHUTDOWN_DRAIN_MS: '' }, /SHUTDOWN_DRAIN_MS/],
    [{ RATE_LIMIT_PER_MINUTE: '1.5' }, /RATE_LIMIT_PER_MINUTE must be an integer/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true or false, got "yes"/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readOperationSettings(env)).toThrow(message);
  });
});
