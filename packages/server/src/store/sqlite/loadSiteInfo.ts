import type { Database } from 'better-sqlite3';
import type { Scope } from '@partners-network/contract';
import { DEFAULT_LOCALE } from '../DirectoryData';

export interface ItemInfo {
  id: number;
  position: number;
  names: Map<string, string>;
}

export interface GroupInfo {
  id: number;
  key: string;
  position: number;
  showAsCategory: boolean;
  names: Map<string, string>;
  items: ItemInfo[];
}

export interface GlobalFilterInfo {
  id: number;
  name: string;
  partnerCount: number;
  labels: Map<string, string>;
  groups: GroupInfo[];
  /** Item id -> group id, for the groups this global filter shows. */
  itemGroup: Map<number, number>;
}

/** What a site's answers need besides partners; loaded once and kept until an import. */
export interface SiteInfo {
  id: number;
  locales: string[];
  globalFilters: GlobalFilterInfo[];
  defaultGlobalFilter: GlobalFilterInfo | undefined;
  byName: Map<string, GlobalFilterInfo>;
}

interface SiteRow {
  id: number;
  locales: string;
  defaultGlobalFilterId: number | null;
}

function parseLocales(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  const locales = Array.isArray(parsed)
    ? parsed.filter((value): value is string => typeof value === 'string')
    : [];
  return locales.includes(DEFAULT_LOCALE) ? locales : [DEFAULT_LOCALE, ...locales];
}

function textMap(rows: { ownerId: number; locale: string; text: string }[]) {
  const byOwner = new Map<number, Map<string, string>>();
  for (const row of rows) {
    let texts = byOwner.get(row.ownerId);
    if (!texts) {
      texts = new Map();
      byOwner.set(row.ownerId, texts);
    }
    texts.set(row.locale, row.text);
  }
  return byOwner;
}

export function loadSiteInfo(db: Database, scope: Scope): SiteInfo | undefined {
  const site = db
    .prepare<[string, string], SiteRow>(
      `SELECT id, locales, default_global_filter_id AS defaultGlobalFilterId
       FROM site WHERE company_id = ? AND scope_group_id = ?`,
    )
    .get(scope.companyId, scope.scopeGroupId);
  if (!site) return undefined;

  const groupNames = textMap(
    db
      .prepare<[number], { ownerId: number; locale: string; text: string }>(
        `SELECT n.group_id AS ownerId, n.locale, n.name AS text
         FROM filter_group_name n JOIN filter_group g ON g.id = n.group_id WHERE g.site_id = ?`,
      )
      .all(site.id),
  );
  const itemNames = textMap(
    db
      .prepare<[number], { ownerId: number; locale: string; text: string }>(
        `SELECT item_id AS ownerId, locale, name AS text FROM filter_item_name WHERE site_id = ?`,
      )
      .all(site.id),
  );
  const groups = new Map<number, GroupInfo>();
  const groupRows = db
    .prepare<[number], { id: number; key: string; position: number; showAsCategory: number }>(
      `SELECT id, key, position, show_as_category AS showAsCategory
       FROM filter_group WHERE site_id = ? ORDER BY position, id`,
    )
    .all(site.id);
  for (const row of groupRows) {
    groups.set(row.id, {
      ...row,
      showAsCategory: row.showAsCategory === 1,
      names: groupNames.get(row.id) ?? new Map(),
      items: [],
    });
  }
  const itemRows = db
    .prepare<[number], { id: number; groupId: number; position: number }>(
      `SELECT id, group_id AS groupId, position FROM filter_item
       WHERE site_id = ? ORDER BY position, id`,
    )
    .all(site.id);
  for (const row of itemRows) {
    groups.get(row.groupId)?.items.push({
      id: row.id,
      position: row.position,
      names: itemNames.get(row.id) ?? new Map(),
    });
  }

  const labels = textMap(
    db
      .prepare<[number], { ownerId: number; locale: string; text: string }>(
        `SELECT l.global_filter_id AS ownerId, l.locale, l.label AS text
         FROM global_filter_label l JOIN global_filter f ON f.id = l.global_filter_id
         WHERE f.site_id = ?`,
      )
      .all(site.id),
  );
  const links = db
    .prepare<[number], { globalFilterId: number; groupId: number }>(
      `SELECT l.global_filter_id AS globalFilterId, l.group_id AS groupId
       FROM global_filter_group l JOIN global_filter f ON f.id = l.global_filter_id
       WHERE f.site_id = ? ORDER BY l.global_filter_id, l.position`,
    )
    .all(site.id);
  const globalFilters = db
    .prepare<[number], { id: number; name: string; partnerCount: number }>(
      `SELECT id, name, partner_count AS partnerCount FROM global_filter
       WHERE site_id = ? ORDER BY position, id`,
    )
    .all(site.id)
    .map((row): GlobalFilterInfo => {
      const filterGroups = links
        .filter((link) => link.globalFilterId === row.id)
        .map((link) => groups.get(link.groupId))
        .filter((group): group is GroupInfo => group !== undefined);
      const itemGroup = new Map<number, number>();
      for (const group of filterGroups) {
        for (const item of group.items) itemGroup.set(item.id, group.id);
      }
      return { ...row, labels: labels.get(row.id) ?? new Map(), groups: filterGroups, itemGroup };
    });

  return {
    id: site.id,
    locales: parseLocales(site.locales),
    globalFilters,
    defaultGlobalFilter:
      globalFilters.find((filter) => filter.id === site.defaultGlobalFilterId) ?? globalFilters[0],
    byName: new Map(globalFilters.map((filter) => [filter.name, filter])),
  };
}
