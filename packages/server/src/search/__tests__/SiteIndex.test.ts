import { describe, expect, it } from 'vitest';
import type { IndexQuery } from '../SiteIndex';
import { SiteIndexBuilder } from '../SiteIndex';

const FILTER = 1;
const OTHER_FILTER = 2;
const ZURICH = 10;
const PARIS = 11;
const GOLD = 20;

/** Partners in editorial order; document id = 100 + ordinal (en-US), 200 + ordinal (fr-FR). */
const PARTNERS = [
  {
    title: 'Alpha Data',
    categories: 'Zurich Gold',
    summary: 'Cloud migration',
    items: [ZURICH, GOLD],
  },
  { title: 'Cloud Beta', categories: 'Paris', summary: 'Data platforms', items: [PARIS] },
  { title: 'Gamma Systems', categories: 'Cloudy Gold', summary: 'Security', items: [PARIS, GOLD] },
  { title: 'Delta Labs', categories: 'Zurich', summary: 'Cloud and data', items: [ZURICH] },
  { title: 'Epsilon Cloud', categories: 'Zurich', summary: 'Outside the filter', items: [ZURICH] },
];

function buildIndex() {
  const builder = new SiteIndexBuilder(PARTNERS.length);
  PARTNERS.forEach((partner, ordinal) => {
    builder.addToGlobalFilter(ordinal === 4 ? OTHER_FILTER : FILTER, ordinal);
    for (const item of partner.items) builder.addToItem(item, ordinal);
  });
  // Documents may come in any order.
  const documents = PARTNERS.map((partner, ordinal) => ({
    ordinal,
    documentId: 100 + ordinal,
    ...partner,
  })).reverse();
  builder.addLocale('en-US', documents);
  builder.addLocale(
    'fr-FR',
    PARTNERS.map((partner, ordinal) => ({
      ordinal,
      documentId: 200 + ordinal,
      ...partner,
      summary: ordinal === 1 ? 'Plateformes de données' : partner.summary,
    })),
  );
  return builder.build();
}

const index = buildIndex();
/** Document ids of the answer: ordinals mapped to the locale's cards. */
const find = (query: Partial<IndexQuery>) => {
  const full = { locale: 'en-US', globalFilterId: FILTER, itemGroups: [], terms: [], ...query };
  return index.documentIds(full.locale, index.find(full));
};

describe('SiteIndex', () => {
  it('lists the global filter in editorial order without terms', () => {
    expect(find({})).toEqual([100, 101, 102, 103]);
    expect(find({ globalFilterId: OTHER_FILTER })).toEqual([104]);
    expect(find({ globalFilterId: 999 })).toEqual([]);
  });

  it('ORs items of a group and ANDs groups', () => {
    expect(find({ itemGroups: [[ZURICH, PARIS]] })).toEqual([100, 101, 102, 103]);
    expect(find({ itemGroups: [[ZURICH], [GOLD]] })).toEqual([100]);
    expect(find({ itemGroups: [[PARIS], [GOLD]] })).toEqual([102]);
    expect(find({ itemGroups: [[999]] })).toEqual([]);
  });

  it('ranks exact before prefix, then title over categories over summaries, editorial order within', () => {
    // Cloud: Beta's title, then Alpha and Delta's summaries (exact), then Gamma's
    // "Cloudy" category (only a prefix).
    expect(find({ terms: ['cloud'] })).toEqual([101, 100, 103, 102]);
    expect(find({ terms: ['data'] })).toEqual([100, 101, 103]);
  });

  it('takes only the last term as a prefix and requires every term', () => {
    expect(find({ terms: ['clo'] })).toEqual([101, 102, 100, 103]);
    // "clo" before the last term must be a whole word.
    expect(find({ terms: ['clo', 'data'] })).toEqual([]);
    // Alpha 3 + 1 and Beta 1 + 3 tie and keep their order; Delta 1 + 1; Gamma has no "data".
    expect(find({ terms: ['data', 'clo'] })).toEqual([100, 101, 103]);
    expect(find({ terms: ['nothing'] })).toEqual([]);
    expect(find({ terms: ['zz'] })).toEqual([]);
  });

  it('searches the texts of the asked locale', () => {
    expect(find({ locale: 'fr-FR', terms: ['donnees'] })).toEqual([201]);
    expect(find({ locale: 'en-US', terms: ['donnees'] })).toEqual([]);
    expect(find({ locale: 'de-DE', terms: [] })).toEqual([]);
  });

  it('combines items and terms', () => {
    expect(find({ itemGroups: [[GOLD]], terms: ['cloud'] })).toEqual([100, 102]);
  });
});
