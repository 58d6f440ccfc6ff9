/** Packed texts come back byte for byte, in any script, past the table's bound too. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardTokensBuilder } from '../CardTokens';

describe('CardTokens', () => {
  it('unpacks every text to its UTF-8 bytes, whatever it is made of', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.constantFrom('', ' ', 'Société « Lumière » </script>', 'パートナー 🚀 42', '"a","b"'),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 20 }), (texts) => {
        const builder = new CardTokensBuilder();
        const packed = texts.map((one) => builder.pack(one).slice());
        const tokens = builder.build();
        packed.forEach((bytes, at) => {
          expect(tokens.unpack(bytes)).toBe(texts[at]);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('packs repeated words in a byte each, and words past its bound as they are', () => {
    const builder = new CardTokensBuilder();
    const sentence = 'Cloud consulting across Europe, with certified consultants.';
    const first = builder.pack(sentence).length;
    const again = builder.pack(sentence).slice();
    expect(again.length).toBeLessThan(sentence.length / 4);
    expect(first).toBe(again.length);
    // 70,000 distinct words: the table keeps 65,536, the others are packed as literals.
    const words = Array.from({ length: 70_000 }, (_, at) => `w${at}`).join(' ');
    const many = builder.pack(words).slice();
    const tail = builder.pack(' w69999 w0').slice();
    const tokens = builder.build();
    expect(tokens.unpack(again)).toBe(sentence);
    expect(tokens.unpack(many)).toBe(words);
    expect(tokens.unpack(tail)).toBe(' w69999 w0');
    // A literal carries its bytes: longer than the code of a kept word.
    expect(tail.length).toBeGreaterThan(' w69999'.length);
  });
});
