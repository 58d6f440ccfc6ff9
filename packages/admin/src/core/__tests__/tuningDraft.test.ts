import { describe, expect, it } from 'vitest';
import type { SiteTuning } from '@partners-network/contract';
import {
  addQueryRule,
  checkTuning,
  movePinned,
  placePartner,
  splitPhrases,
  tuningDraftOf,
  tuningOf,
  updateSynonymSet,
} from '../tuningDraft';

const WORDS = { needsTwoPhrases: 'two', needsOneTarget: 'one', tooManyPinned: 'many' };

const saved: SiteTuning = {
  synonymSets: [
    { kind: 'equivalent', phrases: ['cloud native', 'kubernetes'] },
    { kind: 'oneWay', from: 'k8s', to: ['kubernetes', 'containers'] },
  ],
  queryRules: [{ query: 'erp', pinned: ['b', 'a'], hidden: ['c'] }],
};

describe('the tuning draft', () => {
  it('becomes the tuning it was made from', () => {
    expect(tuningOf(tuningDraftOf(saved))).toEqual(saved);
    expect(checkTuning(tuningDraftOf(saved), WORDS)).toEqual({ ok: true, tuning: saved });
  });

  it('reads phrases separated by commas, spaces and empty ones aside', () => {
    expect(splitPhrases(' cloud native ,, k8s ,')).toEqual(['cloud native', 'k8s']);
  });

  it('orders pinned partners and never pins and hides one at once', () => {
    expect(movePinned(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(movePinned(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    const rule = { key: 1, query: 'erp', pinned: ['a'], hidden: ['b'] };
    expect(placePartner(rule, 'b', 'pinned')).toEqual({ pinned: ['a', 'b'], hidden: [] });
    expect(placePartner(rule, 'a', 'hidden')).toEqual({ pinned: [], hidden: ['b', 'a'] });
  });

  it('names the set or rule of each problem by its key, in its own words or the schema’s', () => {
    let draft = tuningDraftOf(saved);
    const [first] = draft.synonymSets;
    draft = updateSynonymSet(draft, first?.key ?? 0, { phrases: 'cloud' });
    draft = addQueryRule(draft, 'a/b');
    const rule = draft.queryRules.at(-1);
    expect(checkTuning(draft, WORDS)).toEqual({
      ok: false,
      problems: [
        { field: `synonymSets.${first?.key}.phrases`, message: 'two' },
        {
          field: `queryRules.${rule?.key}.query`,
          message: 'a phrase is letters or digits, with spaces, hyphens or apostrophes',
        },
      ],
    });
  });
});
