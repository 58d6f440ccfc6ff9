/**
 * The index against a plain, obviously correct reference (lucaong/minisearch's way):
 * on generated directories and searches, the index must find, rank and count exactly
 * what a brute-force reading of every partner finds.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsFor } from '../../answer/__tests__/countsFor';
import { Bitset } from '../Bitset';
import { SiteIndexBuilder } from '../SiteIndex';
import { searchTerms } from '../searchTerms';

interface Partner {
  title: string;
  categories: string;
  summary: string;
  inFilter: boolean;
  items: number[];
}

const GROUPS = [
  [10, 11, 12],
  [20, 21],
];
const VOCABULARY = [
  'cloud',
  'clod',
  'cloudy',
  'data',
  'date',
  'ab',
  'abcd',
  'security',
  'secure',
  'securities',
  'société',
  'москва',
  'мост',
  'zurich',
];

/** Optimal string alignment distance, by the book. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      let best = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Match quality of a word for a term: 3 exact, 2 prefix, 1 one typo, 0 two, -1 none. */
function quality(term: string, word: string, prefix: boolean): number {
  if (word === term) return 3;
  if (prefix && word.startsWith(term)) return 2;
  const letters = [...term].length;
  const budget = letters >= 8 ? 2 : letters >= 4 ? 1 : 0;
  let best = distance(term, word);
  if (prefix) {
    for (let end = 0; end <= word.length; end += 1) {
      best = Math.min(best, distance(term, word.slice(0, end)));
    }
  }
  if (best === 0 || best > budget) return -1;
  return best === 1 ? 1 : 0;
}

/** A partner's value for a term: best quality * 4 + field weight, or -1. */
function value(partner: Partner, term: string, prefix: boolean): number {
  let best = -1;
  const fields: [string, number][] = [
    [partner.title, 3],
    [partner.categories, 2],
    [partner.summary, 1],
  ];
  for (const [text, weight] of fields) {
    for (const word of searchTerms(text)) {
      const found = quality(term, word, prefix);
      if (found >= 0) best = Math.max(best, found * 4 + weight);
    }
  }
  return best;
}

function matches(partner: Partner, terms: readonly string[]): boolean {
  return [...new Set(terms)].every((term) => value(partner, term, term === terms.at(-1)) >= 0);
}

function referenceFind(
  partners: readonly Partner[],
  itemGroups: readonly (readonly number[])[],
  terms: readonly string[],
): number[] {
  const found: { ordinal: number; score: number }[] = [];
  partners.forEach((partner, ordinal) => {
    if (!partner.inFilter) return;
    if (!itemGroups.every((group) => group.some((id) => partner.items.includes(id)))) return;
    if (!matches(partner, terms)) return;
    const values = [...new Set(terms)].map((term) => value(partner, term, term === terms.at(-1)));
    let score = values.reduce((sum, found) => sum + (found >> 2) * 64 + (found & 3), 0);
    const exactTitle = searchTerms(partner.title).join(' ') === terms.join(' ');
    if (terms.length > 0 && exactTitle && values.every((found) => found === 15)) score += 32768;
    found.push({ ordinal, score });
  });
  return found
    .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal)
    .map((entry) => entry.ordinal);
}

function buildIndex(partners: readonly Partner[]) {
  const builder = new SiteIndexBuilder(partners.length);
  partners.forEach((partner, ordinal) => {
    if (partner.inFilter) builder.addToGlobalFilter(1, ordinal);
    for (const item of partner.items) builder.addToItem(item, ordinal);
  });
  builder.addLocale(
    'en-US',
    partners.map((partner, ordinal) => ({ ordinal, documentId: ordinal, ...partner })),
  );
  return builder.build();
}

/** One edit of a word: insert, delete, replace, or swap two neighbours. */
function edit(word: string, kind: number, at: number, letter: string): string {
  const i = at % (word.length + 1);
  if (kind === 0) return word.slice(0, i) + letter + word.slice(i);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + letter + word.slice(i + 1);
  return word.slice(0, i) + word.slice(i + 1, i + 2) + word.slice(i, i + 1) + word.slice(i + 2);
}
const anEdit = fc.tuple(fc.nat(3), fc.nat(12), fc.constantFrom('a', 'e', 'o', 'x', 'с'));
const typo = fc
  .tuple(fc.constantFrom(...VOCABULARY), fc.array(anEdit, { minLength: 1, maxLength: 3 }))
  .map(([start, edits]) =>
    edits.reduce((text, [kind, at, letter]) => edit(text, kind, at, letter), start),
  );
const word = fc.oneof(
  fc.constantFrom(...VOCABULARY),
  typo,
  // Random words over the letters of the vocabulary: typos of its words, and strangers.
  fc.string({ unit: fc.constantFrom('c', 'l', 'o', 'u', 'd', 'a', 't', 'е'), maxLength: 9 }),
);
const text = fc.array(word, { maxLength: 3 }).map((words) => words.join(' '));
const partner = fc.record({
  title: fc
    .array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 })
    .map((words) => words.join(' ')),
  categories: text,
  summary: text,
  inFilter: fc.boolean(),
  items: fc.subarray(GROUPS.flat()),
});
const ticked = fc.tuple(fc.subarray(GROUPS[0] ?? []), fc.subarray(GROUPS[1] ?? []));
const search = fc.record({
  // Some searches are a partner's title exactly.
  text: fc.oneof(text, fc.constantFrom(...VOCABULARY)),
  ticked,
  limit: fc.integer({ min: 0, max: 35 }),
  // The partners within a radius, when there is one: each ordinal in or out.
  within: fc.option(fc.array(fc.boolean(), { maxLength: 30 })),
});

describe('SiteIndex against a brute-force reference', () => {
  it('finds and orders the same partners', () => {
    fc.assert(
      fc.property(fc.array(partner, { maxLength: 30 }), search, (partners, query) => {
        const index = buildIndex(partners);
        const terms = searchTerms(query.text);
        const itemGroups = query.ticked.filter((group) => group.length > 0);
        const found = index.find({ locale: 'en-US', globalFilterId: 1, itemGroups, terms });
        const expected = referenceFind(partners, itemGroups, terms);
        expect(Array.from(found)).toEqual(expected);
        // A first page alone: the same first partners, and the whole answer's total.
        const first = index.findFirst(
          { locale: 'en-US', globalFilterId: 1, itemGroups, terms },
          query.limit,
        );
        expect(Array.from(first.ordinals)).toEqual(expected.slice(0, query.limit));
        expect(first.total).toBe(expected.length);
      }),
      { numRuns: 200 },
    );
    // The reference reads every word of every partner: slow on purpose.
  }, 30_000);

  it('reads a first page to the end of its last rank, inside a radius', () => {
    fc.assert(
      // Short pages, so that a rank often crosses their end.
      fc.property(
        fc.array(partner, { maxLength: 30 }),
        search,
        fc.nat(4),
        (partners, query, limit) => {
          const index = buildIndex(partners);
          const terms = searchTerms(query.text);
          const itemGroups = query.ticked.filter((group) => group.length > 0);
          const asked = { locale: 'en-US', globalFilterId: 1, itemGroups, terms };
          const inside = (ordinal: number) => !query.within || (query.within[ordinal] ?? true);
          const within = new Bitset(index.size);
          partners.forEach((_, ordinal) => inside(ordinal) && within.add(ordinal));
          const first = index.findFirst(asked, limit, { within, wholeRank: true });
          // The whole answer, ranked, kept to the radius; cut after the rank that crosses the
          // limit (without text all rank alike: all of it).
          const whole = index.findFirst(asked, Infinity);
          const kept = Array.from(whole.ordinals.keys()).filter((at) =>
            inside(whole.ordinals[at] ?? -1),
          );
          const rankOf = (at: number | undefined) =>
            at === undefined ? undefined : (whole.scores?.[at] ?? 0);
          const crossing = rankOf(kept[limit - 1]);
          let end = Math.min(limit, kept.length);
          while (end < kept.length && rankOf(kept[end]) === crossing) end += 1;
          if (terms.length === 0) end = kept.length;
          const read = kept.slice(0, end);
          expect(Array.from(first.ordinals)).toEqual(read.map((at) => whole.ordinals[at]));
          expect(Array.from(first.scores ?? [])).toEqual(
            whole.scores ? read.map((at) => whole.scores?.[at]) : [],
          );
          expect(first.total).toBe(kept.length);
          // As a set: listed up to the limit, the crossing rank whole when it runs past it.
          const asSet = index.findFirst(asked, limit, { within, wholeRank: 'set' });
          const crosses = terms.length > 0 && end > limit;
          expect(Array.from(asSet.ordinals)).toEqual(
            Array.from(first.ordinals.subarray(0, crosses ? limit : end)),
          );
          const rank = read.slice(limit).map((at) => whole.ordinals[at] ?? -1);
          const inPage = read.slice(0, limit).filter((at) => rankOf(at) === crossing);
          expect(asSet.crossingRank ? Array.from(asSet.crossingRank.toArray()) : []).toEqual(
            crosses ? [...inPage.map((at) => whole.ordinals[at] ?? -1), ...rank] : [],
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers a search as a fresh index does after other searches (no scratch left over)', () => {
    fc.assert(
      // Searches of one term go through OneTermRanking's levels, reused by every search; a
      // search of several reads a kept term's values for its candidates alone, into scratch
      // values every search of several terms writes.
      fc.property(
        fc.array(partner, { maxLength: 30 }),
        fc.array(
          fc
            .array(fc.oneof(word, fc.constantFrom(...VOCABULARY)), { minLength: 1, maxLength: 3 })
            .map((words) => words.join(' ')),
          { minLength: 2, maxLength: 4 },
        ),
        fc.nat(12),
        (partners, words, limit) => {
          const index = buildIndex(partners);
          const asked = (text: string) => ({
            locale: 'en-US',
            globalFilterId: 1,
            itemGroups: [],
            terms: searchTerms(text),
          });
          // Each text, then its words alone, then it again: its terms kept by then.
          const asks = words.flatMap((text) => [text, ...text.split(' '), text]);
          for (const text of asks) {
            const after = index.findFirst(asked(text), limit, { wholeRank: 'set' });
            const fresh = buildIndex(partners).findFirst(asked(text), limit, {
              wholeRank: 'set',
            });
            expect(Array.from(after.ordinals)).toEqual(Array.from(fresh.ordinals));
            expect(Array.from(after.scores ?? [])).toEqual(Array.from(fresh.scores ?? []));
            expect(after.total).toBe(fresh.total);
            expect(after.crossingRank?.toArray()).toEqual(fresh.crossingRank?.toArray());
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts each item disjunctively and each global filter by the text', () => {
    fc.assert(
      fc.property(fc.array(partner, { maxLength: 30 }), search, (partners, query) => {
        const index = buildIndex(partners);
        const terms = searchTerms(query.text);
        const itemGroups = query.ticked.filter((group) => group.length > 0);
        const total = referenceFind(partners, itemGroups, terms).length;
        const answer = countsFor(index, {
          globalFilterId: 1,
          globalFilters: [{ id: 1, name: 'main' }],
          groups: GROUPS,
          itemGroups,
          text: query.text,
          total,
        });
        const matching = partners.filter((one) => matches(one, terms));
        expect(answer.globalFilterCounts).toEqual([
          { name: 'main', count: matching.filter((one) => one.inFilter).length },
        ]);
        GROUPS.forEach((ids, at) => {
          const others = query.ticked.filter((group, other) => other !== at && group.length > 0);
          const expected = ids.map(
            (id) =>
              matching.filter(
                (one) =>
                  one.inFilter &&
                  one.items.includes(id) &&
                  others.every((group) => group.some((other) => one.items.includes(other))),
              ).length,
          );
          const counts = answer.itemCounts[at];
          expect(counts).toEqual(expected);
        });
        if (total > 0) expect(answer.zeroResultSteps).toBeUndefined();
        for (const step of answer.zeroResultSteps ?? []) {
          const groups = GROUPS.map((ids) =>
            ids.filter((id) => step.filterItemIds.includes(id)),
          ).filter((group) => group.length > 0);
          expect(step.totalFound).toBe(
            referenceFind(partners, groups, searchTerms(step.text)).length,
          );
        }
      }),
      { numRuns: 200 },
    );
    // The reference reads every word of every partner: slow on purpose.
  }, 30_000);
});
