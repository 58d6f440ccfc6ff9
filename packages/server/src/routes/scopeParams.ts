import type { Scope } from '@partners-network/contract';

/** Route parameters of both API calls. */
export interface ScopeParams {
  companyId: string;
  scopeGroupId: string;
}

export function toScope(params: ScopeParams): Scope {
  return { companyId: params.companyId, scopeGroupId: params.scopeGroupId };
}

export function unknownScopeTitle(scope: Scope): string {
  return `no partner directory for company ${scope.companyId} and site ${scope.scopeGroupId}`;
}
