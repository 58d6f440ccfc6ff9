/** Paths of the admin API (bearer tokens; only on a server with ADMIN_TOKEN). */
import type { Scope } from './apiPaths';
import { API_BASE_PATH, scopePath as sitePath } from './apiPaths';

/** GET: every site of the server. */
export const ADMIN_SITES_PATH = `${API_BASE_PATH}/sites`;

/** Where the operator's console is served, on the API server and the demo. */
export const ADMIN_CONSOLE_PATH = '/admin/';

/** GET: the site's locales, global filters, filter groups and items. */
export function siteDefinitionsPath(scope: Scope): string {
  return `${sitePath(scope)}/definitions`;
}

/** GET: a page of the site's partners (search, sort). */
export function partnersPath(scope: Scope): string {
  return `${sitePath(scope)}/partners`;
}

/** GET, PUT, DELETE: one partner. */
export function partnerPath(scope: Scope, slug: string): string {
  return `${partnersPath(scope)}/${encodeURIComponent(slug)}`;
}

/** POST: an import file (JSON or CSV), `?mode=replace`, `?dryRun=true`. */
export function importPath(scope: Scope): string {
  return `${partnersPath(scope)}/import`;
}

/** GET: every partner of the site as an import file, `?format=csv|json`. */
export function exportPath(scope: Scope): string {
  return `${sitePath(scope)}/export`;
}

/** GET, PUT: the site's tuning (synonym sets, pinned and hidden partners per query). */
export function tuningPath(scope: Scope): string {
  return `${sitePath(scope)}/tuning`;
}

/** POST: a search answered with a tuning not saved yet (`?locale=`). */
export function tuningPreviewPath(scope: Scope): string {
  return `${tuningPath(scope)}/preview`;
}

/** GET: what visitors looked for and opened, `?from=YYYY-MM-DD&to=YYYY-MM-DD[&locale=]`. */
export function insightsPath(scope: Scope): string {
  return `${sitePath(scope)}/insights`;
}
