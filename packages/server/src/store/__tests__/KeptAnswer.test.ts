import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { StoreSearchResult } from '../../store/PartnerStore';
import { KeptAnswer } from '../KeptAnswer';
import { searchResponseOf } from '../searchResponseOf';

const answer: StoreSearchResult = {
  partners: [
    {
      image: { url: '/logos/acme.png' },
      categories: [{ name: 'Cloud' }],
      title: 'Acmé Cloud',
      summary: 'Clouds, « déjà vu »',
      url: 'https://acme.example',
      contact: { slug: 'acme' },
      highlights: { title: [[0, 4]], summary: [] },
    },
  ],
  totalFound: 1,
  filterGroups: [{ name: 'Region', filterItems: [{ id: 3, name: 'Lyon', count: 1 }] }],
  globalFilterCounts: [{ name: 'tech', count: 1 }],
  appliedCriteria: {
    globalFilter: 'tech',
    text: 'acme',
    filterItemIds: [3],
    offset: 0,
    resultsPerPage: 10,
  },
  counted: { locale: 'fr-FR', text: 'acme', globalFilter: 'tech', itemIds: [3], key: 'k' },
  answerId: '1.abc',
};
const wire = JSON.stringify(searchResponseOf(answer));

describe('KeptAnswer', () => {
  it('keeps what the search route reads besides its JSON', () => {
    const kept = KeptAnswer.of(answer);
    expect(kept.totalFound).toBe(1);
    expect(kept.counted).toEqual(answer.counted);
    expect(kept.text()).toBe(wire);
  });

  it('gives the same JSON and the same objects back from whichever form a client took', () => {
    const brotli = KeptAnswer.of(answer);
    brotli.keepEncoded('br', brotliCompressSync(brotli.text()));
    expect(brotli.json).toBeUndefined();
    expect(brotli.text()).toBe(wire);
    expect(brotli.answer()).toEqual(answer);

    const gzip = KeptAnswer.of(answer);
    gzip.keepEncoded('gzip', gzipSync(gzip.text()));
    expect(gzip.text()).toBe(wire);

    const plain = KeptAnswer.of(answer);
    plain.keepJson(plain.text());
    plain.keepEncoded('br', brotliCompressSync(wire));
    expect(plain.json).toBe(wire);
    expect(plain.answer()).toEqual(answer);
  });
});
