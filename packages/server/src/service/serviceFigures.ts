/**
 * What `/metrics` shows of a server's sites and caches (SearchService.figures): each site's
 * index and version, and each kind of cache summed over every site that holds one.
 */
import type { AnswerCaches } from '../answer/AnswerCaches';
import type { CacheSize } from '../cache/KeptCache';
import type { OperationalFigures } from '../metrics/OperationalFigures';
import type { SiteSlot } from './SiteLifecycle';

export function serviceFigures(slots: SiteSlot[], caches: AnswerCaches): OperationalFigures {
  // A whole build's index (and its term sets) serves every change laid over it: once.
  const live = new Set<CacheSize>(slots.flatMap((slot) => slot.answers.caches()));
  return {
    sites: slots.map(({ scope, answers, changedAt }) => ({
      ...scope,
      indexedPartners: answers.site.size,
      changeVersion: answers.site.version,
      lastChangeSeenAt: changedAt,
    })),
    caches: Object.values(caches).map((kind) => {
      const ofKind = [...live].filter((cache) => cache.kind === kind);
      return {
        cache: kind.name,
        entries: ofKind.reduce((sum, cache) => sum + cache.entries, 0),
        maxEntries: kind.bounds.maxEntries,
        weight: ofKind.reduce((sum, cache) => sum + cache.weight, 0),
        ...(kind.bounds.maxWeight === undefined ? {} : { maxWeight: kind.bounds.maxWeight }),
        hits: kind.hits,
        misses: kind.misses,
      };
    }),
  };
}
