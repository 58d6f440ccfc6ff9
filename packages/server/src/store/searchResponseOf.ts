import type { SearchResponse } from '@partners-network/contract';
import type { StoreSearchResult } from './PartnerStore';

/** A search answer as the wire API sends it (SPEC 7, and the fields the server adds). */
export function searchResponseOf(result: StoreSearchResult): SearchResponse {
  return {
    partners: result.partners,
    totalFound: result.totalFound,
    error: false,
    filterGroups: result.filterGroups,
    globalFilterCounts: result.globalFilterCounts,
    zeroResultSteps: result.zeroResultSteps,
    answerId: result.answerId,
    searchPartnersCriteria: result.appliedCriteria,
  };
}
