import { describe, expect, it } from 'vitest';
import { readCookie } from '../readCookie';

describe('readCookie', () => {
  it('finds a cookie among others, with or without spaces', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc; b=2', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie('a=1;XSRF-TOKEN=abc', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie('XSRF-TOKEN=abc', 'XSRF-TOKEN')).toBe('abc');
  });

  it('does not confuse a cookie whose name only contains the wanted one', () => {
    expect(readCookie('MY-XSRF-TOKEN=evil; XSRF-TOKEN-2=x', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('NOT-XSRF-TOKEN=no; XSRF-TOKEN=yes', 'XSRF-TOKEN')).toBe('yes');
  });

  it('keeps "=" inside values, decodes encoded values and unquotes', () => {
    expect(readCookie('t=ab==', 't')).toBe('ab==');
    expect(readCookie('t=a%20b', 't')).toBe('a b');
    expect(readCookie('a=1; t=x%20y; b=2', 't')).toBe('x y');
    expect(readCookie('t="quoted"', 't')).toBe('quoted');
    expect(readCookie('t="a%20b"', 't')).toBe('a b');
    expect(readCookie('t=""', 't')).toBe('');
  });

  it('keeps a lone or unbalanced quote and a broken encoding as they are', () => {
    expect(readCookie('t="', 't')).toBe('"');
    expect(readCookie('t="open', 't')).toBe('"open');
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });

  it('answers undefined without cookies or without that cookie', () => {
    expect(readCookie('', 't')).toBeUndefined();
    expect(readCookie('=t', '')).toBeUndefined();
    expect(readCookie('garbage', 't')).toBeUndefined();
    expect(readCookie('other=1', 't')).toBeUndefined();
  });
});
