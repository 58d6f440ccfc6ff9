import { describe, expect, it } from 'vitest';
import { partnerRowSchema } from '@partners-network/contract';
import { checkDraft, draftOf, rowOf } from '../partnerDraft';

const loaded = {
  slug: 'muller-cloud',
  title: { 'en-US': 'Müller Cloud GmbH', 'de-DE': 'Müller Wolke GmbH' },
  summary: { 'en-US': 'Data platforms' },
  url: '/partners/muller-cloud',
  imageUrl: '/logos/muller.svg',
  position: 10,
  globalFilters: ['tech'],
  filterItemIds: [102],
  locations: [{ city: 'Zürich', country: 'CH', latitude: 47.37, longitude: 8.54 }],
};

describe('the partner draft', () => {
  it('becomes the partner it was made from, its unknown fields kept', () => {
    expect(rowOf(draftOf(loaded))).toEqual(loaded);
  });

  it('leaves out empty texts, an empty logo and an empty position', () => {
    const draft = {
      ...draftOf(loaded),
      title: { 'en-US': 'Müller', 'de-DE': '  ' },
      imageUrl: ' ',
      position: '',
    };
    const row = rowOf(draft);
    expect(row.title).toEqual({ 'en-US': 'Müller' });
    expect(row).not.toHaveProperty('imageUrl');
    expect(row).not.toHaveProperty('position');
  });

  it('refuses what the API refuses, with its messages, one per field', () => {
    const draft = {
      ...draftOf(loaded),
      url: 'javascript:alert(1)',
      position: 'first',
      globalFilters: [],
    };
    const check = checkDraft(draft);
    expect(check.ok).toBe(false);
    const expected = partnerRowSchema.safeParse(rowOf(draft));
    expect(check.ok ? [] : check.problems).toEqual([
      { field: 'url', message: 'url must be a path starting with / or an http(s) address' },
      { field: 'position', message: 'position must be a whole number' },
      { field: 'globalFilters', message: 'at least one global filter is needed' },
    ]);
    expect(expected.success ? [] : expected.error.issues.map((issue) => issue.message)).toEqual([
      'url must be a path starting with / or an http(s) address',
      'position must be a whole number',
      'at least one global filter is needed',
    ]);
  });

  it('accepts a good draft and gives the slug to send it to', () => {
    expect(checkDraft(draftOf(loaded))).toEqual({ ok: true, slug: 'muller-cloud', row: loaded });
  });
});
