import { partnerSchema } from '@partners-network/contract';
import type { Partner } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { copyCard } from '../buildSite';

/** What an answer's steps add to its own copies; kept cards never hold them. */
const MARKS = ['distance', 'highlights'];

const kept: Partner = {
  image: { url: 'https://example.test/logo.svg' },
  categories: [{ name: 'Gold' }, { name: 'Cloud' }],
  title: 'Acme Cloud',
  summary: 'Migrations and managed services.',
  url: 'https://example.test/acme',
  contact: { slug: 'acme-cloud' },
};

describe('copyCard', () => {
  it('copies every field a kept card may have, in order, into a new object', () => {
    const copy = copyCard(kept);
    expect(copy).not.toBe(kept);
    expect(copy).toStrictEqual(kept);
    // Answers are sent as JSON: the same text, field for field.
    expect(JSON.stringify(copy)).toBe(JSON.stringify(kept));
    // A field the contract gives cards that this copy would drop fails here first.
    expect(Object.keys(copy)).toEqual(
      Object.keys(partnerSchema.shape).filter((key) => !MARKS.includes(key)),
    );
  });

  it('leaves out what the card does not have, and marks on the copy stay off the kept card', () => {
    const { contact: _contact, ...uncontactable } = kept;
    const copy = copyCard(uncontactable);
    expect(copy).toStrictEqual(uncontactable);
    copy.distance = { km: 12, city: 'Lyon', country: 'FR' };
    expect(uncontactable).not.toHaveProperty('distance');
  });
});
