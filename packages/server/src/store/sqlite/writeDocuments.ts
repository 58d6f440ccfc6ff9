/**
 * Search documents: one per partner and locale, texts resolved with the en-US
 * fallback, indexed in partner_fts with "tags" tokens for the global filter (per
 * locale) and the filter items. Document ids follow the editorial order of the site,
 * so ordering by id is ordering by (position, partner id) and ties in rank need no join.
 */
import type { Database } from 'better-sqlite3';
import type { ImportOptions } from '../PartnerStore';
import { pickText } from '../resolveLocale';

type OnProgress = ImportOptions['onProgress'];

const PROGRESS_EVERY = 1000;

function writeAll(
  partners: { id: number; keepIds: boolean }[],
  write: (partnerId: number, keepIds: boolean) => void,
  onProgress: OnProgress,
) {
  partners.forEach((partner, index) => {
    write(partner.id, partner.keepIds);
    const done = index + 1;
    if (done % PROGRESS_EVERY === 0 || done === partners.length) {
      onProgress?.(done, partners.length, 'index');
    }
  });
}

/** Most badges a card shows: a few meaningful categories, not every tag. */
export const MAX_BADGES = 4;
/** Joins badge names in partner_doc.badges; cannot occur in a name. */
export const BADGE_SEPARATOR = '\u001f';

/** Token of "in this global filter, in this locale": e.g. g12enus. */
export function filterTag(globalFilterId: number, locale: string): string {
  return `g${globalFilterId}${locale.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** Token of "has this filter item": item ids are per site, e.g. i1x40001. */
export function itemTag(siteId: number, itemId: number): string {
  return `i${siteId}x${itemId}`;
}

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
  const filterRows = db.prepare<[number], { filterId: number }>(
    `SELECT global_filter_id AS filterId FROM partner_global_filter WHERE partner_id = ?`,
  );
  const oldDocs = db.prepare<[number], { id: number; locale: string }>(
    `SELECT id, locale FROM partner_doc WHERE partner_id = ?`,
  );
  const deleteFts = db.prepare(
    `DELETE FROM partner_fts WHERE rowid IN (SELECT id FROM partner_doc WHERE partner_id = ?)`,
  );
  const deleteDocs = db.prepare(`DELETE FROM partner_doc WHERE partner_id = ?`);
  const insertDoc = db.prepare(
    `INSERT INTO partner_doc (id, partner_id, locale, title, summary, categories, badges, url, image_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFts = db.prepare(
    `INSERT INTO partner_fts (rowid, title, summary, categories, tags) VALUES (?, ?, ?, ?, ?)`,
  );

  /** Writes a partner's documents, keeping their ids when keepIds is set. */
  return (partnerId: number, keepIds: boolean) => {
    const partner = partnerRow.get(partnerId);
    const previous = new Map(oldDocs.all(partnerId).map((row) => [row.locale, row.id]));
    deleteFts.run(partnerId);
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
      .map((row) => ({ id: row.itemId, item: items.get(row.itemId) }))
      .filter((entry): entry is { id: number; item: ItemForDoc } => entry.item !== undefined)
      .sort(
        (a, b) => a.item.groupPosition - b.item.groupPosition || a.item.position - b.item.position,
      );
    const badgeItems = partnerItems
      .filter((entry) => entry.item.showAsCategory)
      .slice(0, MAX_BADGES);
    const filterIds = filterRows.all(partnerId).map((row) => row.filterId);
    const itemTags = partnerItems.map((entry) => itemTag(siteId, entry.id));

    for (const locale of locales) {
      const title = pickText(titles, locale);
      const summary = pickText(summaries, locale);
      const categories = partnerItems.map((entry) => pickText(entry.item.names, locale)).join(' ');
      const badges = badgeItems
        .map((entry) => pickText(entry.item.names, locale))
        .join(BADGE_SEPARATOR);
      const tags = [...filterIds.map((id) => filterTag(id, locale)), ...itemTags].join(' ');
      const docId = insertDoc.run(
        keepIds ? (previous.get(locale) ?? null) : null,
        partnerId,
        locale,
        title,
        summary,
        categories,
        badges,
        partner.url,
        partner.imageUrl,
      ).lastInsertRowid;
      insertFts.run(docId, title, summary, categories, tags);
    }
  };
}

/** Rewrites every document of a site with fresh ids in editorial order. */
export function renumberSite(
  db: Database,
  siteId: number,
  locales: string[],
  onProgress?: OnProgress,
): void {
  db.prepare(
    `DELETE FROM partner_fts WHERE rowid IN
       (SELECT d.id FROM partner_doc d JOIN partner p ON p.id = d.partner_id WHERE p.site_id = ?)`,
  ).run(siteId);
  db.prepare(
    `DELETE FROM partner_doc WHERE partner_id IN (SELECT id FROM partner WHERE site_id = ?)`,
  ).run(siteId);
  const write = createWriter(db, siteId, locales);
  const partners = db
    .prepare<[number], { id: number }>(
      `SELECT id FROM partner WHERE site_id = ? ORDER BY position, id`,
    )
    .all(siteId);
  writeAll(
    partners.map((partner) => ({ id: partner.id, keepIds: false })),
    write,
    onProgress,
  );
}

/**
 * Rewrites some partners' documents. Callers make sure the editorial order holds:
 * kept ids for partners whose position did not move, new ids (larger than all) for
 * partners placed after every other one, written in their order.
 */
export function rewritePartners(
  db: Database,
  siteId: number,
  locales: string[],
  partners: { id: number; keepIds: boolean }[],
  onProgress?: OnProgress,
): void {
  writeAll(partners, createWriter(db, siteId, locales), onProgress);
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
    db.transaction(() => renumberSite(db, site.id, locales))();
  }
}
