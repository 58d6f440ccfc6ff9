import { describe, expect, it } from 'vitest';
import { ELLIPSIS, truncateSummary } from '../truncateSummary';

describe('truncateSummary (200 kept characters, then the ellipsis)', () => {
  it('keeps a summary of exactly 200 characters whole', () => {
    const summary = 'a'.repeat(200);
    expect(truncateSummary(summary)).toBe(summary);
  });

  it('cuts a longer one to 200 characters plus "…"', () => {
    const result = truncateSummary('b'.repeat(201));
    expect(result).toBe('b'.repeat(200) + ELLIPSIS);
    expect(Array.from(result)).toHaveLength(201);
  });

  it('drops spaces before the ellipsis', () => {
    expect(truncateSummary('c'.repeat(198) + '   more')).toBe('c'.repeat(198) + '…');
  });

  it('counts an emoji as one character and never splits it', () => {
    const summary = 'd'.repeat(199) + '😀😀';
    const result = truncateSummary(summary);
    expect(result).toBe('d'.repeat(199) + '😀…');
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('does not cut 150 emoji (300 UTF-16 units, 150 characters)', () => {
    const summary = '😀'.repeat(150);
    expect(truncateSummary(summary)).toBe(summary);
  });

  it('keeps accented text as text', () => {
    expect(truncateSummary('é'.repeat(250))).toBe('é'.repeat(200) + '…');
    expect(truncateSummary('<b>bold</b>')).toBe('<b>bold</b>');
  });
});
