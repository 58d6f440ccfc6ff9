import { describe, expect, it } from 'vitest';
import { Bitset } from '../Bitset';
import type { TermSet } from '../TermSet';
import { TermSetCache, termSetsKind } from '../TermSet';
import { TextIndex } from '../TextIndex';

const text = new TextIndex([], new Int32Array(1), new Int32Array(0));

/** A term set told apart by its one partner. */
function termSet(ordinal: number): TermSet {
  const set = new Bitset(64);
  set.add(ordinal);
  return { set, expanded: { text, runs: [] } };
}

describe('TermSetCache', () => {
  it('finds a term by its locale, its kind (prefix or whole) and its text, each apart', () => {
    const cache = new TermSetCache(termSetsKind());
    const kept = [
      ['en-US', 'cloud', false],
      ['en-US', 'cloud', true],
      ['fr-FR', 'cloud', false],
      ['en-US', 'data', false],
    ] as const;
    kept.forEach(([locale, term, prefix], at) => cache.keep(locale, term, prefix, termSet(at)));
    kept.forEach(([locale, term, prefix], at) => {
      expect(cache.find(locale, term, prefix)?.set.has(at)).toBe(true);
    });
    // The same text made another way is the same term.
    expect(cache.find('en-US', ['clo', 'ud'].join(''), false)?.set.has(0)).toBe(true);
    expect(cache.find('de-DE', 'cloud', false)).toBeUndefined();
  });

  it('answers from the cache past its recent ones, and counts every lookup once', () => {
    const kind = termSetsKind();
    const cache = new TermSetCache(kind);
    // More terms than the recent ones hold: the first ones are found in the cache.
    for (let at = 0; at < 20; at += 1) cache.keep('en-US', `term${at}`, false, termSet(at));
    for (let at = 0; at < 20; at += 1) {
      expect(cache.find('en-US', `term${at}`, false)?.set.has(at)).toBe(true);
    }
    expect(cache.find('en-US', 'other', false)).toBeUndefined();
    expect({ hits: kind.hits, misses: kind.misses }).toEqual({ hits: 20, misses: 1 });
  });

  it('forgets its recent terms with the cache (a warm-up leaves none behind)', () => {
    const cache = new TermSetCache(termSetsKind());
    cache.keep('en-US', 'cloud', true, termSet(1));
    cache.clear();
    expect(cache.entries).toBe(0);
    expect(cache.find('en-US', 'cloud', true)).toBeUndefined();
  });
});
