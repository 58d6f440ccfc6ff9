import { partnerSchema } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { cardOf } from '../buildSite';

const texts = {
  title: 'Acme Cloud',
  summary: 'Migrations and managed services.',
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

describe('cardOf', () => {
  it('gives every card every field of the contract in one order', () => {
    const keys = Object.keys(partnerSchema.shape);
    for (const card of [contactable, uncontactable]) {
      expect(Object.keys(card)).toEqual(keys);
    }
  });

  it('sends a card as JSON without the fields it does not have', () => {
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
});
