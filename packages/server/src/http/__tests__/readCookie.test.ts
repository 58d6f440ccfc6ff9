import { describe, expect, it } from 'vitest';
import { readCookie } from '../readCookie';

describe('readCookie', () => {
  it('finds a cookie among others, with or without spaces', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc; b=2', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie('a=1;XSRF-TOKEN=abc', 'XSRF-TOKEN')).toBe('abc');
  });

  it('does not confuse a cookie whose name only contains the wanted one', () => {
    expect(readCookie('MY-XSRF-TOKEN=evil; XSRF-TOKEN-2=x', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('keeps "=" inside values, decodes encoded values and unquotes', () => {
    expect(readCookie('t=ab==', 't')).toBe('ab==');
    expect(readCookie('t=a%20b', 't')).toBe('a b');
    expect(readCookie('t="quoted"', 't')).toBe('quoted');
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });

  it('answers undefined without header or cookie', () => {
    expect(readCookie(undefined, 't')).toBeUndefined();
    expect(readCookie('', 't')).toBeUndefined();
    expect(readCookie('garbage', 't')).toBeUndefined();
  });
});
