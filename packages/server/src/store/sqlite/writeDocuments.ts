/**
 * Card documents: one per partner and locale, texts resolved with the en-US fallback
 * and badge names joined, so an answer reads one row per card and the search index
 * (search/SiteIndex) reads exactly what cards show.
 */
import type { Database } from 'better-sqlite3';
import type { ImportOptions } from '../PartnerStore';
import { pickText } from '../resolveLocale';

type OnProgress = ImportOptions['onProgress'];

const PROGRESS_EVERY = 1000;

function writeAll(
  partnerIds: number[],
  write: (partnerId: number) => void,
  onProgress: OnProgress,
) {
  partnerIds.forEach((partnerId, index) => {
    write(partnerId);
    const done = index + 1;
    if (done % PROGRESS_EVERY === 0 || done === partnerIds.length) {
      onProgress?.(done, partnerIds.length, 'index');
    }
  });
}

/** Most badges a card shows: a few meaningful categories, not every tag. */
export const MAX_BADGES = 4;
/** Joins badge names in partner_doc.badges; cannot occur in a name. */
export const BADGE_SEPARATOR = '\u001f';

interface ItemForDoc {
  groupPosition: number;
  position: number;
  showAsCategory: boolean;
  names: Map<string, string>;
}

function loadItems(db: Database, siteId: number): Map<number, ItemForDoc> {
  const items = new Map<number, ItemForDoc>();
  const rows = db
    .prepare<
      [number],
      { id: number; position: number; groupPosition: number; showAsCategory: number }
    >(
      `SELECT i.id, i.position, g.position AS groupPosition, g.show_as_category AS showAsCategory
       FROM filter_item i JOIN filter_group g ON g.id = i.group_id WHERE i.site_id = ?`,
    )
    .all(siteId);
  for (const row of rows) {
    items.set(row.id, { ...row, showAsCategory: row.showAsCategory === 1, names: new Map() });
  }
  const names = db
    .prepare<[number], { itemId: number; locale: string; name: string }>(
      `SELECT item_id AS itemId, locale, name FROM filter_item_name WHERE site_id = ?`,
    )
    .all(siteId);
  for (const row of names) items.get(row.itemId)?.names.set(row.locale, row.name);
  return items;
}

function createWriter(db: Database, siteId: number, locales: string[]) {
  const items = loadItems(db, siteId);
  const partnerRow = db.prepare<[number], { url: string; imageUrl: string }>(
    `SELECT url, image_url AS imageUrl FROM partner WHERE id = ?`,
  );
  const textRows = db.prepare<
    [number],
    { locale: string; title: string | null; summary: string | null }
  >(`SELECT locale, title, summary FROM partner_text WHERE partner_id = ?`);
  const itemRows = db.prepare<[number], { itemId: number }>(
    `SELECT item_id AS itemId FROM partner_item WHERE partner_id = ?`,
  );
  const deleteDocs = db.prepare(`DELETE FROM partner_doc WHERE partner_id = ?`);
  const insertDoc = db.prepare(
    `INSERT INTO partner_doc (partner_id, locale, title, summary, categories, badges, url, image_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  /** Writes a partner's documents anew. */
  return (partnerId: number) => {
    const partner = partnerRow.get(partnerId);
    deleteDocs.run(partnerId);
    if (!partner) return;
    const titles = new Map<string, string>();
    const summaries = new Map<string, string>();
    for (const row of textRows.all(partnerId)) {
      if (row.title !== null && row.title !== '') titles.set(row.locale, row.title);
      if (row.summary !== null && row.summary !== '') summaries.set(row.locale, row.summary);
    }
    const partnerItems = itemRows
      .all(partnerId)
      .map((row) => items.get(row.itemId))
      .filter((item): item is ItemForDoc => item !== undefined)
      .sort((a, b) => a.groupPosition - b.groupPosition || a.position - b.position);
    const badgeItems = partnerItems.filter((item) => item.showAsCategory).slice(0, MAX_BADGES);

    for (const locale of locales) {
      insertDoc.run(
        partnerId,
        locale,
        pickText(titles, locale),
        pickText(summaries, locale),
        partnerItems.map((item) => pickText(item.names, locale)).join(' '),
        badgeItems.map((item) => pickText(item.names, locale)).join(BADGE_SEPARATOR),
        partner.url,
        partner.imageUrl,
      );
    }
  };
}

/** Rewrites every document of a site. */
export function rewriteSite(
  db: Database,
  siteId: number,
  locales: string[],
  onProgress?: OnProgress,
): void {
  db.prepare(
    `DELETE FROM partner_doc WHERE partner_id IN (SELECT id FROM partner WHERE site_id = ?)`,
  ).run(siteId);
  const partnerIds = db
    .prepare<[number], { id: number }>(`SELECT id FROM partner WHERE site_id = ?`)
    .all(siteId)
    .map((row) => row.id);
  writeAll(partnerIds, createWriter(db, siteId, locales), onProgress);
}

/** Rewrites some partners' documents. */
export function rewritePartners(
  db: Database,
  siteId: number,
  locales: string[],
  partnerIds: number[],
  onProgress?: OnProgress,
): void {
  writeAll(partnerIds, createWriter(db, siteId, locales), onProgress);
}

/** Sites with partners but no documents (e.g. after a schema migration) get them. */
export function writeMissingDocuments(db: Database): void {
  const sites = db
    .prepare<[], { id: number; locales: string }>(
      `SELECT s.id, s.locales FROM site s
       WHERE EXISTS (SELECT 1 FROM partner p WHERE p.site_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM partner p JOIN partner_doc d ON d.partner_id = p.id
                         WHERE p.site_id = s.id)`,
    )
    .all();
  for (const site of sites) {
    const parsed: unknown = JSON.parse(site.locales);
    const locales = Array.isArray(parsed)
      ? parsed.filter((value): value is string => typeof value === 'string')
      : ['en-US'];
    db.transaction(() => rewriteSite(db, site.id, locales))();
  }
}
