import { partnerSchema } from '@partners-network/contract';
import type { Partner } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { cardOf, copyCard } from '../buildSite';

const texts = {
  titles: { 'en-US': 'Acme Cloud' },
  summaries: { 'en-US': 'Migrations and managed services.' },
  imageUrl: 'https://example.test/logo.svg',
  url: 'https://example.test/acme',
  badgeIds: [1, 2],
};
const item = (id: number, name: string) => ({
  id,
  groupPosition: 0,
  position: id,
  showAsCategory: true,
  names: new Map([['en-US', name]]),
});
const items = new Map([
  [1, item(1, 'Gold')],
  [2, item(2, 'Cloud')],
]);
const contactable = cardOf({ ...texts, contactSlug: 'acme-cloud' }, 'en-US', items);
const uncontactable = cardOf(texts, 'en-US', items);

describe('cardOf and copyCard', () => {
  it('give every card, kept or copied, every field of the contract in one order', () => {
    const keys = Object.keys(partnerSchema.shape);
    for (const card of [contactable, uncontactable, copyCard(contactable)]) {
      expect(Object.keys(card)).toEqual(keys);
    }
  });

  it('send a card as JSON without the fields it does not have', () => {
    expect(JSON.parse(JSON.stringify(uncontactable))).toEqual({
      image: { url: 'https://example.test/logo.svg' },
      categories: [{ name: 'Gold' }, { name: 'Cloud' }],
      title: 'Acme Cloud',
      summary: 'Migrations and managed services.',
      url: 'https://example.test/acme',
    });
    expect(JSON.parse(JSON.stringify(contactable))).toHaveProperty('contact', {
      slug: 'acme-cloud',
    });
  });

  it('copies into a new object, the same JSON, and marks on the copy stay off the kept card', () => {
    const copy: Partner = copyCard(contactable);
    expect(copy).not.toBe(contactable);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(contactable));
    copy.distance = { km: 12, city: 'Lyon', country: 'FR' };
    copy.highlights = { title: [], summary: [] };
    expect(contactable.distance).toBeUndefined();
    expect(contactable.highlights).toBeUndefined();
    expect(JSON.parse(JSON.stringify(copy))).toHaveProperty('distance.city', 'Lyon');
  });
});
