import type { Database } from 'better-sqlite3';

/** A partner row as SQLite gives it: its record as JSON text. */
export interface PartnerRow {
  id: number;
  slug: string;
  position: number;
  record: string;
}

/** Every statement of the SQLite source, prepared once when it opens. */
export function prepareStatements(db: Database) {
  return {
    versions: db.prepare<[], { companyId: string; scopeGroupId: string; version: number }>(
      `SELECT company_id AS companyId, scope_group_id AS scopeGroupId, version FROM site`,
    ),
    siteRow: db.prepare<
      [string, string],
      { id: number; definitions: string; tuning: string; version: number }
    >(
      `SELECT id, definitions, tuning, version FROM site
       WHERE company_id = ? AND scope_group_id = ?`,
    ),
    partnerBySlug: db.prepare<[number, string], PartnerRow>(
      `SELECT id, slug, position, record FROM partner WHERE site_id = ? AND slug = ?`,
    ),
    partnerPositions: db.prepare<[number], { id: number; slug: string; position: number }>(
      `SELECT id, slug, position FROM partner WHERE site_id = ?`,
    ),
    partnerPosition: db.prepare<[number, string], { id: number; slug: string; position: number }>(
      `SELECT id, slug, position FROM partner WHERE site_id = ? AND slug = ?`,
    ),
    maxPosition: db.prepare<[number], { last: number | null }>(
      `SELECT max(position) AS last FROM partner WHERE site_id = ?`,
    ),
    insertSite: db.prepare(
      `INSERT INTO site (company_id, scope_group_id, definitions) VALUES (?, ?, ?)
     ON CONFLICT DO NOTHING`,
    ),
    updateSite: db.prepare<[string, number], { version: number }>(
      `UPDATE site SET definitions = ?, version = version + 1 WHERE id = ? RETURNING version`,
    ),
    updateTuning: db.prepare(`UPDATE site SET tuning = ? WHERE id = ?`),
    upsertPartner: db.prepare(
      `INSERT INTO partner (site_id, slug, position, record, version) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (site_id, slug) DO UPDATE
       SET position = excluded.position, record = excluded.record, version = excluded.version`,
    ),
    deleteSite: db.prepare(`DELETE FROM site WHERE id = ?`),
    deletePartner: db.prepare<[number, string], { id: number }>(
      `DELETE FROM partner WHERE site_id = ? AND slug = ? RETURNING id`,
    ),
    insertRemoved: db.prepare(
      `INSERT INTO partner_removed (site_id, partner_id, version) VALUES (?, ?, ?)`,
    ),
    pruneRemoved: db.prepare(`DELETE FROM partner_removed WHERE site_id = ? AND version <= ?`),
    raiseChangesFrom: db.prepare(
      `UPDATE site SET changes_from = max(changes_from, ?) WHERE id = ?`,
    ),
    changesFrom: db.prepare<[number], { changesFrom: number }>(
      `SELECT changes_from AS changesFrom FROM site WHERE id = ?`,
    ),
    changedCount: db.prepare<[number, number, number, number], { count: number }>(
      `SELECT (SELECT count(*) FROM partner WHERE site_id = ? AND version > ?)
          + (SELECT count(*) FROM partner_removed WHERE site_id = ? AND version > ?) AS count`,
    ),
    changedPartners: db.prepare<[number, number], PartnerRow>(
      `SELECT id, slug, position, record FROM partner WHERE site_id = ? AND version > ?
     ORDER BY position, id`,
    ),
    removedIds: db.prepare<[number, number], { id: number }>(
      `SELECT partner_id AS id FROM partner_removed WHERE site_id = ? AND version > ?`,
    ),
    hasSite: db.prepare<[], { found: number }>(`SELECT EXISTS (SELECT 1 FROM site) AS found`),
  };
}
