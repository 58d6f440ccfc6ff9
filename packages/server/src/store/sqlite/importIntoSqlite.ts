import type { Database } from 'better-sqlite3';
import type { ImportIssue } from '../DirectoryImportError';
import { DirectoryImportError } from '../DirectoryImportError';
import type { ParsedDirectoryData, SiteData } from '../DirectoryData';
import { DEFAULT_LOCALE } from '../DirectoryData';
import type { ImportOptions, ImportSummary } from '../PartnerStore';
import { rewritePartners, rewriteSite } from './writeDocuments';

const PROGRESS_EVERY = 1000;

type Path = (string | number)[];

/**
 * Writes a parsed directory. Must run inside a transaction: it throws
 * DirectoryImportError after collecting every problem, and the caller rolls back.
 */
export function importIntoSqlite(
  db: Database,
  data: ParsedDirectoryData,
  options: ImportOptions = {},
): ImportSummary {
  const issues: ImportIssue[] = [];
  const summary: ImportSummary = { sites: 0, partnersCreated: 0, partnersUpdated: 0 };
  const totalPartners = data.sites.reduce((sum, site) => sum + site.partners.length, 0);
  let done = 0;
  const progress = () => {
    done += 1;
    if (done % PROGRESS_EVERY === 0 || done === totalPartners) {
      options.onProgress?.(done, totalPartners, 'partners');
    }
  };
  data.sites.forEach((site, siteIndex) => {
    importSite(db, site, ['sites', siteIndex], issues, summary, progress, options);
  });
  if (issues.length > 0) throw new DirectoryImportError(issues);
  return summary;
}

function findDuplicates<T>(values: T[]): Set<T> {
  const seen = new Set<T>();
  const duplicates = new Set<T>();
  for (const value of values) {
    if (seen.has(value)) duplicates.add(value);
    seen.add(value);
  }
  return duplicates;
}

function replaceTexts(
  db: Database,
  deleteSql: string,
  insertSql: string,
  owner: (number | string)[],
  texts: Record<string, string>,
) {
  db.prepare(deleteSql).run(...owner);
  const insert = db.prepare(insertSql);
  for (const [locale, text] of Object.entries(texts)) insert.run(...owner, locale, text);
}

function importSite(
  db: Database,
  site: SiteData,
  path: Path,
  issues: ImportIssue[],
  summary: ImportSummary,
  progress: () => void,
  options: ImportOptions,
) {
  summary.sites += 1;
  db.prepare(
    `INSERT INTO site (company_id, scope_group_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
  ).run(site.companyId, site.scopeGroupId);
  const siteRow = db
    .prepare<[string, string], { id: number; locales: string }>(
      `SELECT id, locales FROM site WHERE company_id = ? AND scope_group_id = ?`,
    )
    .get(site.companyId, site.scopeGroupId);
  if (!siteRow) throw new Error('site row missing right after its insert');
  const siteId = siteRow.id;
  const locales = new Set<string>([DEFAULT_LOCALE]);
  const previousLocales: unknown = JSON.parse(siteRow.locales);
  if (Array.isArray(previousLocales)) {
    for (const locale of previousLocales) if (typeof locale === 'string') locales.add(locale);
  }
  const localeCountBefore = locales.size;
  const noteLocales = (texts: Record<string, string>) => {
    for (const locale of Object.keys(texts)) locales.add(locale);
  };

  // Duplicates inside the file are mistakes, not upserts.
  for (const key of findDuplicates(site.filterGroups.map((group) => group.key))) {
    issues.push({
      path: [...path, 'filterGroups'],
      message: `filter group "${key}" is listed twice`,
    });
  }
  const itemIds = site.filterGroups.flatMap((group) => group.filterItems.map((item) => item.id));
  for (const id of findDuplicates(itemIds)) {
    issues.push({
      path: [...path, 'filterGroups'],
      message: `filter item id ${id} is listed twice`,
    });
  }
  for (const name of findDuplicates(site.globalFilters.map((filter) => filter.name))) {
    issues.push({
      path: [...path, 'globalFilters'],
      message: `global filter "${name}" is listed twice`,
    });
  }
  const duplicateSlugs = findDuplicates(site.partners.map((partner) => partner.slug));

  // Filter groups and their items, upserted by key and id.
  const upsertGroup = db.prepare(
    `INSERT INTO filter_group (site_id, key, position, show_as_category) VALUES (?, ?, ?, ?)
     ON CONFLICT (site_id, key) DO UPDATE SET position = excluded.position,
       show_as_category = excluded.show_as_category`,
  );
  const groupIdByKey = db.prepare<[number, string], { id: number }>(
    `SELECT id FROM filter_group WHERE site_id = ? AND key = ?`,
  );
  const upsertItem = db.prepare(
    `INSERT INTO filter_item (site_id, id, group_id, position) VALUES (?, ?, ?, ?)
     ON CONFLICT (site_id, id) DO UPDATE SET group_id = excluded.group_id,
       position = excluded.position`,
  );
  site.filterGroups.forEach((group, groupIndex) => {
    upsertGroup.run(siteId, group.key, groupIndex, group.showAsCategory ? 1 : 0);
    const groupId = groupIdByKey.get(siteId, group.key)?.id;
    if (groupId === undefined) return;
    noteLocales(group.name);
    replaceTexts(
      db,
      `DELETE FROM filter_group_name WHERE group_id = ?`,
      `INSERT INTO filter_group_name (group_id, locale, name) VALUES (?, ?, ?)`,
      [groupId],
      group.name,
    );
    group.filterItems.forEach((item, itemIndex) => {
      upsertItem.run(siteId, item.id, groupId, itemIndex);
      noteLocales(item.name);
      replaceTexts(
        db,
        `DELETE FROM filter_item_name WHERE site_id = ? AND item_id = ?`,
        `INSERT INTO filter_item_name (site_id, item_id, locale, name) VALUES (?, ?, ?, ?)`,
        [siteId, item.id],
        item.name,
      );
    });
  });

  // Global filters, upserted by name, each with its own list of groups.
  const upsertFilter = db.prepare(
    `INSERT INTO global_filter (site_id, name, position) VALUES (?, ?, ?)
     ON CONFLICT (site_id, name) DO UPDATE SET position = excluded.position`,
  );
  const filterIdByName = db.prepare<[number, string], { id: number }>(
    `SELECT id FROM global_filter WHERE site_id = ? AND name = ?`,
  );
  const insertFilterGroup = db.prepare(
    `INSERT INTO global_filter_group (global_filter_id, position, group_id) VALUES (?, ?, ?)`,
  );
  site.globalFilters.forEach((filter, filterIndex) => {
    upsertFilter.run(siteId, filter.name, filterIndex);
    const filterId = filterIdByName.get(siteId, filter.name)?.id;
    if (filterId === undefined) return;
    noteLocales(filter.label);
    replaceTexts(
      db,
      `DELETE FROM global_filter_label WHERE global_filter_id = ?`,
      `INSERT INTO global_filter_label (global_filter_id, locale, label) VALUES (?, ?, ?)`,
      [filterId],
      filter.label,
    );
    db.prepare(`DELETE FROM global_filter_group WHERE global_filter_id = ?`).run(filterId);
    filter.filterGroups.forEach((key, keyIndex) => {
      const groupId = groupIdByKey.get(siteId, key)?.id;
      if (groupId === undefined) {
        issues.push({
          path: [...path, 'globalFilters', filterIndex, 'filterGroups', keyIndex],
          message: `unknown filter group "${key}"`,
        });
        return;
      }
      insertFilterGroup.run(filterId, keyIndex, groupId);
    });
  });
  if (site.defaultGlobalFilter !== undefined) {
    const filterId = filterIdByName.get(siteId, site.defaultGlobalFilter)?.id;
    if (filterId === undefined) {
      issues.push({
        path: [...path, 'defaultGlobalFilter'],
        message: `unknown global filter "${site.defaultGlobalFilter}"`,
      });
    } else {
      db.prepare(`UPDATE site SET default_global_filter_id = ? WHERE id = ?`).run(filterId, siteId);
    }
  }

  // Partners, upserted by slug; a row is the whole truth about its partner.
  const itemExists = db.prepare<[number, number], { id: number }>(
    `SELECT id FROM filter_item WHERE site_id = ? AND id = ?`,
  );
  const existingPartner = db.prepare<[number, string], { id: number; position: number }>(
    `SELECT id, position FROM partner WHERE site_id = ? AND slug = ?`,
  );
  const insertPartner = db.prepare(
    `INSERT INTO partner (site_id, slug, url, image_url, position) VALUES (?, ?, ?, ?, ?)`,
  );
  const updatePartner = db.prepare(
    `UPDATE partner SET url = ?, image_url = ?, position = ? WHERE id = ?`,
  );
  const deleteTexts = db.prepare(`DELETE FROM partner_text WHERE partner_id = ?`);
  const insertText = db.prepare(
    `INSERT INTO partner_text (partner_id, locale, title, summary) VALUES (?, ?, ?, ?)`,
  );
  const deleteMemberships = db.prepare(`DELETE FROM partner_global_filter WHERE partner_id = ?`);
  const insertMembership = db.prepare(
    `INSERT INTO partner_global_filter (global_filter_id, position, partner_id) VALUES (?, ?, ?)`,
  );
  const deleteItems = db.prepare(`DELETE FROM partner_item WHERE partner_id = ?`);
  const insertItem = db.prepare(`INSERT INTO partner_item (partner_id, item_id) VALUES (?, ?)`);
  const lastPositionBefore =
    db
      .prepare<[number], { last: number | null }>(
        `SELECT max(position) AS last FROM partner WHERE site_id = ?`,
      )
      .get(siteId)?.last ?? -1;
  let nextPosition = lastPositionBefore + 1;
  const touched: number[] = [];

  site.partners.forEach((partner, partnerIndex) => {
    const partnerPath = [...path, 'partners', partnerIndex];
    const issueCount = issues.length;
    if (duplicateSlugs.has(partner.slug)) {
      issues.push({
        path: [...partnerPath, 'slug'],
        message: `slug "${partner.slug}" is listed twice`,
      });
    }
    const filterIds = [...new Set(partner.globalFilters)].map((name) => {
      const id = filterIdByName.get(siteId, name)?.id;
      if (id === undefined) {
        issues.push({
          path: [...partnerPath, 'globalFilters'],
          message: `unknown global filter "${name}"`,
        });
      }
      return id;
    });
    const partnerItems = [...new Set(partner.filterItemIds)];
    for (const itemId of partnerItems) {
      if (!itemExists.get(siteId, itemId)) {
        issues.push({
          path: [...partnerPath, 'filterItemIds'],
          message: `unknown filter item id ${itemId}`,
        });
      }
    }
    progress();
    if (issues.length > issueCount) return;

    const existing = existingPartner.get(siteId, partner.slug);
    const position = partner.position ?? existing?.position ?? nextPosition;
    nextPosition = Math.max(nextPosition, position + 1);
    let partnerId: number;
    if (existing) {
      partnerId = existing.id;
      updatePartner.run(partner.url, partner.imageUrl, position, partnerId);
      summary.partnersUpdated += 1;
    } else {
      partnerId = Number(
        insertPartner.run(siteId, partner.slug, partner.url, partner.imageUrl, position)
          .lastInsertRowid,
      );
      summary.partnersCreated += 1;
    }
    deleteTexts.run(partnerId);
    noteLocales(partner.title);
    noteLocales(partner.summary);
    for (const locale of new Set([
      ...Object.keys(partner.title),
      ...Object.keys(partner.summary),
    ])) {
      insertText.run(
        partnerId,
        locale,
        partner.title[locale] ?? null,
        partner.summary[locale] ?? null,
      );
    }
    deleteMemberships.run(partnerId);
    for (const filterId of filterIds) insertMembership.run(filterId, position, partnerId);
    deleteItems.run(partnerId);
    for (const itemId of partnerItems) insertItem.run(partnerId, itemId);
    touched.push(partnerId);
  });
  if (issues.length > 0) return;

  // Documents hold names of items, so renamed items or a new locale rewrite the site;
  // otherwise only the touched partners are rewritten.
  const localeList = [...locales].sort();
  db.prepare(`UPDATE site SET locales = ? WHERE id = ?`).run(JSON.stringify(localeList), siteId);
  if (site.filterGroups.length > 0 || locales.size > localeCountBefore) {
    rewriteSite(db, siteId, localeList, options.onProgress);
  } else {
    rewritePartners(db, siteId, localeList, touched, options.onProgress);
  }

  db.prepare(
    `UPDATE global_filter SET partner_count =
       (SELECT count(*) FROM partner_global_filter m WHERE m.global_filter_id = global_filter.id)
     WHERE site_id = ?`,
  ).run(siteId);
  db.prepare(
    `UPDATE site SET default_global_filter_id =
       (SELECT id FROM global_filter WHERE site_id = site.id ORDER BY position, id LIMIT 1)
     WHERE id = ? AND default_global_filter_id IS NULL`,
  ).run(siteId);
}
