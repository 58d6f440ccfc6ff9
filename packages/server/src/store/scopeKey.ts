import type { Scope } from '@partners-network/contract';

/** One string per site, for maps keyed by site. */
export function scopeKey(scope: Scope): string {
  return `${scope.companyId}\u0000${scope.scopeGroupId}`;
}
