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
    expect(cards.byteLength).toBeGreaterThan(1 << 20);
  });
});
