import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sanitizeUrl } from '../sanitizeUrl';

const BASE = 'https://portal.example/web/guest/partners';
const DANGEROUS = [
  'javascript',
  'data',
  'vbscript',
  'blob',
  'file',
  'filesystem',
  'jar',
  'about',
  'ws',
  'ftp',
  'mailto',
];

/** What the browser may ignore inside or around a scheme: tabs, line breaks, spaces, controls. */
const noise = fc.constantFrom(
  '',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u00a0',
  '\ufeff',
);

/** A scheme in random case with noise anywhere inside it and before it. */
const disguised = (scheme: string) =>
  fc
    .tuple(
      noise,
      fc.array(fc.tuple(fc.boolean(), noise), {
        minLength: scheme.length,
        maxLength: scheme.length,
      }),
      noise,
    )
    .map(([before, letters, beforeColon]) => {
      const body = [...scheme]
        .map((char, index) => {
          const [upper, after] = letters[index] ?? [false, ''];
          return (upper ? char.toUpperCase() : char) + after;
        })
        .join('');
      return `${before}${body}${beforeColon}`;
    });

function expectSafe(result: string | null): void {
  if (result === null) return;
  const url = new URL(result);
  expect(['http:', 'https:']).toContain(url.protocol);
  expect(result).toBe(url.href);
}

it('never lets a dangerous scheme through, however it is disguised', () => {
  const attack = fc
    .tuple(fc.constantFrom(...DANGEROUS), fc.string(), fc.constantFrom(':', '%3a', '&colon;'))
    .chain(([scheme, rest, colon]) =>
      disguised(scheme).map((prefix) => ({ raw: `${prefix}${colon}${rest}` })),
    );
  fc.assert(
    fc.property(attack, ({ raw }) => {
      const result = sanitizeUrl(raw, BASE);
      expectSafe(result);
      // What comes out is the input read as a path on the page's own site (noise the URL
      // parser keeps made it no scheme at all), never a scheme it ran.
      if (result !== null) expect(new URL(result).origin).toBe(new URL(BASE).origin);
      if (URL.canParse(raw)) expect(result).toBeNull();
    }),
    { numRuns: 1000 },
  );
}, 30_000);

it('any string gives null or an absolute http(s) URL', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl(), fc.webPath()), (raw) => {
      expectSafe(sanitizeUrl(raw, BASE));
    }),
    { numRuns: 1000 },
  );
}, 30_000);

it('keeps every web address it is given', () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
      expect(sanitizeUrl(raw, BASE)).toBe(new URL(raw).href);
    }),
    { numRuns: 1000 },
  );
}, 30_000);
