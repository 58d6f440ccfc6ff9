import type { Database } from 'better-sqlite3';
import type { IndexedDocument, SiteIndex } from '../../search/SiteIndex';
import { SiteIndexBuilder } from '../../search/SiteIndex';
import type { SiteInfo } from './loadSiteInfo';

interface DocumentRow {
  documentId: number;
  partnerId: number;
  title: string;
  categories: string;
  summary: string;
}

/** Reads a site's partners from the tables into its in-memory search index. */
export function loadSiteIndex(db: Database, site: SiteInfo): SiteIndex {
  const partnerIds = db
    .prepare<[number], { id: number }>(
      `SELECT id FROM partner WHERE site_id = ? ORDER BY position, id`,
    )
    .all(site.id);
  const ordinals = new Map<number, number>();
  partnerIds.forEach((row, ordinal) => ordinals.set(row.id, ordinal));
  const builder = new SiteIndexBuilder(partnerIds.length);

  const memberships = db.prepare<[number], { globalFilterId: number; partnerId: number }>(
    `SELECT m.global_filter_id AS globalFilterId, m.partner_id AS partnerId
     FROM partner_global_filter m JOIN global_filter f ON f.id = m.global_filter_id
     WHERE f.site_id = ?`,
  );
  for (const row of memberships.iterate(site.id)) {
    const ordinal = ordinals.get(row.partnerId);
    if (ordinal !== undefined) builder.addToGlobalFilter(row.globalFilterId, ordinal);
  }
  const items = db.prepare<[number], { itemId: number; partnerId: number }>(
    `SELECT i.item_id AS itemId, i.partner_id AS partnerId
     FROM partner_item i JOIN partner p ON p.id = i.partner_id WHERE p.site_id = ?`,
  );
  for (const row of items.iterate(site.id)) {
    const ordinal = ordinals.get(row.partnerId);
    if (ordinal !== undefined) builder.addToItem(row.itemId, ordinal);
  }

  const documents = db.prepare<[string, number], DocumentRow>(
    `SELECT d.id AS documentId, d.partner_id AS partnerId, d.title, d.categories, d.summary
     FROM partner p JOIN partner_doc d ON d.partner_id = p.id AND d.locale = ?
     WHERE p.site_id = ?`,
  );
  // No ORDER BY: sorting 100k documents' texts would hold them all in SQLite's memory.
  function* withOrdinals(locale: string): Generator<IndexedDocument> {
    for (const row of documents.iterate(locale, site.id)) {
      const ordinal = ordinals.get(row.partnerId);
      if (ordinal !== undefined) yield { ordinal, ...row };
    }
  }
  for (const locale of site.locales) builder.addLocale(locale, withOrdinals(locale));
  return builder.build();
}
