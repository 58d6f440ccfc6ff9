/** A worker index lives as long as a search needs it, and no longer. */
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexFeed, IndexHandle } from '../IndexHandle';
import { buildInWorker } from '../IndexHandle';

const feed: IndexFeed = {
  size: 2,
  filters: Int32Array.from([1, 0, 1, 1]),
  items: new Int32Array(0),
  locales: ['en-US'],
  documents: () => [
    { ordinal: 0, documentId: 10, title: 'Cloud Works', categories: '', summary: 'Hosting' },
    { ordinal: 1, documentId: 11, title: 'Data Farm', categories: '', summary: 'Cloud data' },
  ],
};
const query = { locale: 'en-US', globalFilterId: 1, itemGroups: [], terms: ['cloud'] };
const answer = {
  query,
  text: 'cloud',
  total: 2,
  globalFilters: [{ id: 1, name: 'tech' }],
  filterGroups: [],
  partners: [],
};

let handle: IndexHandle | undefined;
afterEach(() => {
  handle?.close();
});

describe('an index in a worker thread', () => {
  it('answers every question of a search that holds it, although it was closed meanwhile', async () => {
    handle = await buildInWorker(feed);
    const release = handle.hold();
    const found = handle.find(query);
    // A successor is swapped in while the search waits for its first answer.
    handle.close();
    expect(Array.from(await found)).toEqual([0, 1]);
    const described = await handle.describe(answer);
    expect(described.globalFilterCounts).toEqual([{ name: 'tech', count: 2 }]);
    release();
    // Released and closed: the thread ends, and a late question gets an error, not silence.
    await expect(
      (async () => {
        for (;;) {
          await handle.find(query);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })(),
    ).rejects.toThrow(/worker exited/);
  });
});
