/**
 * Migration 4: the normalized tables of versions 1 to 3 become one definitions record
 * per site and one record per partner (see store/SiteRecords). Ids and positions are
 * kept, so every answer stays the same.
 */
import type { Database } from 'better-sqlite3';
import type { PartnerRecord, SiteDefinitions } from '../SiteRecords';
import { storedLocalesSchema } from '../SiteRecords';

interface TextRow {
  ownerId: number;
  locale: string;
  text: string;
}

function texts(rows: TextRow[]): Map<number, Record<string, string>> {
  const byOwner = new Map<number, Record<string, string>>();
  for (const row of rows) {
    const owned = byOwner.get(row.ownerId) ?? {};
    owned[row.locale] = row.text;
    byOwner.set(row.ownerId, owned);
  }
  return byOwner;
}

interface LegacySite {
  id: number;
  companyId: string;
  scopeGroupId: string;
  locales: string;
  defaultId: number | null;
}

export function convertToRecords(db: Database): void {
  createRecordTables(db);
  const sites = db
    .prepare<[], LegacySite>(
      `SELECT id, company_id AS companyId, scope_group_id AS scopeGroupId, locales,
              default_global_filter_id AS defaultId FROM legacy_site`,
    )
    .all();
  const insertSite = db.prepare(
    `INSERT INTO site (id, company_id, scope_group_id, definitions) VALUES (?, ?, ?, ?)`,
  );
  for (const site of sites) {
    const definitions = readDefinitions(db, site);
    insertSite.run(site.id, site.companyId, site.scopeGroupId, JSON.stringify(definitions));
    convertPartners(db, site.id, definitions);
  }
  dropLegacyTables(db);
}

function createRecordTables(db: Database): void {
  db.exec(`
    ALTER TABLE site RENAME TO legacy_site;
    ALTER TABLE partner RENAME TO legacy_partner;
    CREATE TABLE site (
      id INTEGER PRIMARY KEY,
      company_id TEXT NOT NULL,
      scope_group_id TEXT NOT NULL,
      -- JSON: filter groups, items, global filters, locales (store/SiteRecords)
      definitions TEXT NOT NULL,
      -- raised by every write of the site: servers compare it to catch up
      version INTEGER NOT NULL DEFAULT 0,
      UNIQUE (company_id, scope_group_id)
    );
    CREATE TABLE partner (
      id INTEGER PRIMARY KEY,
      site_id INTEGER NOT NULL REFERENCES site (id),
      slug TEXT NOT NULL,
      position INTEGER NOT NULL,
      -- JSON: one row of the import format (store/SiteRecords)
      record TEXT NOT NULL,
      UNIQUE (site_id, slug)
    );
    -- a site's partners in editorial order, read in pages by (position, id)
    CREATE INDEX partner_by_position ON partner (site_id, position, id);
  `);
}

/** Names, labels and item names of a site's legacy tables, by owner id. */
function readTexts(db: Database, siteId: number) {
  const read = (sql: string) => texts(db.prepare<[number], TextRow>(sql).all(siteId));
  return {
    groupNames: read(
      `SELECT n.group_id AS ownerId, n.locale, n.name AS text FROM filter_group_name n
       JOIN filter_group g ON g.id = n.group_id WHERE g.site_id = ?`,
    ),
    itemNames: read(
      `SELECT item_id AS ownerId, locale, name AS text FROM filter_item_name WHERE site_id = ?`,
    ),
    labels: read(
      `SELECT l.global_filter_id AS ownerId, l.locale, l.label AS text
       FROM global_filter_label l JOIN global_filter f ON f.id = l.global_filter_id
       WHERE f.site_id = ?`,
    ),
  };
}

function readDefinitions(db: Database, site: LegacySite): SiteDefinitions {
  const { groupNames, itemNames, labels } = readTexts(db, site.id);
  const groups = db
    .prepare<[number], { id: number; key: string; position: number; showAsCategory: number }>(
      `SELECT id, key, position, show_as_category AS showAsCategory FROM filter_group
       WHERE site_id = ?`,
    )
    .all(site.id);
  const items = db
    .prepare<[number], { id: number; groupId: number; position: number }>(
      `SELECT id, group_id AS groupId, position FROM filter_item WHERE site_id = ?`,
    )
    .all(site.id);
  const filters = db
    .prepare<[number], { id: number; name: string; position: number }>(
      `SELECT id, name, position FROM global_filter WHERE site_id = ?`,
    )
    .all(site.id);
  const links = db
    .prepare<[number], { filterId: number; groupId: number }>(
      `SELECT l.global_filter_id AS filterId, l.group_id AS groupId FROM global_filter_group l
       JOIN global_filter f ON f.id = l.global_filter_id WHERE f.site_id = ?
       ORDER BY l.global_filter_id, l.position`,
    )
    .all(site.id);
  return {
    locales: storedLocalesSchema.parse(JSON.parse(site.locales)),
    groups: groups.map((group) => ({
      id: group.id,
      key: group.key,
      position: group.position,
      showAsCategory: group.showAsCategory === 1,
      names: groupNames.get(group.id) ?? {},
    })),
    items: items.map((item) => ({ ...item, names: itemNames.get(item.id) ?? {} })),
    globalFilters: filters.map((filter) => ({
      ...filter,
      labels: labels.get(filter.id) ?? {},
      groupIds: links.filter((link) => link.filterId === filter.id).map((link) => link.groupId),
    })),
    defaultGlobalFilterId: site.defaultId,
    nextId: Math.max(0, ...groups.map((group) => group.id), ...filters.map((f) => f.id)) + 1,
  };
}

function convertPartners(db: Database, siteId: number, definitions: SiteDefinitions): void {
  const insertPartner = db.prepare(
    `INSERT INTO partner (id, site_id, slug, position, record) VALUES (?, ?, ?, ?, ?)`,
  );
  const filterNames = new Map(definitions.globalFilters.map((filter) => [filter.id, filter.name]));
  const partnerTexts = db.prepare<
    [number],
    { locale: string; title: string | null; summary: string | null }
  >(`SELECT locale, title, summary FROM partner_text WHERE partner_id = ?`);
  const memberships = db.prepare<[number], { filterId: number }>(
    `SELECT global_filter_id AS filterId FROM partner_global_filter WHERE partner_id = ?`,
  );
  const partnerItems = db.prepare<[number], { itemId: number }>(
    `SELECT item_id AS itemId FROM partner_item WHERE partner_id = ? ORDER BY item_id`,
  );
  const partners = db
    .prepare<
      [number],
      { id: number; slug: string; url: string; imageUrl: string; position: number }
    >(`SELECT id, slug, url, image_url AS imageUrl, position FROM legacy_partner WHERE site_id = ?`)
    .all(siteId);
  for (const partner of partners) {
    const record: PartnerRecord = {
      title: {},
      summary: {},
      url: partner.url,
      imageUrl: partner.imageUrl,
      globalFilters: memberships
        .all(partner.id)
        .flatMap((row) => filterNames.get(row.filterId) ?? []),
      filterItemIds: partnerItems.all(partner.id).map((row) => row.itemId),
    };
    for (const row of partnerTexts.all(partner.id)) {
      if (row.title !== null) record.title[row.locale] = row.title;
      if (row.summary !== null) record.summary[row.locale] = row.summary;
    }
    insertPartner.run(partner.id, siteId, partner.slug, partner.position, JSON.stringify(record));
  }
}

function dropLegacyTables(db: Database): void {
  db.exec(`
    DROP TABLE partner_doc;
    DROP TABLE partner_item;
    DROP TABLE partner_global_filter;
    DROP TABLE partner_text;
    DROP TABLE filter_item_name;
    DROP TABLE filter_item;
    DROP TABLE global_filter_group;
    DROP TABLE filter_group_name;
    DROP TABLE filter_group;
    DROP TABLE global_filter_label;
    DROP TABLE global_filter;
    DROP TABLE legacy_partner;
    DROP TABLE legacy_site;
  `);
}
