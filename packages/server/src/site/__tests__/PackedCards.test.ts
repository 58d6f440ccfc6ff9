/** Card texts come back exactly as packed, whatever their script and however many. */
import { describe, expect, it } from 'vitest';
import type { CardTexts } from '../PackedCards';
import { PackedCardsBuilder } from '../PackedCards';

const card = (at: number): CardTexts => ({
  url: `/partners/p-${at}`,
  imageUrl: `/logos/p-${at}.svg`,
  titles: { 'en-US': `Partner ${at}`, 'ja-JP': `パートナー ${at} 🚀` },
  summaries: { 'en-US': `Société « ${at} » </script><b>"quoted"</b>`.repeat(at % 5) },
  badgeIds: at % 3 === 0 ? [] : [at, at + 1],
  ...(at % 7 === 0 ? { contactSlug: `p-${at}` } : {}),
});

describe('PackedCards', () => {
  it('reads back every card as added, past the first buffer, and nothing past the end', () => {
    const builder = new PackedCardsBuilder();
    // About 4 MB of texts: the buffer grows several times.
    const count = 20_000;
    for (let at = 0; at < count; at += 1) builder.add(card(at));
    const cards = builder.build();
    expect(cards.size).toBe(count);
    for (const at of [0, 1, 2, 4999, 12_345, count - 1]) expect(cards.read(at)).toEqual(card(at));
    expect(cards.read(count)).toBeUndefined();
    expect(cards.read(-1)).toBeUndefined();
    expect(cards.readIn(count, 'en-US')).toBeUndefined();
    expect(cards.byteLength).toBeGreaterThan(1 << 20);
  });

  it('reads a card in one locale: each text there, else in en-US, else empty', () => {
    const builder = new PackedCardsBuilder();
    builder.add({
      url: '/partners/a',
      imageUrl: '/logos/a.svg',
      titles: { 'en-US': 'Acme', 'fr-FR': 'Acmé', 'de-DE': '' },
      summaries: { 'en-US': 'Cloud work.', 'de-DE': 'Wolken.' },
      badgeIds: [3, 1],
      contactSlug: 'acme',
    });
    builder.add({
      url: '/partners/b',
      imageUrl: '/logos/b.svg',
      titles: { 'ja-JP': 'ビー' },
      summaries: {},
      badgeIds: [],
    });
    const cards = builder.build();
    const shared = { url: '/partners/a', imageUrl: '/logos/a.svg', badgeIds: [3, 1] };
    expect(cards.readIn(0, 'fr-FR')).toEqual({
      ...shared,
      title: 'Acmé',
      summary: 'Cloud work.',
      contactSlug: 'acme',
    });
    // An empty title counts as none; a locale no card has reads en-US.
    expect(cards.readIn(0, 'de-DE')).toMatchObject({ title: 'Acme', summary: 'Wolken.' });
    expect(cards.readIn(0, 'ar-SA')).toMatchObject({ title: 'Acme', summary: 'Cloud work.' });
    // Without en-US: its own locale only, else nothing.
    expect(cards.readIn(1, 'ja-JP')).toMatchObject({ title: 'ビー', summary: '' });
    expect(cards.readIn(1, 'en-US')).toEqual({
      url: '/partners/b',
      imageUrl: '/logos/b.svg',
      title: '',
      summary: '',
      badgeIds: [],
      contactSlug: undefined,
    });
    expect(cards.read(0)?.titles).toEqual({ 'en-US': 'Acme', 'fr-FR': 'Acmé', 'de-DE': '' });
  });
});
