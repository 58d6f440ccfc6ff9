/**
 * What the start-up warm-up over HTTP (warmUpServer, http/warmUpOverLoopback) asks of a
 * service's sites, and how it leaves them as they were.
 */
import type { LocatedSearchCriteria, Scope } from '@partners-network/contract';
import type { AnswerCaches } from '../answer/AnswerCaches';
import { WARM_UP_ANSWERS_FROM, warmUpSearches } from '../answer/warmUpAnswers';
import type { CacheKind } from '../cache/KeptCache';
import type { SiteLifecycle } from './SiteLifecycle';

/** A search a server asks itself at start-up, on one of its sites. */
export interface WarmUpSearch {
  scope: Scope;
  criteria: LocatedSearchCriteria;
  locale: string;
}

/**
 * `count` searches of the largest site, made from its own data in the kinds visitors ask
 * (answer/warmUpAnswers); none when that site is under WARM_UP_ANSWERS_FROM partners, whose
 * fresh answers take well under a millisecond compiled or not.
 */
export function warmUpSearchesOf(sites: SiteLifecycle, count: number): WarmUpSearch[] {
  const largest = sites.largest();
  if (!largest || largest.answers.site.size < WARM_UP_ANSWERS_FROM) return [];
  const { scope } = largest;
  return warmUpSearches(largest.answers.site, count).map((search) => ({ scope, ...search }));
}

/**
 * Runs `warmUp` (answers asked before the server listens), then forgets what it left:
 * every site's caches emptied, and their lookups in `/metrics` as they were before it.
 */
export async function forgettingAnswers<T>(
  sites: SiteLifecycle,
  caches: AnswerCaches,
  warmUp: () => Promise<T>,
): Promise<T> {
  // The kinds of the service's caches, and of its sites' term sets (their index's own).
  const kinds = [
    ...new Set<CacheKind<object>>([
      ...Object.values(caches),
      ...sites
        .slots()
        .flatMap((slot) => slot.answers.site.index.termSetCaches.map((cache) => cache.kind)),
    ]),
  ];
  const lookups = kinds.map((kind) => [kind.hits, kind.misses] as const);
  try {
    return await warmUp();
  } finally {
    for (const slot of sites.slots()) slot.answers.forget();
    kinds.forEach((kind, at) => {
      const [hits, misses] = lookups[at] ?? [0, 0];
      kind.hits = hits;
      kind.misses = misses;
    });
  }
}
