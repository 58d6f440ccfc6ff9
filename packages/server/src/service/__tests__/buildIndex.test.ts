/** An index built in a worker thread comes back whole: the same as one built here. */
import { describe, expect, it } from 'vitest';
import { describeAnswer } from '../../search/describeAnswer';
import type { IndexFeed } from '../buildIndex';
import { buildInline, buildInWorker } from '../buildIndex';

const feed: IndexFeed = {
  size: 3,
  filters: Int32Array.from([1, 0, 1, 1, 2, 2]),
  items: Int32Array.from([7, 1]),
  locales: ['en-US', 'fr-FR'],
  documents: (locale) => [
    { ordinal: 0, documentId: 1, title: 'Cloud Works', categories: 'Hosting', summary: 'Clouds' },
    { ordinal: 1, documentId: 2, title: 'Data Farm', categories: '', summary: `Cloud ${locale}` },
    { ordinal: 2, documentId: 3, title: 'Société Générale', categories: '', summary: '' },
  ],
};

describe('buildInWorker', () => {
  it('gives the index buildInline gives: same parts, same answers', async () => {
    const [here, there] = await Promise.all([buildInline(feed), buildInWorker(feed)]);
    expect(there.toParts()).toEqual(here.toParts());
    const query = { locale: 'fr-FR', globalFilterId: 1, itemGroups: [[7]], terms: ['clud'] };
    expect(Array.from(there.find(query))).toEqual([1]);
    expect(Array.from(there.find({ ...query, itemGroups: [] }))).toEqual([0, 1]);
    const answer = {
      query: { ...query, itemGroups: [] },
      text: 'clud',
      total: 2,
      globalFilters: [
        { id: 1, name: 'tech' },
        { id: 2, name: 'other' },
      ],
      filterGroups: [],
      partners: [],
    };
    expect(describeAnswer(there, answer)).toEqual(describeAnswer(here, answer));
    expect(describeAnswer(there, answer).globalFilterCounts).toEqual([
      { name: 'tech', count: 2 },
      { name: 'other', count: 0 },
    ]);
  });
});
