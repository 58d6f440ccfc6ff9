/**
 * What a site's build and its index worker thread say to each other (site/buildIndex.ts
 * sends, site/indexWorker.ts answers), and what both do with memberships.
 */
import type { IndexedDocument, SiteIndexBuilder, SiteIndexParts } from '../search/SiteIndex';

/** One locale's documents of a page of partners. */
export interface LocaleDocuments {
  locale: string;
  documents: IndexedDocument[];
}

/**
 * A page of partners as the index takes it: every locale's documents, and the page's
 * memberships, (global filter id, ordinal) and (filter item id, ordinal) pairs, flat.
 * Memberships go with their page so that no thread holds the whole site's pairs (they
 * were 25 MB of the main thread's heap at 100k partners until the build's end).
 */
export interface IndexPage {
  batches: LocaleDocuments[];
  filters: Int32Array;
  items: Int32Array;
}

export type IndexWorkerMessage =
  | { type: 'start'; size: number; locales: string[] }
  | ({ type: 'page' } & IndexPage)
  | { type: 'finish' };

export type IndexWorkerReply =
  /** A batch of documents is indexed: the sender may send the next one. */
  { type: 'indexed' } | { type: 'built'; parts: SiteIndexParts };

/** Adds a page's memberships to a build. */
export function addMemberships(builder: SiteIndexBuilder, { filters, items }: IndexPage): void {
  for (let at = 0; at + 1 < filters.length; at += 2) {
    builder.addToGlobalFilter(filters[at] ?? 0, filters[at + 1] ?? 0);
  }
  for (let at = 0; at + 1 < items.length; at += 2) {
    builder.addToItem(items[at] ?? 0, items[at + 1] ?? 0);
  }
}
