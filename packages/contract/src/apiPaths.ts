/** Paths of the calls of SPEC.md section 7 and of the contact call, relative to the portal origin. */

export const API_BASE_PATH = '/o/preferred-partners/v1';

export interface Scope {
  companyId: string;
  scopeGroupId: string;
}

function scopePath({ companyId, scopeGroupId }: Scope): string {
  return `${API_BASE_PATH}/${encodeURIComponent(companyId)}/${encodeURIComponent(scopeGroupId)}`;
}

export function filterGroupsPath(scope: Scope): string {
  return `${scopePath(scope)}/filter-groups`;
}

export function searchPath(scope: Scope): string {
  return `${scopePath(scope)}/search`;
}

/** The contact call of one partner (issue 26). */
export function contactPath(scope: Scope, slug: string): string {
  return `${scopePath(scope)}/partners/${encodeURIComponent(slug)}/contact`;
}

/** The contact form's setup: a proof-of-work challenge, the privacy notice, the rules. */
export function contactChallengePath(scope: Scope): string {
  return `${scopePath(scope)}/contact/challenge`;
}

/** Anti-forgery: the cookie the portal page sets and the header a POST echoes it in. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
