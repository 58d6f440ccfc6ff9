import type { Scope } from '@partners-network/contract';

/** Route parameters of both API calls. */
export interface ScopeParams {
  companyId: string;
  scopeGroupId: string;
}

export function toScope(params: ScopeParams): Scope {
  return { companyId: params.companyId, scopeGroupId: params.scopeGroupId };
}

/** Ids are echoed so a caller sees what was asked; an id of kilobytes is cut short. */
function shown(id: string): string {
  return id.length > 100 ? `${id.slice(0, 100)}…` : id;
}

export function unknownScopeTitle(scope: Scope): string {
  return `no partner directory for company ${shown(scope.companyId)} and site ${shown(scope.scopeGroupId)}`;
}
