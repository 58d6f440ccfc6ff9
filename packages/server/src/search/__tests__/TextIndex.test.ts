import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  ChunkedInts,
  FIELD_BITS,
  FIELD_MASK,
  SUMMARY,
  TITLE,
  TextIndex,
  TextIndexBuilder,
  lettersOf,
  skipsOf,
} from '../TextIndex';
import { EXACT, ONE_TYPO, PREFIX } from '../typoBudget';

type Index = ReturnType<TextIndexBuilder['build']>;

/** The fields of each partner (0 to 3) where the term matches, by the runs of expand(). */
function fieldsOf(index: Index, term: string, prefix: boolean) {
  const masks = [0, 0, 0, 0];
  for (const run of index.expand(term, prefix)) {
    for (const posting of index.postings.subarray(run.start, run.stop)) {
      const ordinal = posting >>> FIELD_BITS;
      masks[ordinal] = (masks[ordinal] ?? 0) | (posting & FIELD_MASK);
    }
  }
  return masks;
}

/** The terms expand() matches, with their quality. */
function termsOf(index: Index, term: string, prefix: boolean) {
  const found: [string, number][] = [];
  for (const run of index.expand(term, prefix)) {
    index.terms.forEach((candidate, at) => {
      const start = index.offsets[at] ?? 0;
      if (start >= run.start && start < run.stop) found.push([candidate, run.quality]);
    });
  }
  return found.sort();
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
    // Three letters get no typo: "clo" is not a whole word.
    expect(fieldsOf(index, 'clo', false)).toEqual([0, 0, 0, 0]);
    expect(fieldsOf(index, 'zzz', true)).toEqual([0, 0, 0, 0]);
  });

  it('marks every word a prefix begins', () => {
    // "se": Seven and Services (0), Security and Secure (2).
    expect(fieldsOf(index, 'se', true)).toEqual([TITLE | SUMMARY, 0, TITLE | SUMMARY, 0]);
    expect(fieldsOf(index, 's', true)).toEqual([TITLE | SUMMARY, 0, TITLE | SUMMARY, 0]);
  });
});

describe('TextIndex.expand', () => {
  const builder = new TextIndexBuilder();
  builder.add(0, 'Cloud Clod', 'Cloudy', 'Clouds and data');
  const index = builder.build();

  it("is built with its terms' letters, and finds what the walk over every term finds", () => {
    // The letters let a new term's typo walk pass most terms by (letters.property.test.ts).
    expect(index.letters).toEqual(lettersOf(index.terms));
    const plain = new TextIndex(index.terms, index.offsets, index.postings, skipsOf(index.terms));
    expect(plain.letters).toBeUndefined();
    for (const term of ['clou', 'cluod', 'dtaa', 'clods', 'and']) {
      expect(index.expand(term, true)).toEqual(plain.expand(term, true));
      expect(index.expand(term, false)).toEqual(plain.expand(term, false));
    }
  });

  it('says how each term matched: exact, prefix, typo', () => {
    expect(termsOf(index, 'clou', true)).toEqual([
      ['clod', ONE_TYPO],
      ['cloud', PREFIX],
      ['clouds', PREFIX],
      ['cloudy', PREFIX],
    ]);
    expect(termsOf(index, 'cloud', false)).toEqual([
      ['clod', ONE_TYPO],
      ['cloud', EXACT],
      ['clouds', ONE_TYPO],
      ['cloudy', ONE_TYPO],
    ]);
    // A beginning within one typo: "clud" begins cloud, clouds and cloudy with one typo.
    expect(termsOf(index, 'clud', true).map(([term]) => term)).toEqual([
      'clod',
      'cloud',
      'clouds',
      'cloudy',
    ]);
    expect(termsOf(index, 'data', false)).toEqual([['data', EXACT]]);
    expect(termsOf(index, 'dat', false)).toEqual([]);
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

  it('keeps every 32-bit integer, either sign, whatever bytes it takes', () => {
    const values = [0, 1, -1, 63, 64, -64, -65, 127, 128, 8191, 8192, 2 ** 31 - 1, -(2 ** 31)];
    const ints = new ChunkedInts(4);
    for (let round = 0; round < 400; round += 1) for (const value of values) ints.push(value);
    const seen: number[] = [];
    ints.forEach((value) => seen.push(value));
    expect(seen).toEqual(Array.from({ length: 400 }, () => values).flat());
  });
});
