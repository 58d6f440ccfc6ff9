import { describe, expect, it } from 'vitest';
import { readDemoAdminTokens } from '../readDemoAdminTokens';

describe('readDemoAdminTokens', () => {
  it('takes no token without ADMIN_TOKEN or --console: no console', () => {
    expect(readDemoAdminTokens(undefined, [])).toEqual({ tokens: [], generated: undefined });
  });

  it("takes ADMIN_TOKEN's comma-separated tokens", () => {
    expect(readDemoAdminTokens(' one , two ', [])).toEqual({
      tokens: ['one', 'two'],
      generated: undefined,
    });
  });

  it('makes a new random token for each run with --console, beside ADMIN_TOKEN', () => {
    const first = readDemoAdminTokens('kept', ['--console']);
    const second = readDemoAdminTokens(undefined, ['--console']);
    expect(first.generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.tokens).toEqual(['kept', first.generated]);
    expect(second.generated).not.toBe(first.generated);
  });
});
