/** An index built in a worker thread comes back whole: the same as one built here. */
import { describe, expect, it } from 'vitest';
import { countsFor } from '../../answer/__tests__/countsFor';
import type { IndexSink } from '../buildIndex';
import type { IndexPage } from '../indexMessages';
import { inlineSink, workerSink } from '../buildIndex';

const LOCALES = ['en-US', 'fr-FR'];
/** Memberships by page: (global filter id, ordinal) and (filter item id, ordinal), flat. */
const FILTERS = [
  [1, 0, 1, 1],
  [2, 2],
];
const ITEMS = [[7, 1], []];
const page = (at: number): IndexPage => ({
  batches: LOCALES.map((locale) => ({
    locale,
    documents: [
      { ordinal: 0, documentId: 1, title: 'Cloud Works', categories: 'Hosting', summary: 'Clouds' },
      { ordinal: 1, documentId: 2, title: 'Data Farm', categories: '', summary: `Cloud ${locale}` },
      { ordinal: 2, documentId: 3, title: 'Société Générale', categories: '', summary: '' },
    ].slice(at * 2, at * 2 + 2),
  })),
  filters: Int32Array.from(FILTERS[at] ?? []),
  items: Int32Array.from(ITEMS[at] ?? []),
});

/** Two pages of documents of every locale, each with its memberships. */
async function build(sink: IndexSink) {
  await sink.add(page(0));
  await sink.add(page(1));
  return sink.finish();
}

describe('workerSink', () => {
  it('gives the index inlineSink gives: same parts, same answers', async () => {
    const [here, there] = await Promise.all([
      build(inlineSink(3, LOCALES)),
      build(workerSink(3, LOCALES)),
    ]);
    expect(there.toParts()).toEqual(here.toParts());
    const query = { locale: 'fr-FR', globalFilterId: 1, itemGroups: [[7]], terms: ['clud'] };
    expect(Array.from(there.find(query))).toEqual([1]);
    expect(Array.from(there.find({ ...query, itemGroups: [] }))).toEqual([0, 1]);
    const answer = {
      globalFilterId: 1,
      globalFilters: [
        { id: 1, name: 'tech' },
        { id: 2, name: 'other' },
      ],
      groups: [],
      itemGroups: [],
      text: 'clud',
      total: 2,
    };
    expect(countsFor(there, { ...answer, locale: 'fr-FR' })).toEqual(
      countsFor(here, { ...answer, locale: 'fr-FR' }),
    );
    expect(countsFor(there, { ...answer, locale: 'fr-FR' }).globalFilterCounts).toEqual([
      { name: 'tech', count: 2 },
      { name: 'other', count: 0 },
    ]);
  });

  it('ends its thread when a build is given up midway', async () => {
    const sink = workerSink(3, LOCALES);
    await sink.add(page(0));
    sink.abort();
    await expect(sink.finish()).rejects.toThrow(/exited/);
  });
});
