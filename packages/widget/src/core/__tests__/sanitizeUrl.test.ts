import { describe, expect, it } from 'vitest';
import { sanitizeUrl } from '../sanitizeUrl';

const base = 'https://portal.example/web/partners/home';

describe('sanitizeUrl', () => {
  it.each([
    ['https://partner.example/a?b=1#c', 'https://partner.example/a?b=1#c'],
    ['http://partner.example', 'http://partner.example/'],
    ['HTTPS://Partner.Example/X', 'https://partner.example/X'],
    ['/documents/logo.png', 'https://portal.example/documents/logo.png'],
    ['logo.png', 'https://portal.example/web/partners/logo.png'],
    ['//cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['  https://partner.example/  ', 'https://partner.example/'],
  ])('keeps %j as %j', (raw, expected) => {
    expect(sanitizeUrl(raw, base)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'javascript://%0aalert(1)',
    '//javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBSCRIPT:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://portal.example/1234',
    'ftp://files.example/x',
    'mailto:someone@example.com',
    'http://[not-a-host',
    '',
    '   ',
  ])('drops %j', (raw) => {
    expect(sanitizeUrl(raw, base)).toBeNull();
  });

  it.each([
    ['%6Aavascript:alert(1)', 'https://portal.example/web/partners/%6Aavascript:alert(1)'],
    [
      '\u200Bjavascript:alert(1)',
      'https://portal.example/web/partners/%E2%80%8Bjavascript:alert(1)',
    ],
    ['https:javascript:alert(1)', 'https://portal.example/web/partners/javascript:alert(1)'],
  ])('turns %j into a harmless path on the portal', (raw, expected) => {
    expect(sanitizeUrl(raw, base)).toBe(expected);
  });

  it('drops non-strings', () => {
    expect(sanitizeUrl(null, base)).toBeNull();
    expect(sanitizeUrl(42, base)).toBeNull();
  });

  it('resolves against the page by default', () => {
    expect(sanitizeUrl('/x')).toBe('http://localhost:3000/x');
  });

  it('drops a relative URL on a page that is not http(s)', () => {
    expect(sanitizeUrl('/x', 'file:///C:/page.html')).toBeNull();
  });
});
