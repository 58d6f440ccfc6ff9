import { describe, expect, it } from 'vitest';
import { toPartnerCard } from '../toPartnerCard';
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
    });
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
