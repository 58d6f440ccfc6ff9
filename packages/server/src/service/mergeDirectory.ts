/**
 * The import rules, in one place for every database: upserts by key (groups), id
 * (items), name (global filters) and slug (partners); every problem collected with its
 * path; in replace mode a site's partners missing from the file are removed. Pure: it
 * turns the sites' current states into the changes a source writes in one transaction.
 */
import type { ImportIssue } from '../store/DirectoryImportError';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { ParsedDirectoryData, SiteData } from '../store/DirectoryData';
import type { ImportOptions, ImportSummary } from '../store/PartnerStore';
import type { SiteChange, SiteWriteState } from '../store/PartnerSource';
import type { PartnerRecord, SiteDefinitions } from '../store/SiteRecords';
import { scopeKey } from '../store/scopeKey';
import type { Gazetteer } from '../geo/Gazetteer';
import { gazetteer as sharedGazetteer } from '../geo/loadGazetteer';
import { locateLocations } from '../geo/locateLocations';

const PROGRESS_EVERY = 1000;

type Path = (string | number)[];

export interface MergeOptions extends ImportOptions {
  /** Where cities without coordinates are found; default: the process's GeoNames gazetteer. */
  gazetteer?: () => Gazetteer;
}

interface Working {
  state: SiteWriteState;
  definitions: SiteDefinitions;
  positions: Map<string, number>;
  upserts: Map<string, { slug: string; position: number; record: PartnerRecord }>;
  deletes: Set<string>;
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

function cloneDefinitions(definitions: SiteDefinitions): SiteDefinitions {
  return structuredClone(definitions);
}

export function mergeDirectory(
  data: ParsedDirectoryData,
  states: SiteWriteState[],
  options: MergeOptions = {},
): { changes: SiteChange[]; result: ImportSummary } {
  const issues: ImportIssue[] = [];
  const summary: ImportSummary = { sites: 0, partnersCreated: 0, partnersUpdated: 0 };
  if (options.replace) summary.partnersDeleted = 0;
  const working = new Map<string, Working>();
  for (const state of states) {
    working.set(scopeKey(state.scope), {
      state,
      definitions: cloneDefinitions(state.definitions),
      positions: new Map([...state.partners].map(([slug, partner]) => [slug, partner.position])),
      upserts: new Map(),
      deletes: new Set(),
    });
  }
  const totalPartners = data.sites.reduce((sum, site) => sum + site.partners.length, 0);
  let done = 0;
  const progress = () => {
    done += 1;
    if (done % PROGRESS_EVERY === 0 || done === totalPartners) {
      options.onProgress?.(done, totalPartners, 'partners');
    }
  };
  data.sites.forEach((site, siteIndex) => {
    const target = working.get(scopeKey(site));
    if (!target) throw new Error(`no state read for site ${site.companyId}/${site.scopeGroupId}`);
    mergeSite(target, site, ['sites', siteIndex], issues, summary, progress, options);
  });
  if (issues.length > 0) throw new DirectoryImportError(issues);
  const changes = [...working.values()].map((site): SiteChange => ({
    scope: site.state.scope,
    definitions: site.definitions,
    upserts: [...site.upserts.values()],
    deletes: [...site.deletes],
  }));
  return { changes, result: summary };
}

function mergeSite(
  site: Working,
  data: SiteData,
  path: Path,
  issues: ImportIssue[],
  summary: ImportSummary,
  progress: () => void,
  options: MergeOptions,
) {
  summary.sites += 1;
  const definitions = site.definitions;
  const locales = new Set<string>(definitions.locales);
  const noteLocales = (texts: Record<string, string>) => {
    for (const locale of Object.keys(texts)) locales.add(locale);
  };

  // Duplicates inside the file are mistakes, not upserts.
  for (const key of findDuplicates(data.filterGroups.map((group) => group.key))) {
    issues.push({
      path: [...path, 'filterGroups'],
      message: `filter group "${key}" is listed twice`,
    });
  }
  const fileItemIds = data.filterGroups.flatMap((group) =>
    group.filterItems.map((item) => item.id),
  );
  for (const id of findDuplicates(fileItemIds)) {
    issues.push({
      path: [...path, 'filterGroups'],
      message: `filter item id ${id} is listed twice`,
    });
  }
  for (const name of findDuplicates(data.globalFilters.map((filter) => filter.name))) {
    issues.push({
      path: [...path, 'globalFilters'],
      message: `global filter "${name}" is listed twice`,
    });
  }
  const duplicateSlugs = findDuplicates(data.partners.map((partner) => partner.slug));

  // Filter groups and their items, upserted by key and id; names replaced whole.
  data.filterGroups.forEach((group, groupIndex) => {
    let stored = definitions.groups.find((candidate) => candidate.key === group.key);
    if (!stored) {
      stored = {
        id: definitions.nextId,
        key: group.key,
        position: 0,
        showAsCategory: false,
        names: {},
      };
      definitions.nextId += 1;
      definitions.groups.push(stored);
    }
    stored.position = groupIndex;
    stored.showAsCategory = group.showAsCategory;
    stored.names = { ...group.name };
    noteLocales(group.name);
    const groupId = stored.id;
    group.filterItems.forEach((item, itemIndex) => {
      const existing = definitions.items.find((candidate) => candidate.id === item.id);
      if (existing) {
        existing.groupId = groupId;
        existing.position = itemIndex;
        existing.names = { ...item.name };
      } else {
        definitions.items.push({
          id: item.id,
          groupId,
          position: itemIndex,
          names: { ...item.name },
        });
      }
      noteLocales(item.name);
    });
  });

  // Global filters, upserted by name, each with its own list of groups.
  data.globalFilters.forEach((filter, filterIndex) => {
    let stored = definitions.globalFilters.find((candidate) => candidate.name === filter.name);
    if (!stored) {
      stored = { id: definitions.nextId, name: filter.name, position: 0, labels: {}, groupIds: [] };
      definitions.nextId += 1;
      definitions.globalFilters.push(stored);
    }
    stored.position = filterIndex;
    stored.labels = { ...filter.label };
    noteLocales(filter.label);
    const groupIds: number[] = [];
    filter.filterGroups.forEach((key, keyIndex) => {
      const group = definitions.groups.find((candidate) => candidate.key === key);
      if (!group) {
        issues.push({
          path: [...path, 'globalFilters', filterIndex, 'filterGroups', keyIndex],
          message: `unknown filter group "${key}"`,
        });
        return;
      }
      groupIds.push(group.id);
    });
    stored.groupIds = groupIds;
  });
  const filterByName = new Map(definitions.globalFilters.map((filter) => [filter.name, filter]));
  if (data.defaultGlobalFilter !== undefined) {
    const filter = filterByName.get(data.defaultGlobalFilter);
    if (!filter) {
      issues.push({
        path: [...path, 'defaultGlobalFilter'],
        message: `unknown global filter "${data.defaultGlobalFilter}"`,
      });
    } else {
      definitions.defaultGlobalFilterId = filter.id;
    }
  }

  // Partners, upserted by slug; a row is the whole truth about its partner.
  const itemIds = new Set(definitions.items.map((item) => item.id));
  let nextPosition = site.state.maxPosition + 1;
  const named = new Set<string>();
  data.partners.forEach((partner, partnerIndex) => {
    const partnerPath = [...path, 'partners', partnerIndex];
    const issueCount = issues.length;
    named.add(partner.slug);
    if (duplicateSlugs.has(partner.slug)) {
      issues.push({
        path: [...partnerPath, 'slug'],
        message: `slug "${partner.slug}" is listed twice`,
      });
    }
    const filterNames = [...new Set(partner.globalFilters)];
    for (const name of filterNames) {
      if (!filterByName.has(name)) {
        issues.push({
          path: [...partnerPath, 'globalFilters'],
          message: `unknown global filter "${name}"`,
        });
      }
    }
    const partnerItems = [...new Set(partner.filterItemIds)];
    for (const itemId of partnerItems) {
      if (!itemIds.has(itemId)) {
        issues.push({
          path: [...partnerPath, 'filterItemIds'],
          message: `unknown filter item id ${itemId}`,
        });
      }
    }
    const located = locateLocations(
      partner.slug,
      partner.locations,
      [...partnerPath, 'locations'],
      issues,
      options.gazetteer ?? sharedGazetteer,
    );
    if (located.located > 0) {
      summary.locationsLocated = (summary.locationsLocated ?? 0) + located.located;
    }
    if (located.ambiguous.length > 0) {
      summary.ambiguousCities = [...(summary.ambiguousCities ?? []), ...located.ambiguous];
    }
    progress();
    if (issues.length > issueCount) return;

    const existing = site.positions.get(partner.slug);
    const position = partner.position ?? existing ?? nextPosition;
    nextPosition = Math.max(nextPosition, position + 1);
    if (existing === undefined) summary.partnersCreated += 1;
    else summary.partnersUpdated += 1;
    site.positions.set(partner.slug, position);
    site.deletes.delete(partner.slug);
    noteLocales(partner.title);
    noteLocales(partner.summary);
    site.upserts.set(partner.slug, {
      slug: partner.slug,
      position,
      record: {
        title: { ...partner.title },
        summary: { ...partner.summary },
        url: partner.url,
        imageUrl: partner.imageUrl,
        globalFilters: filterNames,
        filterItemIds: partnerItems,
        // Written only when there are some: other records stay as they were.
        ...(located.locations && located.locations.length > 0
          ? { locations: located.locations }
          : {}),
        ...(partner.contact ? { contact: { ...partner.contact } } : {}),
      },
    });
  });
  if (issues.length > 0) return;

  if (options.replace) {
    for (const slug of [...site.positions.keys()]) {
      if (named.has(slug)) continue;
      site.positions.delete(slug);
      site.upserts.delete(slug);
      if (site.state.partners.has(slug)) site.deletes.add(slug);
      summary.partnersDeleted = (summary.partnersDeleted ?? 0) + 1;
    }
  }
  definitions.locales = [...locales].sort();
  if (definitions.defaultGlobalFilterId === null) {
    const first = [...definitions.globalFilters].sort(
      (a, b) => a.position - b.position || a.id - b.id,
    )[0];
    definitions.defaultGlobalFilterId = first?.id ?? null;
  }
}
