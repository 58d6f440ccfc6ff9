import { describe, expect, it } from 'vitest';
import { toPartnerCard, vetRanges } from '../toPartnerCard';
import { partner } from './fixtures';

const base = 'https://portal.example/web/partners';

describe('toPartnerCard', () => {
  it('vets URLs, appends the extra parameters to the link and cuts the summary', () => {
    const card = toPartnerCard(
      { ...partner(3), url: 'https://p.example/x?a=1#b', summary: 'x'.repeat(250) },
      13,
      [['utm', 'a b']],
      base,
    );
    expect(card).toEqual({
      key: '13',
      title: 'Partner 3',
      summary: 'x'.repeat(200) + '…',
      imageUrl: 'https://portal.example/images/3.png',
      href: 'https://p.example/x?a=1&utm=a+b#b',
      categories: ['Cloud'],
      contact: null,
      marks: { title: [], summary: [] },
    });
  });

  it('keeps the marks that fall in the cut summary and cuts the one across the cut', () => {
    const summary = `${'a'.repeat(190)} cloudy ${'b'.repeat(60)}`;
    const card = toPartnerCard(
      {
        ...partner(3),
        title: 'Cloud Partner',
        summary,
        highlights: {
          title: [[0, 5]],
          summary: [
            [0, 3],
            [191, 196],
            [250, 255],
          ],
        },
      },
      0,
      [],
      base,
    );
    expect(card.marks.title).toEqual([[0, 5]]);
    // 200 characters are kept: 'cloudy' starts at 191, so 'cloud' (to 196) stays whole,
    // and the range past the cut goes.
    expect(card.marks.summary).toEqual([
      [0, 3],
      [191, 196],
    ]);
    expect(card.summary.slice(191, 196)).toBe('cloud');
  });

  it('keeps the card without link or picture when the URLs are unsafe', () => {
    const card = toPartnerCard(
      {
        ...partner(1),
        url: ' javascript:alert(1)',
        image: { url: 'data:image/svg+xml,<svg onload=alert(1)>' },
        title: '<img src=x onerror=alert(1)>',
      },
      0,
      [['utm', 'x']],
      base,
    );
    expect(card.href).toBeNull();
    expect(card.imageUrl).toBeNull();
    expect(card.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('vetRanges', () => {
  it('keeps ranges in bounds, in order, without overlaps or empty ones', () => {
    expect(
      vetRanges(
        [
          [8, 12],
          [0, 4],
          [2, 6],
          [5, 5],
          [9, 10],
          [11, 40],
          [30, 35],
        ],
        14,
      ),
    ).toEqual([
      [0, 4],
      [8, 12],
    ]);
  });

  it('cuts a range that runs past the text', () => {
    expect(vetRanges([[3, 99]], 10)).toEqual([[3, 10]]);
    expect(vetRanges([[12, 14]], 10)).toEqual([]);
  });
});
