import { describe, expect, it } from 'vitest';
import { formatCount } from '../formatCount';

describe('formatCount', () => {
  it('writes the count text of the spec', () => {
    expect(formatCount(10, 35, 'en-US')).toBe('Showing 10 of 35 partners');
  });

  it("uses the locale's number format", () => {
    expect(formatCount(1000, 12345, 'en-US')).toBe('Showing 1,000 of 12,345 partners');
    expect(formatCount(1000, 12345, 'de-DE')).toBe('Showing 1.000 of 12.345 partners');
  });

  it('falls back to en-US for an empty or malformed locale', () => {
    expect(formatCount(1000, 2000, '')).toBe('Showing 1,000 of 2,000 partners');
    expect(formatCount(1000, 2000, 'not a locale!')).toBe('Showing 1,000 of 2,000 partners');
  });
});
