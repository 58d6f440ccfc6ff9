import { describe, expect, it } from 'vitest';
import { CATEGORIES, ChunkedInts, SUMMARY, TITLE, TextIndexBuilder } from '../TextIndex';

function fieldsOf(index: ReturnType<TextIndexBuilder['build']>, term: string, prefix: boolean) {
  const masks = new Uint8Array(4);
  index.markFields(term, prefix, masks);
  return Array.from(masks);
}

describe('TextIndex', () => {
  const builder = new TextIndexBuilder();
  // Out of order on purpose: postings are sorted when the index is laid out.
  builder.add(2, 'Security Partners', 'Paris', 'Secure cloud');
  builder.add(0, 'Cloud Seven', 'Zurich', 'Services');
  builder.add(1, 'Data Labs', 'Cloud', 'cloud, cloud and more cloud');
  const index = builder.build();

  it('sorts its terms so the words of a prefix are neighbours', () => {
    expect(index.terms).toEqual([...index.terms].sort());
    expect(index.terms.filter((term) => term.startsWith('se'))).toEqual([
      'secure',
      'security',
      'services',
      'seven',
    ]);
  });

  it('marks the fields a whole word occurs in, per partner', () => {
    expect(fieldsOf(index, 'cloud', false)).toEqual([TITLE, CATEGORIES | SUMMARY, SUMMARY, 0]);
    expect(fieldsOf(index, 'clou', false)).toEqual([0, 0, 0, 0]);
    expect(fieldsOf(index, 'zzz', true)).toEqual([0, 0, 0, 0]);
  });

  it('marks every word a prefix begins', () => {
    // "se": Seven and Services (0), Security and Secure (2).
    expect(fieldsOf(index, 'se', true)).toEqual([TITLE | SUMMARY, 0, TITLE | SUMMARY, 0]);
    expect(fieldsOf(index, 's', true)).toEqual([TITLE | SUMMARY, 0, TITLE | SUMMARY, 0]);
  });
});

describe('ChunkedInts', () => {
  it('keeps values in order across chunks and can be reused', () => {
    const ints = new ChunkedInts();
    const count = (1 << 20) + 5;
    for (let value = 0; value < count; value += 1) ints.push(value - 3);
    let expected = -3;
    let inOrder = true;
    ints.forEach((value) => {
      if (value !== expected) inOrder = false;
      expected += 1;
    });
    expect(inOrder).toBe(true);
    expect(ints.length).toBe(count);
    ints.clear();
    ints.push(42);
    const seen: number[] = [];
    ints.forEach((value) => seen.push(value));
    expect(seen).toEqual([42]);
  });
});
