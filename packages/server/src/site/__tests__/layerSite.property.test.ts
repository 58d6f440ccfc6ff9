/**
 * Changes laid over a whole build must answer exactly what a whole build of the changed
 * site answers: the same partners in the same order, the same counts, the same cards.
 * Generated directories, changes (edits, moves, removals, additions, an id used again)
 * and searches, compared by brute force against buildSite.
 */
import * as fc from 'fast-check';
import { Bitset } from '../../search/Bitset';
import { describe, expect, it } from 'vitest';
import { countsFor } from '../../answer/__tests__/countsFor';
import { answerCaches } from '../../answer/AnswerCaches';
import { SiteAnswers } from '../../answer/SiteAnswers';
import { searchTerms } from '../../search/searchTerms';
import type { SiteChanges, StoredSite } from '../../store/PartnerSource';
import type { SiteDefinitions, StoredPartner, StoredTuning } from '../../store/SiteRecords';
import { emptyTuning } from '../../store/SiteRecords';
import type { BuiltSite } from '../buildSite';
import { buildSite } from '../buildSite';
import { layerSite } from '../layerSite';

const SCOPE = { companyId: 'c', scopeGroupId: 's' };
const GROUPS = [
  [10, 11, 12],
  [20, 21],
];
const WORDS = ['cloud', 'clod', 'data', 'date', 'security', 'secure', 'zurich', 'мост'];

const definitions: SiteDefinitions = {
  locales: ['en-US'],
  groups: GROUPS.map((_, at) => ({
    id: at + 1,
    key: `g${at}`,
    position: at,
    showAsCategory: true,
    names: { 'en-US': `group ${at}` },
  })),
  items: GROUPS.flatMap((ids, at) =>
    ids.map((id, position) => ({
      id,
      groupId: at + 1,
      position,
      names: { 'en-US': WORDS[id % WORDS.length] ?? 'item' },
    })),
  ),
  globalFilters: [
    { id: 1, name: 'main', position: 0, labels: {}, groupIds: [1, 2] },
    { id: 2, name: 'other', position: 1, labels: {}, groupIds: [1] },
  ],
  defaultGlobalFilterId: 1,
  nextId: 100,
};

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 });
const content = fc.record({
  title: text,
  summary: text,
  filters: fc.subarray(['main', 'other']),
  items: fc.subarray(GROUPS.flat()),
  position: fc.nat(8),
});
type Content = typeof content extends fc.Arbitrary<infer T> ? T : never;

function partnerOf(id: number, made: Content): StoredPartner {
  return {
    id,
    slug: `p${id}`,
    position: made.position,
    record: {
      title: { 'en-US': made.title.join(' ') },
      summary: { 'en-US': made.summary.join(' ') },
      url: `https://partners.example/${id}`,
      imageUrl: '',
      globalFilters: made.filters,
      filterItemIds: made.items,
    },
  };
}

function inEditorialOrder(partners: StoredPartner[]): StoredPartner[] {
  return [...partners].sort((a, b) => a.position - b.position || a.id - b.id);
}

function site(
  version: number,
  partners: StoredPartner[],
  tuning: StoredTuning = emptyTuning(),
): StoredSite {
  return {
    id: 1,
    scope: SCOPE,
    version,
    definitions,
    tuning,
    partners: inEditorialOrder(partners),
  };
}

/** Synonyms between words of the vocabulary, and a rule pinning and hiding partners by id. */
const tuning = fc.record({
  synonyms: fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS, 'data cloud')), {
    maxLength: 3,
  }),
  /** Most often the rule is for the query searched, so its pins and hides are seen. */
  ruleOnQuery: fc.boolean(),
  rule: fc.record({
    query: fc.constantFrom(...WORDS),
    pinned: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
    hidden: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
  }),
});

function storedTuning(made: typeof tuning extends fc.Arbitrary<infer T> ? T : never): StoredTuning {
  const partner = (id: number) => ({ slug: `p${id}`, id });
  return {
    synonymSets: made.synonyms.map(([from, to]) => ({ kind: 'oneWay', from, to: [to] })),
    queryRules: [
      {
        query: made.rule.query,
        pinned: made.rule.pinned.map(partner),
        hidden: made.rule.hidden.map(partner),
      },
    ],
  };
}

const scenario = fc.record({
  base: fc.array(content, { maxLength: 25 }),
  /** Per base partner: kept, edited (new content) or removed. */
  fates: fc.array(fc.oneof(fc.constant('keep' as const), fc.constant('remove' as const), content), {
    maxLength: 25,
  }),
  added: fc.array(content, { maxLength: 6 }),
  /** An addition takes the id of the last partner removed, as SQLite may give it again. */
  reuseId: fc.boolean(),
  tuning,
  query: fc.record({
    filter: fc.constantFrom(1, 2),
    text: fc.array(fc.constantFrom(...WORDS, 'clou', 'dat', 'secuirty', 'zz'), { maxLength: 2 }),
    ticked: fc.tuple(fc.subarray(GROUPS[0] ?? []), fc.subarray(GROUPS[1] ?? [])),
    /** The first partners a server finds alone (a page, or its first pages). */
    limit: fc.integer({ min: 0, max: 12 }),
  }),
});

function urls(built: BuiltSite, ordinals: Int32Array): string[] {
  return Array.from(ordinals, (ordinal) => built.cards.read(ordinal)?.url ?? 'none');
}

describe('changes laid over a whole build', () => {
  it('answer as a whole build of the changed site does', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ base, fates, added, reuseId, tuning, query }) => {
        const before = base.map((made, at) => partnerOf(at + 1, made));
        const whole = await buildSite(site(1, before), { workerFrom: Infinity });

        const after: StoredPartner[] = [];
        const typed = query.text.join(' ');
        const tuned = storedTuning(
          tuning.ruleOnQuery && typed !== ''
            ? { ...tuning, rule: { ...tuning.rule, query: typed } }
            : tuning,
        );
        const changes: SiteChanges = {
          version: 2,
          definitions,
          tuning: tuned,
          upserts: [],
          removedIds: [],
        };
        before.forEach((partner, at) => {
          const fate = fates[at] ?? 'keep';
          if (fate === 'keep') after.push(partner);
          else if (fate === 'remove') changes.removedIds.push(partner.id);
          else {
            const edited = partnerOf(partner.id, fate);
            after.push(edited);
            changes.upserts.push(edited);
          }
        });
        const reused = reuseId ? changes.removedIds.at(-1) : undefined;
        added.forEach((made, at) => {
          const id = at === 0 && reused !== undefined ? reused : 1000 + at;
          const partner = partnerOf(id, made);
          after.push(partner);
          changes.upserts.push(partner);
        });
        changes.upserts = inEditorialOrder(changes.upserts);

        const laid = await layerSite(SCOPE, whole.whole, changes);
        const expected = await buildSite(site(2, after, tuned), { workerFrom: Infinity });

        const terms = searchTerms(query.text.join(' '));
        const itemGroups = query.ticked.filter((group) => group.length > 0);
        const indexQuery = { locale: 'en-US', globalFilterId: query.filter, itemGroups, terms };
        const laidFound = laid.index.find(indexQuery);
        const expectedFound = expected.index.find(indexQuery);
        expect(urls(laid, laidFound)).toEqual(urls(expected, expectedFound));
        // A first page alone, as a server finds it: merged from each layer's first ones.
        const laidFirst = laid.index.findFirst(indexQuery, query.limit);
        expect(urls(laid, laidFirst.ordinals)).toEqual(
          urls(expected, expectedFound.subarray(0, query.limit)),
        );
        expect(laidFirst.total).toBe(expectedFound.length);
        // A page near a point: inside a radius (here: two partners in three), read to the
        // end of the rank that crosses its end.
        const inside = (built: BuiltSite) => {
          const within = new Bitset(built.index.size);
          for (let ordinal = 0; ordinal < built.index.size; ordinal += 1) {
            if ((built.idOf(ordinal) ?? 0) % 3 !== 0) within.add(ordinal);
          }
          return within;
        };
        const nearFirst = (built: BuiltSite) => {
          // Short pages, so that a rank often crosses their end in both layers.
          const first = built.index.findFirst(indexQuery, query.limit % 3, {
            within: inside(built),
            wholeRank: true,
          });
          return { urls: urls(built, first.ordinals), scores: first.scores, total: first.total };
        };
        expect(nearFirst(laid)).toEqual(nearFirst(expected));

        const count = (built: BuiltSite, total: number) =>
          countsFor(built.index, {
            globalFilterId: query.filter,
            globalFilters: [
              { id: 1, name: 'main' },
              { id: 2, name: 'other' },
            ],
            groups: GROUPS,
            itemGroups,
            text: query.text.join(' '),
            total,
          });
        expect(count(laid, laidFound.length)).toEqual(count(expected, expectedFound.length));
        // The whole answer as a server gives it: cards, highlights, counts, steps back.
        const asked = {
          globalFilter: query.filter === 1 ? 'main' : 'other',
          text: query.text.join(' '),
          filterItemIds: itemGroups.flat(),
          offset: 0,
          resultsPerPage: Math.max(1, query.limit),
        };
        expect(new SiteAnswers(laid, answerCaches()).answer(asked, 'en-US')).toEqual(
          new SiteAnswers(expected, answerCaches()).answer(asked, 'en-US'),
        );
        expect(laid.size).toBe(expected.size);
        expect(laid.info.globalFilters.map((filter) => filter.partnerCount)).toEqual(
          expected.info.globalFilters.map((filter) => filter.partnerCount),
        );
        expect(laid.info.defaultGlobalFilter?.partnerCount).toBe(
          expected.info.defaultGlobalFilter?.partnerCount,
        );
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('over 100 partners, an edit moves a partner and keeps the rest in place', async () => {
    const made = (position: number, title: string): Content => ({
      title: [title],
      summary: ['data'],
      filters: ['main'],
      items: [],
      position,
    });
    const before = Array.from({ length: 100 }, (_, at) =>
      partnerOf(at + 1, made(at, at % 2 ? 'cloud' : 'zurich')),
    );
    const whole = await buildSite(site(1, before), { workerFrom: Infinity });
    const moved = partnerOf(50, made(-1, 'secure'));
    const laid = await layerSite(SCOPE, whole.whole, {
      version: 2,
      definitions,
      tuning: emptyTuning(),
      upserts: [moved],
      removedIds: [7],
    });
    const all = urls(
      laid,
      laid.index.find({ locale: 'en-US', globalFilterId: 1, itemGroups: [], terms: [] }),
    );
    expect(all).toHaveLength(99);
    expect(all[0]).toBe('https://partners.example/50');
    expect(all).not.toContain('https://partners.example/7');
    expect(all.filter((url) => url === 'https://partners.example/50')).toHaveLength(1);
    const secure = laid.index.find({
      locale: 'en-US',
      globalFilterId: 1,
      itemGroups: [],
      terms: ['secure'],
    });
    expect(urls(laid, secure)).toEqual(['https://partners.example/50']);
  });
});
