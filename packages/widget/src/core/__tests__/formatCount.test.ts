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

describe('formatCount without Intl.NumberFormat', () => {
  const languages =
    'bg ca cs cy da de el en es et eu fi fr ga gl he hr hu id is it ja ko lt lv ms nb nl nn no pl pt ro ru sk sl sr sv th tr uk vi zh'.split(
      ' ',
    );
  const regions = [
    '',
    '-US',
    '-GB',
    '-IN',
    '-CH',
    '-CA',
    '-BR',
    '-PT',
    '-MX',
    '-419',
    '-TW',
    '-EG',
  ];

  it('writes what Intl.NumberFormat writes for every language it skips it for', () => {
    for (const language of languages) {
      for (const region of regions) {
        const tag = `${language}${region}`;
        const format = new Intl.NumberFormat(tag);
        for (const [loaded, total] of [
          [0, 7],
          [10, 260],
          [999, 999],
        ] as const) {
          expect(formatCount(loaded, total, tag), tag).toBe(
            `Showing ${format.format(loaded)} of ${format.format(total)} partners`,
          );
        }
      }
    }
  });

  it('leaves other digits and scripts to Intl.NumberFormat', () => {
    expect(formatCount(10, 260, 'ar-EG')).toBe('Showing ١٠ of ٢٦٠ partners');
    expect(formatCount(10, 260, 'en-u-nu-arab')).toBe('Showing ١٠ of ٢٦٠ partners');
    expect(formatCount(10, 260, 'fa-IR')).toBe(
      `Showing ${new Intl.NumberFormat('fa-IR').format(10)} of ${new Intl.NumberFormat('fa-IR').format(260)} partners`,
    );
  });
});
