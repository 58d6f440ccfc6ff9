/** Paths of the calls of SPEC.md section 7 (the places call's is in placesPaths.ts), relative to the portal origin. */

export const API_BASE_PATH = '/o/preferred-partners/v1';

export interface Scope {
  companyId: string;
  scopeGroupId: string;
}

export function scopePath({ companyId, scopeGroupId }: Scope): string {
  return `${API_BASE_PATH}/${encodeURIComponent(companyId)}/${encodeURIComponent(scopeGroupId)}`;
}

export function filterGroupsPath(scope: Scope): string {
  return `${scopePath(scope)}/filter-groups`;
}

export function searchPath(scope: Scope): string {
  return `${scopePath(scope)}/search`;
}

/** The beacon of a card opened (POST, no anti-forgery header: sendBeacon cannot set one). */
export function clicksPath(scope: Scope): string {
  return `${scopePath(scope)}/clicks`;
}

/** Anti-forgery: the cookie the portal page sets and the header a POST echoes it in. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
