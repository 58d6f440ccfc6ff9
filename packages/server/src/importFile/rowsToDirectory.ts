import { logoUrl } from '../logos/renderLogo';
import type { DirectoryData, SiteData } from '../store/DirectoryData';
import type { ImportRow } from './importRowSchema';

/**
 * Gathers import rows into a directory, by the site each row names or else the given
 * one, and says which line (and, when given, which row of the file) each partner came
 * from (for messages about it).
 */
export function rowsToDirectory(
  rows: { line: number; row: ImportRow; index?: number }[],
  options: { companyId: string; scopeGroupId: string },
) {
  const sites = new Map<string, { site: SiteData; lines: number[]; indexes: number[] }>();
  for (const { line, row, index } of rows) {
    const companyId = row.companyId ?? options.companyId;
    const scopeGroupId = row.scopeGroupId ?? options.scopeGroupId;
    const key = `${companyId}\u0000${scopeGroupId}`;
    let entry = sites.get(key);
    if (!entry) {
      entry = {
        site: { companyId, scopeGroupId, globalFilters: [], filterGroups: [], partners: [] },
        lines: [],
        indexes: [],
      };
      sites.set(key, entry);
    }
    entry.site.partners.push({
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      url: row.url,
      imageUrl: row.imageUrl ?? logoUrl(row.slug),
      position: row.position,
      globalFilters: row.globalFilters,
      filterItemIds: row.filterItemIds,
      locations: row.locations,
      ...(row.contact ? { contact: row.contact } : {}),
    });
    entry.lines.push(line);
    entry.indexes.push(index ?? -1);
  }
  const entries = [...sites.values()];
  const data: DirectoryData = { sites: entries.map((entry) => entry.site) };
  /** Line of the row behind an issue path like ['sites', 0, 'partners', 3, ...]. */
  const lineOf = (path: (string | number)[]): number | undefined => {
    const [, siteIndex, , partnerIndex] = path;
    if (typeof siteIndex !== 'number' || typeof partnerIndex !== 'number') return undefined;
    return entries[siteIndex]?.lines[partnerIndex];
  };
  /** Index in the file of the row behind an issue path (when rows came with theirs). */
  const indexOf = (path: (string | number)[]): number | undefined => {
    const [, siteIndex, , partnerIndex] = path;
    if (typeof siteIndex !== 'number' || typeof partnerIndex !== 'number') return undefined;
    const index = entries[siteIndex]?.indexes[partnerIndex];
    return index === undefined || index < 0 ? undefined : index;
  };
  return { data, lineOf, indexOf };
}
